// Work a process starts and does not wait for — a reply to Telegram after
// the HTTP answer, a message edited after Done, a chunk of pushes on its way
// — tracked, so a stop can wait for all of it (idle()). Failures go to the
// process's error sink with what was being done; nothing here ever throws.
import type { ErrorSink } from './errors.ts';

export class Background {
  private readonly running = new Set<Promise<unknown>>();

  /** `where` names the part in the sink ("telegram background work"). */
  constructor(
    private readonly onError: ErrorSink,
    private readonly where: string,
  ) {}

  /** Runs `work` after the current turn; a failure is reported with `what`. */
  run(what: string, work: () => Promise<unknown>): void {
    this.track(Promise.resolve().then(work), what);
  }

  /** Tracks work already started (a chunk of pushes that resolves its own deliveries); a failure is reported. */
  track(work: Promise<unknown>, what?: string): void {
    const p: Promise<unknown> = work
      .catch((err: unknown) => this.onError(err, this.where, what === undefined ? undefined : { what }))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Work in flight right now. */
  get size(): number {
    return this.running.size;
  }

  /** Resolves when the work started so far (and any it started) has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
