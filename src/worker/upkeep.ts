// The channels' upkeep beside the deliveries (Channel.maintain: Expo's
// receipts, channels/mobile/expo.ts): at most once a minute of the clock,
// one at a time, never awaited by a delivery; failures go to the sink.
import type { ChannelRegistry } from '../channels/registry.ts';
import type { Clock } from '../clock.ts';
import type { ErrorSink } from '../errors.ts';

export class Upkeep {
  private running: Promise<void> | null = null;
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly opts: { clock: Clock; channels: ChannelRegistry; everyMs: number; report: ErrorSink }) {}

  /** Starts a round when the last one began `everyMs` ago or more; resolves when the round running now (if any) has finished. */
  run(): Promise<void> {
    const now = this.opts.clock.now().epochMilliseconds;
    if (!this.running && now - this.lastAt >= this.opts.everyMs) {
      this.lastAt = now;
      this.running = this.opts.channels
        .maintain((err, type) => this.opts.report(err, `${type} channel upkeep`))
        .finally(() => {
          this.running = null;
        });
    }
    return this.current();
  }

  /** The round running now, if any. */
  current(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}
