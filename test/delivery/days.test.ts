// End to end through whole days (SPEC A6, A7, A11): a fake clock moves minute
// by minute; every minute the scheduler ticks (lifecycle + delivery) and the
// worker drains, against a local fake Home Assistant. The tests check the
// exact requests HA receives, their signatures, and the fake-clock moments
// they arrive at.
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../../src/core/tokens.ts';
import { Temporal } from '../../src/domain/time.ts';
import { call } from '../support/app.ts';
import { type FakeHa, type HaRequest, startFakeHa } from '../support/fake-ha.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';
import { createHarness, type Harness } from './harness.ts';

const MADRID = 'Europe/Madrid';
/** A Madrid wall time as the UTC instant string the fake clock uses. */
const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime(MADRID).toInstant().toString();
/** An instant as Madrid wall time, minutes. */
const local = (at: string): string => Temporal.Instant.from(at).toZonedDateTimeISO(MADRID).toPlainDateTime().toString({ smallestUnit: 'minute' });

/** Verifies a POST as a Standard Webhooks receiver would, with "now" at its arrival. */
function verify(secret: string, req: HaRequest): unknown {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(Temporal.Instant.from(req.at).epochMilliseconds);
  try {
    return new Webhook(secret).verify(req.body, {
      'webhook-id': String(req.headers['webhook-id']),
      'webhook-timestamp': String(req.headers['webhook-timestamp']),
      'webhook-signature': String(req.headers['webhook-signature']),
    });
  } finally {
    spy.mockRestore();
  }
}

async function deliveryRows(h: Harness) {
  return h.store.db
    .selectFrom('deliveries')
    .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
    .select([
      'deliveries.id',
      'deliveries.event_id',
      'deliveries.window_start',
      'deliveries.action_token',
      'deliveries.action_token_hash',
      'deliveries.result',
      'deliveries.sent_at',
      'deliveries.error',
      'deliveries.attempts',
      'channels.type',
    ])
    .orderBy('deliveries.id')
    .execute();
}

