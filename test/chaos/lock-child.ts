// A starter for the lock race (lock-race.test.ts): told a directory and a
// moment over IPC, it spins until that moment, calls lockDataDir exactly as
// `hado start` does, answers whether it won, and holds the lock until told
// to let go.
import { DataDirBusyError, lockDataDir } from '../../src/db/connect.ts';

let release: (() => void) | null = null;

process.on('message', (m: { dir?: string; at?: number; release?: boolean }) => {
  if (m.release) {
    release?.();
    release = null;
    process.send?.({ released: true });
    return;
  }
  // Spin, not sleep: both starters should hit the file system in the same millisecond.
  while (Date.now() < (m.at ?? 0)) {}
  try {
    release = lockDataDir(m.dir!);
    process.send?.({ won: true });
  } catch (e) {
    process.send?.({ won: false, owner: e instanceof DataDirBusyError ? e.owner : null, error: e instanceof DataDirBusyError ? null : String(e) });
  }
});
process.send?.({ ready: true });
