// The scheduler's loops: a job run again and again on the injected clock's
// schedule. Runs never overlap; a run that throws is reported and the loop
// goes on — sooner than its schedule when it has a retry delay (a minute tick
// that met a database restart is tried again within seconds, issue 16).
import type { Clock } from '../clock.ts';

export interface Loop {
  stop(): Promise<void>;
}

export interface RepeatOptions {
  /** Run at once (default) or after the first delay. */
  now?: boolean;
  /** After the n-th failure in a row, run again after this many ms (when sooner than the schedule). */
  retryMs?: (failures: number) => number;
}

/** What the loop tells a run of its job. */
export interface Run {
  /** A retry of the run that failed before it (sooner than the schedule), not a run on the schedule. */
  retry: boolean;
}

/** Runs `job` now, then again each time `delayMs()` has passed since the last run ended. */
export function repeat(delayMs: () => number, job: (run: Run) => Promise<void>, onError: (e: unknown) => void, opts: RepeatOptions = {}): Loop {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let failures = 0;
  const schedule = (): void => {
    if (stopped) return;
    const regular = delayMs();
    const retryMs = failures > 0 && opts.retryMs ? opts.retryMs(failures) : Number.POSITIVE_INFINITY;
    timer = setTimeout(() => run({ retry: retryMs < regular }), Math.min(retryMs, regular));
  };
  const run = (info: Run): void => {
    running = job(info)
      .then(
        () => {
          failures = 0;
        },
        (e: unknown) => {
          failures++;
          onError(e);
        },
      )
      .finally(() => {
        running = null;
        schedule();
      });
  };
  if (opts.now ?? true) run({ retry: false });
  else schedule();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}

/** A failed tick is tried again after 5 s, 10 s, 20 s, then every 30 s, until the minute's own run. */
export const tickRetryMs = (failures: number): number => Math.min(5_000 * 2 ** (failures - 1), 30_000);

/** What a run of the minute loop is for. */
export interface MinuteRun {
  /**
   * The start of the minute it was scheduled for (epoch ms of the clock), so that how late it
   * started is known however late that is; a retry keeps its failed run's minute. Null for the
   * loop's first run, which starts at once rather than on a minute.
   */
  minuteMs: number | null;
}

/** A job at once and then at the start of every minute of the given clock (the scheduler tick); a failed run is retried within seconds. */
export function everyMinute(clock: Clock, job: (run: MinuteRun) => Promise<void>, onError: (e: unknown) => void): Loop {
  let next: number | null = null; // the minute the timer being set is for
  let minuteMs: number | null = null;
  return repeat(
    () => {
      const now = clock.now().epochMilliseconds;
      next = now - (now % 60_000) + 60_000;
      return next - now + 5;
    },
    ({ retry }) => {
      if (!retry) minuteMs = next;
      return job({ minuteMs });
    },
    onError,
    { retryMs: tickRetryMs },
  );
}