describe('a birthday nobody is home for: preparing → today → expired, fallback only', () => {
  let h: Harness;
  let ha: FakeHa;
  let secret: string;

  beforeAll(async () => {
    h = await createHarness({ now: madrid('2026-08-12T00:00'), env: ALLOW_LOOPBACK });
    ha = await startFakeHa(h.clock);
    ha.presence = false;
    secret = (await h.addWebhook('nikita', ha.deliverUrl, ha.presenceUrl)).secret;
    await h.put([
      {
        user: 'nikita',
        source_ref: 'person:42',
        topic: 'birthday',
        due_at: '2026-08-14',
        fire_at: '2026-08-12',
        after_due: 'expire',
        payload: { title: "Vasya's birthday", subtitle: 'turns 34', deep_link: '/people/42', done_label: 'Congratulated' },
      },
    ]);
    // Every minute, none skipped: nights and closed windows must be quiet on their own.
    // 4,560 ticks on embedded PGlite: ~2.5 min alone, twice that beside another test file on a 2-core machine.
    await h.run(madrid('2026-08-15T04:00'), { everyMinute: true });
  }, 600_000);
  afterAll(async () => {
    await ha.close();
    await h.close();
  });

  it('HA gets exactly the blind deliveries: 21:30 on preparing days, 09:50 / 14:50 / 20:50 on the day', () => {
    expect(ha.deliveries().map((r) => local(r.at))).toEqual([
      '2026-08-12T21:30',
      '2026-08-13T21:30',
      '2026-08-14T09:50',
      '2026-08-14T14:50',
      '2026-08-14T20:50',
    ]);
  });

  it('each POST is A7 body, signed per Standard Webhooks, webhook-id = the delivery id, timestamp = the send moment', async () => {
    const rows = (await deliveryRows(h)).filter((r) => r.type === 'webhook');
    expect(rows).toHaveLength(5);
    const states = ['preparing', 'preparing', 'today', 'today', 'today'];
    ha.deliveries().forEach((req, i) => {
      const row = rows[i]!;
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['webhook-id']).toBe(String(row.id));
      expect(Number(req.headers['webhook-timestamp'])).toBe(Temporal.Instant.from(req.at).epochMilliseconds / 1000);
      // The links carry the row's token; the database keeps only its hash once the row is final.
      const sent = verify(secret, req) as { actions: { ack: string } };
      const token = /\/a\/([^/]+)\/ack$/.exec(sent.actions.ack)![1]!;
      expect(hashToken(token)).toBe(row.action_token_hash);
      expect(row.action_token).toBeNull();
      expect(verify(secret, req)).toEqual({
        event: {
          id: row.event_id,
          state: states[i],
          due_at: '2026-08-14',
          source: 'docs',
          title: "Vasya's birthday",
          subtitle: 'turns 34',
          deep_link: '/people/42',
          done_label: 'Congratulated',
          locale: 'en',
        },
        actions: {
          ack: `https://hado.example.org/a/${token}/ack`,
          done: `https://hado.example.org/a/${token}/done`,
        },
      });
      expect(row.result).toBe('ok');
      expect(row.sent_at?.toISOString()).toBe(Temporal.Instant.from(req.at).toString().replace('Z', '.000Z'));
    });
    // A tampered body or a wrong secret does not verify.
    const first = ha.deliveries()[0]!;
    expect(() => verify(secret, { ...first, body: first.body.replace('34', '35') })).toThrow();
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, first)).toThrow();
  });

  it('the web row closes the same windows (written ok at once), one round per window', async () => {
    const rows = await deliveryRows(h);
    const web = rows.filter((r) => r.type === 'web');
    expect(web.map((r) => local(r.window_start.toISOString()))).toEqual([
      '2026-08-12T09:00',
      '2026-08-13T09:00',
      '2026-08-14T09:00',
      '2026-08-14T14:00',
      '2026-08-14T20:00',
    ]);
    expect(web.every((r) => r.result === 'ok' && r.attempts === 0)).toBe(true);
    expect(new Set(rows.map((r) => `${r.type}@${r.window_start.toISOString()}`)).size).toBe(rows.length);
  });

  it('presence is asked once a minute while waiting inside a window, never at night, never after expiry', () => {
    const calls = ha.presenceCalls().map((r) => Temporal.Instant.from(r.at));
    for (let i = 1; i < calls.length; i++) {
      expect(Temporal.Instant.compare(calls[i - 1]!.add({ seconds: 60 }), calls[i]!)).toBeLessThanOrEqual(0);
    }
    const times = calls.map((c) => local(c.toString()));
    expect(times[0]).toBe('2026-08-12T09:00');
    expect(times).toContain('2026-08-12T21:29');
    expect(times).not.toContain('2026-08-12T21:31');
    expect(times.every((t) => t.slice(11) >= '09:00' && t.slice(11) < '22:00')).toBe(true);
    // 21:00–22:00 is no fallback window: it waits, asking every minute, to the end.
    expect(times.at(-1)).toBe('2026-08-14T21:59');
    // Day 1: 09:00–21:30 every minute (751), the last at 21:30 when it falls back.
    expect(times.filter((t) => t.startsWith('2026-08-12'))).toHaveLength(751);
  });

  it('the event ends expired, and its tokens are dead', async () => {
    const ev = await h.store.db.selectFrom('events').select(['state']).executeTakeFirstOrThrow();
    expect(ev.state).toBe('expired');
    const sent = verify(secret, ha.deliveries()[0]!) as { actions: { ack: string } };
    const res = await call(h, 'POST', new URL(sent.actions.ack).pathname);
    expect(res.status).toBe(404);
  });
});

