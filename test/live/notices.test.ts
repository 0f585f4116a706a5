// Notices on the live stream (SPEC B4) without HTTP: a write's one NOTIFY
// becomes the whole row for each connected recipient (lane "notice") and the
// unread count; nobody else hears it; regroups re-push at most once per
// 30 s; read state moves the bell; busy event traffic cannot push a notice out.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sink } from '../../src/live/connection.ts';
import { PresenceCache } from '../../src/channels/presence.ts';
import { Live } from '../../src/live/live.ts';
import { encodeMessage, MAX_PAYLOAD_BYTES, noticeMessages } from '../../src/db/notify.ts';
import { noticeDeliveryTick } from '../../src/scheduler/notice-delivery-tick.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { notice, post } from '../http/notices-support.ts';
import { parseSse } from './sse.ts';

class FakeSink implements Sink {
  chunks: string[] = [];
  full = false;
  private drains: Array<() => void> = [];
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return !this.full;
  }
  onceDrain(cb: () => void): void {
    this.drains.push(cb);
  }
  end(): void {}
  destroy(): void {}
  drain(): void {
    this.full = false;
    const cbs = this.drains;
    this.drains = [];
    for (const cb of cbs) cb();
  }
  get events() {
    return parseSse(this.chunks.join('')).frames.filter((f) => f.event !== undefined);
  }
  clear(): void {
    this.chunks = [];
  }
}

let t: TestApp;
let live: Live;
let token: string;
const sinks = new Map<string, FakeSink>();

