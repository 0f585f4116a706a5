// A loop that runs a job at the start of every minute of the given clock.
// A run that throws is logged and the loop goes on; runs never overlap.
import type { Clock } from '../clock.ts';

export interface Loop {
  stop(): Promise<void>;
}

export function everyMinute(clock: Clock, job: () => Promise<void>, onError: (e: unknown) => void): Loop {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (): void => {
    if (stopped) return;
    const ms = clock.now().epochMilliseconds;
    const delay = 60_000 - (ms % 60_000) + 5;
    timer = setTimeout(run, delay);
  };
  const run = (): void => {
    running = job()
      .catch(onError)
      .finally(() => {
        running = null;
        schedule();
      });
  };
  run();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
