// The embedded data directory holds every secret Hado keeps (webhook signing
// secrets, hashed tokens, everyone's reminders): it must be its owner's alone
// (issue 10, item 9). Created 0700, files 0600; an existing directory made
// under a looser umask is tightened at every start, and the process's umask
// keeps the files PGlite writes later private too.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.ts';

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** Creates or tightens `dataDir` and everything under it; throws a ConfigError naming a path it cannot fix. */
export function secureDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  try {
    // Worker threads cannot change the umask; the walk below still tightens what exists.
    process.umask(0o077);
  } catch {
    // Not the main thread.
  }
  const pending = [dataDir];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    tighten(dir, DIR_MODE);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      // Symbolic links are left alone: their target is not ours to change.
      if (entry.isDirectory()) pending.push(p);
      else if (entry.isFile()) tighten(p, FILE_MODE);
    }
  }
}

function tighten(p: string, mode: number): void {
  const current = fs.lstatSync(p).mode & 0o777;
  if ((current & ~mode) === 0) return;
  try {
    fs.chmodSync(p, current & mode);
  } catch (e) {
    throw new ConfigError(`Cannot make ${p} private to its owner (chmod: ${(e as Error).message}); fix its permissions or HADO_DATA_DIR`);
  }
}