const userId = async (login: string) => (await t.store.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

async function connect(login: string): Promise<FakeSink> {
  await call(t, 'GET', '/me', { user: login }); // creates the user
  const sink = new FakeSink();
  live.hub.attach(await userId(login), sink);
  sinks.set(login, sink);
  return sink;
}

/** Waits until every NOTIFY heard so far has become frames. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 10));
    await live.settled();
  }
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
  token = await createSource(t, 'docs');
  live = new Live(t.store, { maxPerUser: 5 });
  await live.start();
  for (const login of ['ana', 'bob', 'cid']) await connect(login);
});
afterAll(async () => {
  await live.stop();
  await t.close();
});
beforeEach(async () => {
  t.clock.set('2026-08-01T10:00:00Z');
  await t.store.db.deleteFrom('notices').execute();
  await t.store.db.deleteFrom('preferences').execute();
  await settle();
  for (const s of sinks.values()) s.clear();
});

describe('notice frames', () => {
  it('the whole row goes to each connected recipient, then the unread count; nobody else hears it', async () => {
    const res = await post(t, token, notice({ recipients: ['ana', 'bob'], actor: 'eve' }));
    await settle();
    for (const login of ['ana', 'bob']) {
      const events = sinks.get(login)!.events;
      expect(events.map((f) => f.event)).toEqual(['notice', 'unread']);
      expect(events[0]!.data).toMatchObject({
        id: res.body.notice.id,
        source: 'docs',
        title: 'Ana mentioned you',
        actor: 'eve',
        read_at: null,
        created_at: '2026-08-01T10:00:00.000Z',
      });
      expect(events[1]!.data).toEqual({ unread: 1, unread_label: '1' });
    }
    expect(sinks.get('cid')!.events).toEqual([]);
  });

  it('one write batch → one message → one frame per notice per recipient', async () => {
    await post(t, token, { notices: [notice({ title: 'a' }), notice({ title: 'b' }), notice({ title: 'c', recipients: ['bob'] })] });
    await settle();
    const ana = sinks.get('ana')!.events;
    expect(
      ana
        .filter((f) => f.event === 'notice')
        .map((f) => (f.data as { title: string }).title)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(ana.filter((f) => f.event === 'unread')).toEqual([expect.objectContaining({ data: { unread: 2, unread_label: '2' } })]);
  });

  it('a regroup re-pushes at most once per 30 s, with the new count and title', async () => {
    const g = (n: number) => notice({ mode: 'group', source_ref: 'q', title: `#${n}`, group: { template: 'Requests', messages: [`#${n}`] } });
    await post(t, token, g(1));
    t.clock.advance({ seconds: 5 });
    await post(t, token, g(2));
    await settle();
    expect(sinks.get('ana')!.events.filter((f) => f.event === 'notice')).toHaveLength(1);
    t.clock.advance({ seconds: 30 });
    await post(t, token, g(3));
    await settle();
    const frames = sinks.get('ana')!.events.filter((f) => f.event === 'notice');
    expect(frames).toHaveLength(2);
    expect(frames[1]!.data).toMatchObject({ title: 'Requests (3): #3', group: { count: 3, messages: ['#1', '#2', '#3'] } });
  });

  it('a regroup folded into a recent push goes out once its 30 s are over (the trailing re-push)', async () => {
    const presence = new PresenceCache(t.ctx.channels, { timeoutMs: 500 });
    const tick = () => noticeDeliveryTick(t.store.db, t.clock.now(), { presence, fallbackMinutes: 10 });
    const g = (n: number) => notice({ mode: 'group', source_ref: 'trail', title: `#${n}`, group: { template: 'Requests', messages: [`#${n}`] } });
    const res = await post(t, token, g(1));
    t.clock.advance({ seconds: 5 });
    await post(t, token, g(2));
    t.clock.advance({ seconds: 5 });
    await post(t, token, g(3));
    await tick();
    await settle();
    expect(sinks.get('ana')!.events.filter((f) => f.event === 'notice')).toHaveLength(1);
    t.clock.advance({ seconds: 20 }); // 30 s after the first push
    await tick();
    await settle();
    const frames = sinks.get('ana')!.events.filter((f) => f.event === 'notice');
    expect(frames).toHaveLength(2);
    expect(frames[1]!.data).toMatchObject({ id: res.body.notice.id, title: 'Requests (3): #3', group: { count: 3 } });
    const row = await t.store.db.selectFrom('notices').select(['push_seq']).where('id', '=', res.body.notice.id).executeTakeFirstOrThrow();
    expect(row.push_seq).toBe(2);
    t.clock.advance({ minutes: 5 });
    await tick(); // nothing more to push
    await settle();
    expect(sinks.get('ana')!.events.filter((f) => f.event === 'notice')).toHaveLength(2);
  });

  it('read, read-all and archive send the new unread count to the user’s tabs', async () => {
    const res = await post(t, token, { notices: [notice(), notice()] });
    await settle();
    sinks.get('ana')!.clear();
    await call(t, 'POST', '/me/notices/read', { user: 'ana', body: { ids: [res.body.notices[0].id] } });
    await settle();
    expect(sinks.get('ana')!.events).toEqual([expect.objectContaining({ event: 'unread', data: { unread: 1, unread_label: '1' } })]);
    await call(t, 'POST', '/me/notices/archive', { user: 'ana', body: { ids: [res.body.notices[1].id] } });
    await settle();
    expect(sinks.get('ana')!.events.at(-1)).toMatchObject({ event: 'unread', data: { unread: 0, unread_label: '' } });
  });

  it('a claim re-sends the row to every recipient, naming the holder', async () => {
    const res = await post(t, token, notice({ recipients: ['ana', 'bob'], claim: true }));
    await settle();
    for (const s of sinks.values()) s.clear();
    await call(t, 'POST', `/me/notices/${res.body.notice.id}/claim`, { user: 'bob' });
    await settle();
    const frame = sinks.get('ana')!.events.find((f) => f.event === 'notice');
    expect(frame!.data).toMatchObject({ claim: { claimed_by: 'bob' } });
  });

  it('the web cell off: the row still arrives, marked silent (no toast)', async () => {
    await post(t, token, notice({ topic: 'mention' }));
    await call(t, 'PUT', '/me/preferences', {
      user: 'ana',
      body: { rows: [{ source: 'docs', topic: 'mention', channels: { web: false } }] },
    });
    await settle();
    sinks.get('ana')!.clear();
    await post(t, token, notice({ topic: 'mention', recipients: ['ana', 'bob'] }));
    await settle();
    expect(sinks.get('ana')!.events[0]!.data).toMatchObject({ silent: true });
    expect(sinks.get('bob')!.events[0]!.data).not.toHaveProperty('silent');
  });

  it("a frame carries its topic's toast (only with the web cell on) and the entity label (issue 23)", async () => {
    const jobs = await createSource(t, 'jobs');
    const topics = [
      { topic: 'done', toast: true },
      { topic: 'log', toast: false },
    ];
    expect((await call(t, 'PUT', '/api/topics', { token: jobs, body: { topics } })).status).toBe(200);
    await post(t, jobs, notice({ topic: 'done', recipients: ['ana', 'bob'] }));
    await call(t, 'PUT', '/me/preferences', { user: 'bob', body: { rows: [{ source: 'jobs', topic: 'done', channels: { web: false } }] } });
    await settle();
    for (const s of sinks.values()) s.clear();
    await post(t, jobs, {
      notices: [notice({ topic: 'done', recipients: ['ana', 'bob'], entity_label: 'Nightly import' }), notice({ topic: 'log', recipients: ['ana'] })],
    });
    await settle();
    const frames = (login: string) =>
      sinks
        .get(login)!
        .events.filter((f) => f.event === 'notice')
        .map((f) => f.data as Record<string, unknown>);
    expect(frames('ana').map((d) => [d.topic, d.toast, d.entity_label])).toEqual([
      ['done', true, 'Nightly import'],
      ['log', false, null],
    ]);
    expect(frames('bob').map((d) => [d.topic, d.toast, d.silent])).toEqual([['done', false, true]]);
    // A source without declared topics toasts as before.
    for (const s of sinks.values()) s.clear();
    await post(t, token, notice({ topic: 'anything' }));
    await settle();
    expect(frames('ana')[0]).toMatchObject({ toast: true });
  });

  it('a fan-out too big for one NOTIFY still arrives as rows, not a resync', async () => {
    const many = (k: number) => Array.from({ length: 1000 }, (_, i) => `fan${k}-${i}`);
    const res = await post(t, token, {
      notices: [0, 1, 2, 3, 4].map((k) => notice({ title: `fan-out ${k}`, recipients: k === 4 ? [...many(k).slice(1), 'ana'] : many(k) })),
    });
    expect(res.status).toBe(200);
    await settle();
    const frames = sinks.get('ana')!.events;
    expect(frames.filter((f) => f.event === 'notice').map((f) => (f.data as { title: string }).title)).toEqual(['fan-out 4']);
    expect(frames.filter((f) => f.event === 'resync')).toEqual([]);
  });

  it('a flood of event frames to a stalled tab cannot push out a notice', async () => {
    const sink = sinks.get('ana')!;
    const id = await userId('ana');
    sink.full = true;
    live.hub.publish([id], { type: 'event', data: { id: 0 } }, 'event'); // the write that finds the buffer full
    await settle();
    for (let i = 0; i < 120; i++) live.hub.publish([id], { type: 'event', data: { id: i } }, 'event');
    await post(t, token, notice({ title: 'still here' }));
    await settle();
    sink.clear();
    sink.drain();
    await settle();
    const events = sink.events;
    expect(events.find((f) => f.event === 'notice')!.data).toMatchObject({ title: 'still here' });
    expect(events.filter((f) => f.event === 'resync')).toEqual([expect.objectContaining({ data: { lane: 'event' } })]);
  });
});

describe('noticeMessages: one NOTIFY per batch, split only when it would not fit', () => {
  const covered = (msgs: Array<{ users: number[]; ids: number[] }>) => {
    const pairs = new Set<string>();
    for (const m of msgs) for (const id of m.ids) for (const u of m.users) pairs.add(`${id}:${u}`);
    return pairs;
  };

  it('a usual batch is one message', () => {
    const msgs = noticeMessages([
      { id: 1, userIds: [10, 11] },
      { id: 2, userIds: [11, 12] },
    ]);
    expect(msgs).toEqual([{ users: [10, 11, 12], ids: [1, 2] }]);
  });

  it('a fan-out too big for one payload is split; every message fits and every recipient is named', () => {
    const pushes = Array.from({ length: 5 }, (_, k) => ({ id: 100 + k, userIds: Array.from({ length: 1000 }, (_, i) => 1_000_000 + k * 1000 + i) }));
    const msgs = noticeMessages(pushes);
    expect(msgs.length).toBeGreaterThan(1);
    for (const m of msgs) {
      const text = encodeMessage('notice', m.users, m.ids);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      expect(JSON.parse(text).d).toEqual(m.ids);
    }
    const pairs = covered(msgs);
    for (const p of pushes) for (const u of p.userIds) expect(pairs.has(`${p.id}:${u}`)).toBe(true);
  });
});
