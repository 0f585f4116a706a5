// Issue 28: the tick's second phase writes only the rows whose versions (the
// event's, its user's, its source's) have not moved since phase 1 read them,
// and reads again, locked, only the rows that moved while presence was asked. An Ack that lands during the presence round must still
// be honoured (SPEC A7: never before quiet_until). Several connections: real
// PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PresenceCache, type PresenceAsk } from '../../src/channels/presence.ts';
import { openStore, type Store } from '../../src/db/connect.ts';
import { type Instant, Temporal } from '../../src/domain/time.ts';
import { runTick, windowConfigOf } from '../../src/scheduler/tick.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';
import { onPostgres } from '../support/store.ts';
import { createHarness, type Harness } from './harness.ts';

const madrid = (wall: string) => Temporal.PlainDateTime.from(wall).toZonedDateTime('Europe/Madrid').toInstant().toString();

describe.skipIf(!onPostgres)('a row that moves between the two phases of a tick', () => {
  let h: Harness;
  let ha: FakeHa;
  let other: Store;

  beforeAll(async () => {
    h = await createHarness({ now: madrid('2026-08-14T10:00'), env: ALLOW_LOOPBACK });
    ha = await startFakeHa(h.clock);
    ha.presence = true;
    other = await openStore({ databaseUrl: h.store.url!, poolSize: 1 });
    await h.addWebhook('ana', ha.deliverUrl, ha.presenceUrl);
    await h.addWebhook('ben', ha.deliverUrl, ha.presenceUrl);
    await h.addWebhook('cara', ha.deliverUrl, ha.presenceUrl);
    await h.addWebhook('dan', ha.deliverUrl, ha.presenceUrl);
    await h.put([
      { user: 'ana', source_ref: 'acked', due_at: '2026-08-14', payload: { title: 'Acked meanwhile' } },
      { user: 'ben', source_ref: 'kept', due_at: '2026-08-14', payload: { title: 'Untouched' } },
      { user: 'cara', source_ref: 'closed', due_at: '2026-08-14', payload: { title: 'Done meanwhile' } },
      { user: 'dan', source_ref: 'hushed', due_at: '2026-08-14', payload: { title: 'Quiet hours moved meanwhile' } },
    ]);
  }, 120_000);

  afterAll(async () => {
    await other.close();
    await ha.close();
    await h.close();
  });

  it('an Ack, a Done or new quiet hours committed while presence is asked are read again: not delivered; the untouched event is delivered', async () => {
    const ackMeanwhile = new (class extends PresenceCache {
      override async ask(asks: Iterable<PresenceAsk>, now: Instant) {
        // Another connection, as the Ack route would: phase 1 holds no row locks.
        await other.db
          .updateTable('events')
          .set({ quiet_until: new Date(Date.parse(madrid('2026-08-14T11:00'))) })
          .where('source_ref', '=', 'acked')
          .execute();
        // Done: no longer due, so out of the tick altogether.
        await other.db.updateTable('events').set({ state: 'done' }).where('source_ref', '=', 'closed').execute();
        // Only the user's row moves (quiet from 09:30 on): read again with it, the event has no window open at 10:01.
        await other.db.updateTable('users').set({ quiet_start: '09:30' }).where('login', '=', 'dan').execute();
        return super.ask(asks, now);
      }
    })(h.channels, { timeoutMs: 2000 });
    h.clock.set(madrid('2026-08-14T10:01'));
    const report = await runTick(h.store.db, h.clock.now(), { presence: ackMeanwhile, cfg: windowConfigOf(h.config) });
    const why = Object.fromEntries((report.decisions ?? []).map((d) => [d.event.sourceRef, d.why]));
    expect(why).toEqual({ acked: 'quiet', kept: 'present', hushed: 'no-window' });
    const rows = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('events', 'events.id', 'deliveries.event_id')
      .select('events.source_ref')
      .distinct()
      .execute();
    expect(rows.map((r) => r.source_ref)).toEqual(['kept']);
  }, 120_000);
});
