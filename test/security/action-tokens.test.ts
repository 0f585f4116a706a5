// Issue 10 item 7: action tokens at rest. The database keeps each delivery's
// token only while the row is pending (the worker composes its links from it)
// and its SHA-256 for ever; a link finds its row by the hash. So a copy of the
// database (a backup, a read replica, a leaked dump) holds no working link to
// anything already delivered.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/core/tokens.ts';
import { Temporal } from '../../src/domain/time.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';

const madrid = (wall: string) => Temporal.PlainDateTime.from(wall).toZonedDateTime('Europe/Madrid').toInstant().toString();

describe('action tokens are stored hashed once delivered', () => {
  let h: Harness;
  let ha: FakeHa;

  beforeAll(async () => {
    h = await createHarness({ now: madrid('2026-08-14T09:00'), env: ALLOW_LOOPBACK });
    ha = await startFakeHa(h.clock);
    ha.presence = true;
    await h.addWebhook('nikita', ha.deliverUrl, ha.presenceUrl);
    await h.put([{ user: 'nikita', source_ref: 'passport', due_at: '2026-08-14', payload: { title: 'Passport' } }]);
    await h.run(madrid('2026-08-14T09:02'));
  }, 60_000);
  afterAll(async () => {
    await ha.close();
    await h.close();
  });

  it('no delivered row holds its token; each holds the SHA-256 of the token it was sent with', async () => {
    const [req] = ha.deliveries();
    expect(req).toBeDefined();
    const body = JSON.parse(req!.body) as { actions: { ack: string } };
    const token = /\/a\/([^/]+)\/ack$/.exec(body.actions.ack)![1]!;
    const rows = await h.store.db.selectFrom('deliveries').select(['result', 'action_token', 'action_token_hash']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(1); // present at home: the webhook row
    for (const row of rows) {
      expect(row.result).toBe('ok');
      expect(row.action_token).toBeNull();
      expect(row.action_token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(rows.map((r) => r.action_token_hash)).toContain(hashToken(token));
    // Nothing in the table spells the token out.
    const dump = await sql<{ text: string }>`SELECT string_agg(d::text, ' ') AS text FROM deliveries d`.execute(h.store.db);
    expect(dump.rows[0]!.text).not.toContain(token);
  });

  it('the link still works through the hash; the hash itself is no link', async () => {
    const body = JSON.parse(ha.deliveries()[0]!.body) as { actions: { ack: string } };
    const token = /\/a\/([^/]+)\/ack$/.exec(body.actions.ack)![1]!;
    expect((await call(h, 'POST', `/a/${hashToken(token)}/ack`)).status).toBe(404);
    expect((await call(h, 'POST', `/a/${token}/ack`)).status).toBe(200);
  });

  it('the database hashes as hashToken does (the migration backfilled with it), and a final row cannot hold a token', async () => {
    // The database computes the same hash as hashToken (the migration backfilled old rows with it).
    const same = await sql<{ h: string }>`SELECT encode(sha256(convert_to(${'abc-DEF_123'}, 'UTF8')), 'hex') AS h`.execute(h.store.db);
    expect(same.rows[0]!.h).toBe(hashToken('abc-DEF_123'));
    const row = await h.store.db.selectFrom('deliveries').select(['event_id', 'channel_id', 'round']).executeTakeFirstOrThrow();
    await expect(
      h.store.db
        .insertInto('deliveries')
        .values({
          event_id: row.event_id,
          channel_id: row.channel_id,
          round: row.round,
          window_start: new Date('2026-08-14T20:00:00Z'),
          action_token: 'clear-token-on-a-final-row-0123456789',
          action_token_hash: hashToken('clear-token-on-a-final-row-0123456789'),
          result: 'ok',
          created_at: new Date('2026-08-14T20:00:00Z'),
        })
        .execute(),
    ).rejects.toThrow(/deliveries_action_token_pending/);
  });
});
