// Start-up waits for the database instead of exiting (issue 16, item 1): a
// process started while PostgreSQL restarts, or before it in a compose file,
// retries with backoff for a bounded time (HADO_DATABASE_WAIT) and says so.
import { isDatabaseUnavailable } from './unavailable.ts';

export interface WaitOptions {
  /** Give up (rethrow) once this long has passed; 0 = try once. */
  timeoutMs: number;
  /** Told before each pause: the error, how long it has waited so far, and how long it will wait at most. */
  onRetry?: (err: unknown, waitedMs: number, timeoutMs: number) => void;
  /** Pauses between tries, growing to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Stops waiting (throws its reason) once aborted: a process told to stop while it starts. */
  signal?: AbortSignal;
}

/** Runs `attempt` until it succeeds; retries only while the database is unreachable, for at most `timeoutMs`. */
export async function whileUnavailable<T>(attempt: () => Promise<T>, opts: WaitOptions): Promise<T> {
  const started = performance.now();
  let delay = opts.firstDelayMs ?? 250;
  while (true) {
    opts.signal?.throwIfAborted();
    try {
      return await attempt();
    } catch (err) {
      const waited = performance.now() - started;
      if (!isDatabaseUnavailable(err) || waited + delay > opts.timeoutMs) throw err;
      opts.signal?.throwIfAborted();
      opts.onRetry?.(err, waited, opts.timeoutMs);
      await pause(delay, opts.signal);
      delay = Math.min(delay * 2, opts.maxDelayMs ?? 2_000);
    }
  }
}

/** Resolves after `ms`, or at once when `signal` is aborted. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
