// The embedded data directory's lock (issue 16, item 4). PGlite is
// single-process: two processes writing one directory corrupt it, so the
// first one takes `hado.lock` and a second one refuses clearly.
//
// - Taking it is atomic: the owner's record is written to a private temporary
//   file first and then hard-linked to the lock's name (link fails if the
//   name exists), so nobody ever reads a half-written lock.
// - The record names the owner precisely: pid, the kernel's start time of
//   that pid (/proc/<pid>/stat) and the boot id. A pid reused by another
//   program after a crash, or a lock from before a reboot, is stale.
// - A stale lock is removed only under a guard named after its exact content,
//   itself taken the same way: while one starter holds the guard nobody else
//   can remove that content, and the content is checked again under the
//   guard, so a starter that read the stale lock long ago can never delete
//   the live lock that replaced it. A guard left by a starter killed
//   mid-takeover is stale in turn and is broken the same way.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LockOwner {
  pid: number;
  /** The owner's start time in clock ticks since boot (Linux), or null where unknown. */
  start: number | null;
  boot: string | null;
  token: string | null;
}

export type LockResult = { ok: true; release: () => void } | { ok: false; owner: LockOwner };

/** Tokens of the locks this process holds: the same pid in a lock file is only ours if its token is here. */
const held = new Set<string>();

/** Levels of "a starter was killed while breaking a stale lock" before giving up (each needs a kill in a microsecond window). */
const MAX_DEPTH = 4;
/** Unreadable content this young may be a writer from an older Hado (non-atomic write); wait for it. */
const YOUNG_MS = 2_000;

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

function readText(p: string): string | null {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** The kernel's start time of a process (field 22 of /proc/<pid>/stat), or null off Linux or when it is gone. */
export function processStart(pid: number): number | null {
  const stat = readOptional(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = Number(fields[19]);
  return Number.isFinite(start) ? start : null;
}

function readOptional(p: string): string | null {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return null;
  }
}

const bootId = (): string | null => readOptional('/proc/sys/kernel/random/boot_id')?.trim() || null;

export function formatOwner(o: LockOwner): string {
  return `${o.pid}\nstart=${o.start ?? '-'} boot=${o.boot ?? '-'} token=${o.token ?? '-'}\n`;
}

/** The owner in a lock file; a bare pid is the format of Hado before issue 16. Null when unreadable. */
export function parseOwner(text: string): LockOwner | null {
  const [first = '', second = ''] = text.split('\n');
  const pid = Number(first.trim());
  if (first.trim() === '' || !Number.isSafeInteger(pid) || pid <= 0) return null;
  const field = (name: string): string | null => {
    const v = new RegExp(`(?:^| )${name}=(\\S+)`).exec(second)?.[1];
    return v === undefined || v === '-' ? null : v;
  };
  const start = field('start');
  return { pid, start: start === null ? null : Number(start), boot: field('boot'), token: field('token') };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process named in a lock still holds it. Never says "stale" about a live Hado holder. */
export function ownerAlive(o: LockOwner): boolean {
  const boot = bootId();
  if (o.boot !== null && boot !== null && o.boot !== boot) return false; // written before a reboot
  if (o.pid === process.pid) return o.token !== null && held.has(o.token);
  if (!pidAlive(o.pid)) return false;
  const start = processStart(o.pid);
  if (o.start !== null && start !== null) return start === o.start; // a different start: the pid was reused
  // An old-format lock (no start time): the pid's program must at least be Node (Hado runs on it).
  const cmdline = readOptional(`/proc/${o.pid}/cmdline`);
  if (cmdline === null) return true;
  return /node|hado/i.test(cmdline);
}

/**
 * Takes `lockPath` for this process, or reports the live owner. `release`
 * removes it (only if it is still ours) and runs at exit too.
 */
export function acquireLockFile(lockPath: string): LockResult {
  const token = randomBytes(12).toString('hex');
  const mine: LockOwner = { pid: process.pid, start: processStart(process.pid), boot: bootId(), token };
  const text = formatOwner(mine);
  const tmp = path.join(path.dirname(lockPath), `.${path.basename(lockPath)}.${process.pid}.${token}.tmp`);
  fs.writeFileSync(tmp, text, { flag: 'wx', mode: 0o600 });
  held.add(token);
  try {
    const owner = take(lockPath, tmp, text, 0);
    if (owner !== null) {
      held.delete(token);
      return { ok: false, owner };
    }
  } catch (e) {
    held.delete(token);
    throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    process.off('exit', release);
    held.delete(token);
    // Ours while we live: nobody else removes a live lock, so read-then-unlink cannot race.
    if (readOptional(lockPath) === text) fs.rmSync(lockPath, { force: true });
  };
  process.on('exit', release);
  return { ok: true, release };
}

/** Links `tmp` (holding `text`) to `p`, breaking a stale holder; null when taken, else the live owner. */
function take(p: string, tmp: string, text: string, depth: number): LockOwner | null {
  if (depth > MAX_DEPTH) throw new Error(`Could not take ${p}: too many abandoned takeovers; remove ${p}.* by hand`);
  for (let round = 0; round < 500; round++) {
    try {
      fs.linkSync(tmp, p);
      return null;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const current = readText(p);
    if (current === null) continue; // released just now: try again
    const owner = parseOwner(current);
    if (owner === null) {
      // An older Hado writes its lock in two steps: empty for a moment. Give it that moment.
      let ageMs = Number.POSITIVE_INFINITY;
      try {
        ageMs = Date.now() - fs.statSync(p).mtimeMs;
      } catch {
        continue;
      }
      if (ageMs < YOUNG_MS) {
        sleep(20);
        continue;
      }
    } else if (ownerAlive(owner)) {
      return owner;
    }
    // Stale: remove exactly this content, under a guard named after it.
    const guard = `${p}.${createHash('sha256').update(current).digest('hex').slice(0, 16)}`;
    const breaker = take(guard, tmp, text, depth + 1);
    if (breaker !== null) {
      // Another starter is breaking the same stale lock right now: let it finish, then look again.
      sleep(10);
      continue;
    }
    try {
      // Under the guard the content cannot change unless it is still this stale one; check it again.
      if (readText(p) === current) fs.rmSync(p, { force: true });
    } finally {
      if (readText(guard) === text) fs.rmSync(guard, { force: true });
    }
  }
  throw new Error(`Could not take ${p}: it keeps changing hands`);
}
