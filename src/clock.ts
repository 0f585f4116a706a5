// The one source of "now". Domain code never reads the process clock: every
// loop and query gets its instant from an injected Clock, so tests can move
// time across minutes, days, DST changes and zones.
import { type Instant, Temporal } from './domain/time.ts';

export interface Clock {
  now(): Instant;
}

export const systemClock: Clock = {
  now: () => Temporal.Instant.fromEpochMilliseconds(Date.now()),
};

/** A clock that only moves when told to. */
export class FakeClock implements Clock {
  private current: Instant;

  constructor(start: Instant | string) {
    this.current = typeof start === 'string' ? Temporal.Instant.from(start) : start;
  }

  now(): Instant {
    return this.current;
  }

  set(to: Instant | string): void {
    this.current = typeof to === 'string' ? Temporal.Instant.from(to) : to;
  }

  advance(duration: Temporal.DurationLike): Instant {
    this.current = this.current.add(duration);
    return this.current;
  }
}
