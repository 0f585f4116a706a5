// A listener that cannot bind ends start-up at once with one line naming the
// address and the setting that chose it (issue 26): "port 8080 on 127.0.0.1
// is already in use (PORT)". Before this the error surfaced as a bare
// `listen EADDRINUSE` and the process stayed up holding the data-directory
// lock, so systemd's Restart=on-failure never fired.
import net from 'node:net';
import { ConfigError } from './errors.ts';

/** What was being bound, for the message: the address and the settings that chose it. */
export interface Binding {
  readonly what: string;
  readonly host: string;
  readonly port: number;
  readonly settings: string;
}

const REASONS: Record<string, (b: Binding) => string> = {
  EADDRINUSE: (b) => `port ${b.port} on ${b.host} is already in use by another process`,
  EACCES: (b) => `this user may not listen on port ${b.port} on ${b.host} (ports below 1024 need privileges)`,
  EADDRNOTAVAIL: (b) => `${b.host} is not an address of this machine`,
};

const ADVICE: Record<string, string> = {
  EADDRINUSE: 'stop the other process or choose a free port',
  EACCES: 'choose a port of 1024 or above, or put a reverse proxy in front',
  EADDRNOTAVAIL: 'use one of this machine’s addresses, 127.0.0.1 or 0.0.0.0',
};

/** The error `listen` failed with, as a one-line ConfigError when it is one of the usual causes; else unchanged. */
export function bindError(err: unknown, b: Binding): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const reason = code === undefined ? undefined : REASONS[code];
  if (reason === undefined) return err;
  return new ConfigError(`cannot start the ${b.what}: ${reason(b)} (${b.settings}); ${ADVICE[code!]}`);
}

/** Runs `listen`, translating a bind failure with bindError. */
export async function binding<T>(b: Binding, listen: () => Promise<T>): Promise<T> {
  try {
    return await listen();
  } catch (e) {
    throw bindError(e, b);
  }
}

/**
 * Binds the address for a moment and lets it go, before anything else is
 * opened: a busy port fails start-up in milliseconds, not after the
 * migrations. The real listen later still reports a port taken in between.
 */
export async function probeBind(b: Binding): Promise<void> {
  const server = net.createServer();
  await binding(
    b,
    () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port: b.port, host: b.host, exclusive: true }, () => resolve());
      }),
  );
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
