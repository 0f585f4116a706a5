// The scheduler's loops: a job run again and again on the injected clock's
// schedule. Runs never overlap; a run that throws is reported and the loop
// goes on.
import type { Clock } from '../clock.ts';

export interface Loop {
  stop(): Promise<void>;
}

/** Runs `job` now, then again each time `delayMs()` has passed since the last run ended. */
export function repeat(delayMs: () => number, job: () => Promise<void>, onError: (e: unknown) => void, opts: { now?: boolean } = {}): Loop {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (): void => {
    if (!stopped) timer = setTimeout(run, delayMs());
  };
  const run = (): void => {
    running = job()
      .catch(onError)
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

/** A job at once and then at the start of every minute of the given clock (the scheduler tick). */
export function everyMinute(clock: Clock, job: () => Promise<void>, onError: (e: unknown) => void): Loop {
  return repeat(() => 60_000 - (clock.now().epochMilliseconds % 60_000) + 5, job, onError);
}
