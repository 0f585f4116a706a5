// Races that only a real server can run (PGlite has one connection): 20
// concurrent group calls for one object from two "processes" (two apps with
// their own pools on one database) must make one notice with the right
// count; concurrent upserts one notice; concurrent redeliveries one notice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { openStore, type Store } from '../../src/db/connect.ts';
import { buildApp } from '../../src/http/app.ts';
import { buildContext } from '../../src/runtime.ts';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';
import { onPostgres } from '../support/store.ts';
import { notice } from '../http/notices-support.ts';

describe.skipIf(!onPostgres)('concurrent notice writes (Postgres)', () => {
  let t: TestApp;
  let other: { store: Store; app: Awaited<ReturnType<typeof buildApp>> };
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
    token = await createSource(t, 'queue');
    const store = await openStore({ databaseUrl: t.store.url!, poolSize: 20 });
    const ctx = buildContext(store, loadConfig({ HADO_DEFAULT_TZ: 'Europe/Madrid', HADO_LOCAL_USER: '' }), new FakeClock('2026-08-01T10:00:00Z'));
    other = { store, app: await buildApp(ctx) };
  });
  afterAll(async () => {
    await other.app.close();
    await other.store.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.store.db.deleteFrom('notices').execute();
  });

  /** Fires all bodies at once, alternating between the two apps. */
  async function fire(bodies: unknown[]) {
    const res = await Promise.all(
      bodies.map((body, i) =>
        (i % 2 === 0 ? t.app : other.app).inject({
          method: 'POST',
          url: '/api/notices',
          headers: { authorization: `Bearer ${token}` },
          payload: body as Record<string, unknown>,
        }),
      ),
    );
    return res.map((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
  }

  const rows = () => t.store.db.selectFrom('notices').selectAll().execute();

  it('20 concurrent group calls for one object → one notice counting 20', async () => {
    const bodies = Array.from({ length: 20 }, (_, i) =>
      notice({
        mode: 'group',
        source_ref: 'queue:requests',
        topic: 'request',
        title: `request #${i + 1}`,
        recipients: [`user${i % 4}`],
        group: { template: 'New requests' },
      }),
    );
    const res = await fire(bodies);
    expect(res.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(res.filter((r) => r.body.notice.result === 'created')).toHaveLength(1);
    expect(res.map((r) => r.body.notice.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]!.group_count).toBe(20);
    expect(all[0]!.group_messages).toHaveLength(10);
  });

  it('20 concurrent calls with steps of 1..20 for two objects → two notices with exact sums', async () => {
    const bodies = Array.from({ length: 20 }, (_, i) => notice({ mode: 'group', source_ref: `obj:${i % 2}`, title: 'x', group: { step: i + 1 } }));
    await fire(bodies);
    const all = (await rows()).sort((a, b) => a.source_ref!.localeCompare(b.source_ref!));
    expect(all.map((r) => [r.source_ref, r.group_count])).toEqual([
      ['obj:0', [1, 3, 5, 7, 9, 11, 13, 15, 17, 19].reduce((a, b) => a + b)],
      ['obj:1', [2, 4, 6, 8, 10, 12, 14, 16, 18, 20].reduce((a, b) => a + b)],
    ]);
  });

  it('20 concurrent upserts of one object → one notice', async () => {
    const res = await fire(Array.from({ length: 20 }, (_, i) => notice({ mode: 'upsert', source_ref: 'run:1', title: `state ${i}` })));
    expect(res.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await rows()).toHaveLength(1);
    expect((await rows())[0]!.push_seq).toBe(20);
  });

  it('20 concurrent redeliveries of one dedupe_key → one notice, every answer names it', async () => {
    const res = await fire(Array.from({ length: 20 }, () => notice({ dedupe_key: 'comment:1' })));
    const ids = new Set(res.map((r) => r.body.notice.id));
    expect(ids.size).toBe(1);
    expect(res.filter((r) => r.body.notice.result === 'created')).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
  });

  it('overlapping batches that share objects in opposite orders do not deadlock', async () => {
    const g = (ref: string) => notice({ mode: 'group', source_ref: ref, title: ref });
    const forward = { notices: ['a', 'b', 'c', 'd'].map(g) };
    const backward = { notices: ['d', 'c', 'b', 'a'].map(g) };
    const res = await fire(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? forward : backward)));
    expect(res.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await rows()).map((r) => r.group_count)).toEqual([10, 10, 10, 10]);
  });
});
