// Two starters racing on one embedded data directory (issue 16, item 4):
// lockDataDir called from two processes in the same millisecond, many times,
// on a free directory, over a stale lock (dead owner, old format, a pid
// reused by another program), and beside a live one. Exactly one wins each
// time; a live lock is never taken.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOwner, processStart } from '../../src/db/lock-file.ts';

type Reply = { ready?: true; won?: boolean; owner?: number | null; error?: string | null; released?: true };

class Starter {
  private queue: Reply[] = [];
  private waiters: Array<(r: Reply) => void> = [];
  constructor(readonly child: ChildProcess) {
    child.on('message', (m: Reply) => {
      const w = this.waiters.shift();
      if (w) w(m);
      else this.queue.push(m);
    });
  }
  next(): Promise<Reply> {
    const r = this.queue.shift();
    return r ? Promise.resolve(r) : new Promise((resolve) => this.waiters.push(resolve));
  }
  send(m: unknown): void {
    this.child.send(m as never);
  }
}

const CHILD = path.join(import.meta.dirname, 'lock-child.ts');
let starters: Starter[] = [];
let root = '';

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-lock-race-'));
  starters = [0, 1].map(() => new Starter(fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' })));
  for (const s of starters) expect((await s.next()).ready).toBe(true);
}, 60_000);

afterAll(() => {
  for (const s of starters) s.child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

/** A pid that is certainly not running any more. */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const boot = fs.existsSync('/proc/sys/kernel/random/boot_id') ? fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : null;

/** Both starters call lockDataDir on `dir` in the same millisecond; returns how many won, then lets go. */
async function race(dir: string): Promise<{ winners: number; errors: string[]; owners: Array<number | null | undefined> }> {
  const at = Date.now() + 30;
  for (const s of starters) s.send({ dir, at });
  const replies = await Promise.all(starters.map((s) => s.next()));
  for (const s of starters) s.send({ release: true });
  await Promise.all(starters.map((s) => s.next()));
  return {
    winners: replies.filter((r) => r.won).length,
    errors: replies.flatMap((r) => (r.error ? [r.error] : [])),
    owners: replies.filter((r) => !r.won).map((r) => r.owner),
  };
}

function freshDir(name: string, lock?: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  if (lock !== undefined) fs.writeFileSync(path.join(dir, 'hado.lock'), lock);
  return dir;
}

describe('two starters on one data directory', () => {
  it('exactly one wins, every time, on a free directory', async () => {
    const tally: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await race(freshDir(`free-${i}`));
      expect(r.errors).toEqual([]);
      tally.push(r.winners);
    }
    console.log(`lock race, free directory: ${tally.filter((w) => w === 1).length}/40 trials with exactly one winner`);
    expect(tally.every((w) => w === 1)).toBe(true);
  });

  it('exactly one wins over a stale lock: dead owner, old format, a pid reused by another program', async () => {
    const sleeper = spawn('sleep', ['600']);
    try {
      const cases: Array<[string, () => Promise<string>]> = [
        ['dead owner', async () => formatOwner({ pid: await deadPid(), start: 12345, boot, token: 'dead' })],
        ['old format, dead pid', async () => String(await deadPid())],
        // The pid is alive but belongs to `sleep`, started at another moment than the owner was.
        ['pid reused (start time)', async () => formatOwner({ pid: sleeper.pid!, start: (processStart(sleeper.pid!) ?? 7) + 1, boot, token: 'reused' })],
        ['before a reboot', async () => formatOwner({ pid: sleeper.pid!, start: processStart(sleeper.pid!), boot: 'another-boot', token: 'old' })],
      ];
      if (fs.existsSync('/proc/self/cmdline')) cases.push(['old format, pid of a non-Node program', async () => String(sleeper.pid)]);
      for (const [name, lock] of cases) {
        const tally: number[] = [];
        for (let i = 0; i < 15; i++) {
          const r = await race(freshDir(`${name.replace(/\W+/g, '-')}-${i}`, await lock()));
          expect(r.errors, name).toEqual([]);
          tally.push(r.winners);
        }
        console.log(`lock race, stale lock (${name}): ${tally.filter((w) => w === 1).length}/15 trials with exactly one winner`);
        expect(tally, name).toEqual(tally.map(() => 1));
      }
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('nobody takes a live lock', async () => {
    // This test process is a live Node process with its own start time: its lock is live.
    const live = formatOwner({ pid: process.pid, start: processStart(process.pid), boot, token: 'live' });
    for (let i = 0; i < 10; i++) {
      const dir = freshDir(`live-${i}`, live);
      const r = await race(dir);
      expect(r.winners).toBe(0);
      expect(r.owners).toEqual([process.pid, process.pid]);
      expect(fs.readFileSync(path.join(dir, 'hado.lock'), 'utf8')).toBe(live);
    }
  });

  it('leaves no temporary or guard files behind', () => {
    for (const dir of fs.readdirSync(root)) {
      const left = fs.readdirSync(path.join(root, dir)).filter((f) => f !== 'hado.lock');
      expect(left, dir).toEqual([]);
    }
  });
});