describe('present at home, Ack by link, overdue, Done by link, a revival with a new round', () => {
  let h: Harness;
  let ha: FakeHa;
  let secret: string;
  const tokens: string[] = [];
  const body = (req: HaRequest) => verify(secret, req) as { event: { state: string }; actions: { ack: string; done: string } };
  const tokenOf = (req: HaRequest) => /\/a\/([^/]+)\/ack$/.exec(body(req).actions.ack)![1]!;

  beforeAll(async () => {
    h = await createHarness({ now: madrid('2026-08-14T00:00'), env: ALLOW_LOOPBACK });
    ha = await startFakeHa(h.clock);
    ha.presence = true;
    secret = (await h.addWebhook('nikita', ha.deliverUrl, ha.presenceUrl)).secret;
    await h.put([
      {
        user: 'nikita',
        source_ref: 'passport',
        due_at: '2026-08-14T12:00',
        fire_at: '2026-08-14',
        after_due: 'keep',
        payload: { title: 'Passport appointment' },
      },
    ]);
  }, 60_000);
  afterAll(async () => {
    await ha.close();
    await h.close();
  });
  afterEach(() => {
    for (const req of ha.deliveries()) {
      const t = tokenOf(req);
      if (!tokens.includes(t)) tokens.push(t);
    }
  });

  it('delivers at the start of each hourly window while present, to HA only (web absent)', async () => {
    await h.run(madrid('2026-08-14T10:05'));
    expect(ha.deliveries().map((r) => local(r.at))).toEqual(['2026-08-14T09:00', '2026-08-14T10:00']);
    expect(ha.deliveries().map((r) => body(r).event.state)).toEqual(['today', 'today']);
    const rows = await deliveryRows(h);
    expect(rows.map((r) => r.type)).toEqual(['webhook', 'webhook']);
    // Optional fields absent from the payload are null in the body; done_label defaults to "Done".
    expect(verify(secret, ha.deliveries()[0]!)).toMatchObject({
      event: { subtitle: null, deep_link: null, done_label: 'Done', due_at: '2026-08-14T12:00' },
    });
  });

  it('Ack by the link at 10:05 silences 11:00; overdue opens at 12:00, but the due day had its reminders: the first overdue one is the next day’s', async () => {
    const ack = await call(h, 'POST', `/a/${tokenOf(ha.deliveries()[1]!)}/ack`, {
      headers: { 'content-type': 'application/json' },
      body: {},
    });
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ action: 'ack', event: { state: 'today', quiet_until: madrid('2026-08-14T12:00').replace('Z', '.000Z') } });
    await h.run(madrid('2026-08-15T09:30'));
    // One reminder per daily window (SPEC A6): the due day's overdue window holds its today reminders.
    expect(ha.deliveries().map((r) => local(r.at))).toEqual(['2026-08-14T09:00', '2026-08-14T10:00', '2026-08-15T09:00']);
    expect(ha.deliveries().map((r) => body(r).event.state)).toEqual(['today', 'today', 'overdue']);
  });

  it('Done by the newest link closes the event; no more deliveries', async () => {
    const done = await call(h, 'POST', `/a/${tokenOf(ha.deliveries()[2]!)}/done`);
    expect(done.status).toBe(200);
    expect(done.body.event).toMatchObject({ state: 'done', done_at: madrid('2026-08-15T09:30').replace('Z', '.000Z') });
    await h.run(madrid('2026-08-17T12:00'));
    expect(ha.deliveries()).toHaveLength(3);
  });

  it('every token of the closed event is dead: one uniform 404, the same as an unknown or malformed token', async () => {
    const bodies = [];
    for (const t of [...tokens, 'x'.repeat(43), 'not a token', '%00', tokens[0]!.toUpperCase()]) {
      for (const action of ['ack', 'done']) {
        const res = await call(h, 'POST', `/a/${encodeURIComponent(t)}/${action}`);
        expect(res.status).toBe(404);
        bodies.push(res.body);
      }
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b)))).toEqual(
      new Set([JSON.stringify({ error: { code: 'not_found', message: 'Unknown or expired action link' } })]),
    );
  });

  it('a revival (new due_at) is a new round: old tokens stay dead, new deliveries carry new tokens that work', async () => {
    await h.put([
      {
        user: 'nikita',
        source_ref: 'passport',
        due_at: '2026-08-20T12:00',
        fire_at: '2026-08-20',
        after_due: 'keep',
        payload: { title: 'Passport appointment (moved)' },
      },
    ]);
    const ev = await h.store.db.selectFrom('events').select(['state', 'round']).executeTakeFirstOrThrow();
    expect(ev).toEqual({ state: 'scheduled', round: 2 });
    await h.run(madrid('2026-08-20T09:01'));
    // The event is live again, yet the tokens of round 1 act on nothing.
    for (const t of tokens) expect((await call(h, 'POST', `/a/${t}/ack`)).status).toBe(404);
    expect(
      ha
        .deliveries()
        .map((r) => local(r.at))
        .slice(3),
    ).toEqual(['2026-08-20T09:00']);
    const fresh = tokenOf(ha.deliveries()[3]!);
    expect(tokens).not.toContain(fresh);
    const ack = await call(h, 'POST', `/a/${fresh}/ack`);
    expect(ack.status).toBe(200);
    expect(ack.body.event.state).toBe('today');
  });
});

describe('the web inbox as presence', () => {
  it('a heartbeat < 90 s old makes web present: the window closes with the web row only, HA gets nothing', async () => {
    const h = await createHarness({ now: madrid('2026-08-14T10:58'), env: ALLOW_LOOPBACK });
    const ha = await startFakeHa(h.clock);
    try {
      ha.presence = false;
      await h.addWebhook('nikita', ha.deliverUrl, ha.presenceUrl);
      await h.put([{ user: 'nikita', source_ref: 'r1', due_at: '2026-08-14', payload: { title: 'Today' } }]);
      await h.run(madrid('2026-08-14T11:00'));
      expect(await deliveryRows(h)).toHaveLength(0);
      expect((await call(h, 'POST', '/me/heartbeat', { user: 'nikita' })).status).toBe(204);
      const report = await h.tick();
      expect(report.decisions).toMatchObject([{ why: 'present', channels: [{ type: 'web' }] }]);
      const rows = await deliveryRows(h);
      expect(rows.map((r) => [r.type, r.result])).toEqual([['web', 'ok']]);
      // 90 s later the heartbeat is stale: at 12:00 nobody is present and 12:00 is no fallback window.
      h.clock.set(madrid('2026-08-14T12:00'));
      expect((await h.tick()).decisions).toMatchObject([{ why: 'waiting' }]);
      expect(ha.deliveries()).toHaveLength(0);
    } finally {
      await ha.close();
      await h.close();
    }
  });
});
