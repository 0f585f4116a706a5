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

/** Runs `job` now, then again each time `delayMs()` has passed since the last run ended. */
export function repeat(delayMs: () => number, job: () => Promise<void>, onError: (e: unknown) => void, opts: RepeatOptions = {}): Loop {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let failures = 0;
  const schedule = (): void => {
    if (stopped) return;
    const regular = delayMs();
    timer = setTimeout(run, failures > 0 && opts.retryMs ? Math.min(opts.retryMs(failures), regular) : regular);
  };
  const run = (): void => {
    running = job()
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
  if (opts.now ?? true) run();
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

/** A job at once and then at the start of every minute of the given clock (the scheduler tick); a failed run is retried within seconds. */
export function everyMinute(clock: Clock, job: () => Promise<void>, onError: (e: unknown) => void): Loop {
  return repeat(() => 60_000 - (clock.now().epochMilliseconds % 60_000) + 5, job, onError, { retryMs: tickRetryMs });
}
