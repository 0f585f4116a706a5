// Background work reports to the process's one error sink (runtime.ts
// errorSink, docs/architecture.md), never to a logger of its own: the live
// stream (a lost LISTEN connection, a message or a badge count that failed)
// and the Telegram and Slack clients' background work. An unreachable
// database is one warning without a stack, whoever met it.
import { sql } from 'kysely';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackClient } from '../../src/channels/slack/api.ts';
import { TelegramClient } from '../../src/channels/telegram/api.ts';
import type { Store } from '../../src/db/connect.ts';
import { LIVE_CHANNEL } from '../../src/db/notify.ts';
import type { ErrorSink } from '../../src/errors.ts';
import type { Sink } from '../../src/live/connection.ts';
import { Live } from '../../src/live/live.ts';
import { errorSink } from '../../src/runtime.ts';
import { createTestStore, onPostgres, type TestStore } from '../support/store.ts';

type Line = { level: 'warn' | 'error'; msg: string; obj: Record<string, unknown> };

/** A pino logger that keeps its lines (warn and error), as the process's logger writes them. */
function recorded(): { lines: Line[]; log: Logger } {
  const lines: Line[] = [];
  const log = pino(
    { level: 'warn' },
    {
      write: (text: string) => {
        const { level, msg, ...obj } = JSON.parse(text) as { level: number; msg: string } & Record<string, unknown>;
        lines.push({ level: level >= 50 ? 'error' : 'warn', msg, obj });
      },
    },
  );
  return { lines, log };
}

/** A sink that remembers what it was told. */
function reports(): { seen: Array<{ err: unknown; where: string; detail?: Record<string, unknown> }>; onError: ErrorSink } {
  const seen: Array<{ err: unknown; where: string; detail?: Record<string, unknown> }> = [];
  return { seen, onError: (err, where, detail) => void seen.push({ err, where, ...(detail ? { detail } : {}) }) };
}

const fakeSocket = (chunks: string[]): Sink => ({
  write: (chunk) => {
    chunks.push(chunk);
    return true;
  },
  onceDrain: () => {},
  end: () => {},
  destroy: () => {},
});

describe('errorSink', () => {
  it('an unreachable database is one warning without a stack; anything else is an error with it', () => {
    const { lines, log } = recorded();
    const sink = errorSink(log);
    sink(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), 'live: LISTEN connection');
    sink(new Error('boom'), 'live: badge query', { users: 2 });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'live: LISTEN connection: database unreachable, will retry'],
      ['error', 'live: badge query failed'],
    ]);
    expect(lines[0]!.obj.err).toBeUndefined();
    expect(lines[1]!.obj).toMatchObject({ users: 2, err: { message: 'boom' } });
    expect(lines[1]!.obj.err).toHaveProperty('stack');
  });
});

describe("the live stream's failures go to the sink", () => {
  it('a message that cannot be turned into frames, a badge query that fails: reported, and the users resync', async () => {
    const { seen, onError } = reports();
    // A database whose every query fails: the badge count meets it.
    const db = {
      selectFrom: () => {
        throw new Error('badge boom');
      },
    };
    const live = new Live({ db } as unknown as Store, {
      maxPerUser: 5,
      onError,
      kinds: {
        broken: () => {
          throw new Error('frame boom');
        },
        badge: (_msg, users, ctx) => ctx.refreshBadges(users),
      },
    });
    const chunks: string[] = [];
    live.hub.attach(7, fakeSocket(chunks));
    live.receive(JSON.stringify({ k: 'broken', u: [7] }));
    live.receive(JSON.stringify({ k: 'badge', u: [7] }));
    await live.settled();
    await new Promise((r) => setTimeout(r, 10));
    expect(seen.map((s) => [s.where, (s.err as Error).message, s.detail])).toEqual([
      ['live: turning a message into frames', 'frame boom', { kind: 'broken' }],
      ['live: badge query', 'badge boom', undefined],
    ]);
    expect(chunks.join('')).toContain('"reason":"broken"');
    expect(chunks.join('')).toContain('"reason":"badge"');
    await live.stop();
  });
});

describe('the Telegram and Slack clients report their background work to the sink', () => {
  it('a failure is reported with what was being done, and never thrown', async () => {
    const { seen, onError } = reports();
    const telegram = new TelegramClient({ token: '1:x', apiRoot: 'http://127.0.0.1:9', onError });
    const slack = new SlackClient({ token: 'xoxb-1', apiRoot: 'http://127.0.0.1:9', onError });
    telegram.background('clear buttons', async () => {
      throw new Error('telegram boom');
    });
    slack.background('chat.update', async () => {
      throw new Error('slack boom');
    });
    await telegram.idle();
    await slack.idle();
    expect(seen.map((s) => [s.where, (s.err as Error).message, s.detail])).toEqual([
      ['telegram background work', 'telegram boom', { what: 'clear buttons' }],
      ['slack background work', 'slack boom', { what: 'chat.update' }],
    ]);
  });
});

// A server-side LISTEN connection only exists on PostgreSQL (PGlite listens in-process).
describe.skipIf(!onPostgres)('a LISTEN connection the server cuts (PostgreSQL)', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(async () => {
    await store.dispose();
  });

  it('is one warning through the sink, like the rest of the database-away path, and comes back', async () => {
    const { lines, log } = recorded();
    const live = new Live(store, { maxPerUser: 5, log, onError: errorSink(log) });
    await live.start();
    try {
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query = ${`LISTEN ${LIVE_CHANNEL}`}`.execute(store.db);
      for (let i = 0; i < 100 && !lines.some((l) => /restored/.test(l.msg)); i++) await new Promise((r) => setTimeout(r, 50));
      expect(lines.map((l) => [l.level, l.msg])).toEqual([
        ['warn', 'live: LISTEN connection: database unreachable, will retry'],
        ['warn', 'live: LISTEN connection restored; every open page resyncs'],
      ]);
    } finally {
      await live.stop();
    }
  });
});
