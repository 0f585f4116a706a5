// "Collect while one run is in flight": the first item starts a run; items
// that arrive while it runs wait and go together in the next. So under a
// stream of work the cost is one run per round, not one per item, a busy
// database cannot build a backlog of them, and runs never overlap (a slow
// older run can never overwrite what a newer one wrote). Used for the live
// badges and notice frames (one query per round) and the worker's results
// (one UPDATE, one commit, per round).
export class Coalescer<T> {
  private waiting: Array<{ item: T; resolve: () => void; reject: (err: unknown) => void }> = [];
  private running: Promise<void> | null = null;

  /** `run` gets every item collected since the last run began, in order. */
  constructor(private readonly run: (items: T[]) => Promise<void>) {}

  /**
   * Adds an item. The promise settles when the run that took it has
   * finished: resolved, or rejected with that run's error.
   */
  add(item: T): Promise<void> {
    const done = new Promise<void>((resolve, reject) => this.waiting.push({ item, resolve, reject }));
    this.running ??= this.drain();
    return done;
  }

  /** Resolves when every item added so far has been run. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        await this.run(batch.map((b) => b.item));
        for (const b of batch) b.resolve();
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    this.running = null;
  }
}
