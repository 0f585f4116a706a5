// Issue 9: reminders at exactly the seed's moments (seed 000 §6–§8, SPEC A4,
// A6 and Part C as corrected). Each case runs the whole system — app,
// scheduler tick, worker — against a fake Home Assistant and a fake clock,
// on whichever storage backend the suite runs on (CI runs it on both).
import { afterEach, describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import type { TickReport } from '../../src/scheduler/tick.ts';
import { call } from '../support/app.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { createHarness, type Harness } from './harness.ts';

const BERLIN = 'Europe/Berlin';
/** A Berlin wall time as the instant string the fake clock takes. */
const berlin = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime(BERLIN).toInstant().toString();
/** An instant as Berlin wall time, to the minute. */
const local = (at: string | Date): string =>
  Temporal.Instant.from(typeof at === 'string' ? at : at.toISOString())
    .toZonedDateTimeISO(BERLIN)
    .toPlainDateTime()
    .toString({ smallestUnit: 'minute' });

let h: Harness | null = null;
let ha: FakeHa | null = null;
afterEach(async () => {
  await ha?.close();
  await h?.close();
  ha = null;
  h = null;
});

async function setUp(now: string, present: boolean): Promise<{ h: Harness; ha: FakeHa }> {
  h = await createHarness({ now: berlin(now), env: { HADO_DEFAULT_TZ: BERLIN } });
  ha = await startFakeHa(h.clock);
  ha.presence = present;
  await h.addWebhook('nikita', ha.deliverUrl, ha.presenceUrl);
  return { h, ha };
}

/**
 * Moves the clock to `from` without ticking, then ticks every minute to
 * `until`. Only for stretches where nobody is present and no fallback moment
 * falls (the decisions there are all "waiting"), so ticking through them
 * would change nothing but the test's duration: one minute of a waiting
 * event is one full tick on a loaded CI machine.
 */
async function skipTo(harness: Harness, from: string, until: string): Promise<TickReport[]> {
  harness.clock.set(berlin(from));
  return harness.run(berlin(until));
}

/** What HA received: the Berlin minute of each POST and the event state it carried. */
const received = (fake: FakeHa): string[] => fake.deliveries().map((r) => `${local(r.at)} ${(JSON.parse(r.body) as { event: { state: string } }).event.state}`);

/** Every state change the ticks made, as "minute from→to [new round]". */
const changes = (reports: TickReport[]): string[] =>
  reports.flatMap((r) => (r.transitions ?? []).map((t) => `${local(r.at.toString())} ${t.from}→${t.to}${t.newRound ? ` ${t.newRound}` : ''}`));

describe('issue 9 case 1: a series rolls as soon as its round ends, so an early occurrence’s eve is reached', () => {
  const daily = { type: 'weekly', weekdays: [0, 1, 2, 3, 4, 5, 6], time_local: '07:00' };

  it('every day at 07:00, pushed Monday 12:00 (after Monday’s occurrence), present: 20:00 and 21:00 every evening', async () => {
    // 2026-08-10 is a Monday.
    const { h, ha } = await setUp('2026-08-10T12:00', true);
    await h.put([{ user: 'nikita', source_ref: 'pills', recurrence: daily, after_due: 'expire', payload: { title: 'Pills' } }]);
    // Pushed after Monday's 07:00: the series starts with Tuesday's occurrence.
    const shown = await call(h, 'GET', '/api/events?source_ref=pills', { token: h.token });
    expect(shown.body).toMatchObject({ due_at: '2026-08-11T07:00', state: 'scheduled' });
    const reports = await h.run(berlin('2026-08-13T08:00'));
    expect(received(ha)).toEqual([
      '2026-08-10T20:00 today',
      '2026-08-10T21:00 today',
      '2026-08-11T20:00 today',
      '2026-08-11T21:00 today',
      '2026-08-12T20:00 today',
      '2026-08-12T21:00 today',
    ]);
    // Each round ends at 07:00 and the next starts in the same tick, not at midnight.
    expect(changes(reports)).toEqual([
      '2026-08-10T20:00 scheduled→today',
      '2026-08-11T07:00 today→expired',
      '2026-08-11T07:00 expired→scheduled 2026-08-12T07:00',
      '2026-08-11T20:00 scheduled→today',
      '2026-08-12T07:00 today→expired',
      '2026-08-12T07:00 expired→scheduled 2026-08-13T07:00',
      '2026-08-12T20:00 scheduled→today',
      '2026-08-13T07:00 today→expired',
      '2026-08-13T07:00 expired→scheduled 2026-08-14T07:00',
    ]);
  }, 120_000);

  it('after_due keep still waits for Done; Done rolls at once and the next eve is reached', async () => {
    const { h, ha } = await setUp('2026-08-10T12:00', true);
    await h.put([{ user: 'nikita', source_ref: 'pills', recurrence: daily, after_due: 'keep', payload: { title: 'Pills' } }]);
    await h.run(berlin('2026-08-11T12:00'));
    // Overdue from 07:00, reminded in the day's window (09:00, present); it does not roll by itself.
    expect(received(ha)).toEqual(['2026-08-10T20:00 today', '2026-08-10T21:00 today', '2026-08-11T09:00 overdue']);
    const before = await call(h, 'GET', '/api/events?source_ref=pills', { token: h.token });
    expect(before.body).toMatchObject({ due_at: '2026-08-11T07:00', state: 'overdue' });
    expect((await call(h, 'POST', `/me/events/${before.body.id}/done`, { user: 'nikita' })).status).toBe(200);
    await h.run(berlin('2026-08-12T08:00'));
    const after = await call(h, 'GET', '/api/events?source_ref=pills', { token: h.token });
    expect(after.body).toMatchObject({ due_at: '2026-08-12T07:00' });
    expect(received(ha).slice(3)).toEqual(['2026-08-11T20:00 today', '2026-08-11T21:00 today']);
  }, 120_000);
});

describe('issue 9 case 2: a daily window keeps its nominal bounds for its fallback moment', () => {
  it('due 08-14 07:00, fire_at 08-12, nobody present: blind at 08-12 21:30 and 08-13 20:50 only (no 19:30 on the eve)', async () => {
    // Pushed late on 08-12 (already preparing); the waiting stretches without a fallback moment are skipped.
    const { h, ha } = await setUp('2026-08-12T21:00', false);
    await h.put([
      { user: 'nikita', source_ref: 'flight', due_at: '2026-08-14T07:00', fire_at: '2026-08-12', after_due: 'expire', payload: { title: 'Flight' } },
    ]);
    const reports = [
      ...(await h.run(berlin('2026-08-12T21:31'))),
      ...(await skipTo(h, '2026-08-13T19:00', '2026-08-13T20:51')),
      ...(await skipTo(h, '2026-08-14T06:55', '2026-08-14T07:01')),
    ];
    expect(received(ha)).toEqual(['2026-08-12T21:30 preparing', '2026-08-13T20:50 today']);
    expect(changes(reports)).toEqual(['2026-08-13T20:00 preparing→today', '2026-08-14T07:00 today→expired']);
    // The eve's preparing window waited for presence until today began at 20:00, and never fell back.
    const eve = reports.flatMap((r) => r.decisions ?? []).filter((d) => d.event.state === 'preparing' && d.window?.start === berlin('2026-08-13T09:00'));
    expect(eve.length).toBeGreaterThan(0);
    expect(eve.every((d) => d.why === 'waiting' && d.window!.fallbackAt === null)).toBe(true);
  }, 120_000);

  it('present on the eve before 20:00: the preparing reminder goes at once, as before', async () => {
    const { h, ha } = await setUp('2026-08-13T17:30', false);
    await h.put([
      { user: 'nikita', source_ref: 'flight', due_at: '2026-08-14T07:00', fire_at: '2026-08-12', after_due: 'expire', payload: { title: 'Flight' } },
    ]);
    await h.run(berlin('2026-08-13T18:00'));
    expect(received(ha)).toEqual([]);
    ha.presence = true;
    await h.run(berlin('2026-08-13T21:05'));
    expect(received(ha)).toEqual(['2026-08-13T18:00 preparing', '2026-08-13T20:00 today', '2026-08-13T21:00 today']);
  }, 120_000);
});

describe('issue 9 case 3: at most one reminder per daily window', () => {
  it('due 16:30 keep, present: hourly today 09:00 … 16:00, no overdue that day; the first overdue is the next day’s 09:00', async () => {
    const { h, ha } = await setUp('2026-08-14T00:00', true);
    await h.put([{ user: 'nikita', source_ref: 'tax', due_at: '2026-08-14T16:30', after_due: 'keep', payload: { title: 'Tax' } }]);
    await h.run(berlin('2026-08-15T12:00'));
    expect(received(ha)).toEqual([...['09', '10', '11', '12', '13', '14', '15', '16'].map((hh) => `2026-08-14T${hh}:00 today`), '2026-08-15T09:00 overdue']);
  }, 120_000);

  it('any today reminder of the due day counts, not only the 09:00 window’s: reminded 10:30 and 14:50, no overdue that day', async () => {
    // Pushed at 10:30 with HA present (the 10:00 window), then nobody: 14:50 blind (the 14:00 window). Neither
    // shares the daily window's start (09:00), yet both are inside it: the due day's overdue window is closed.
    const { h, ha } = await setUp('2026-08-14T10:30', true);
    await h.put([{ user: 'nikita', source_ref: 'tax', due_at: '2026-08-14T16:30', after_due: 'keep', payload: { title: 'Tax' } }]);
    await h.run(berlin('2026-08-14T10:31'));
    ha.presence = false;
    await skipTo(h, '2026-08-14T14:00', '2026-08-14T14:51');
    await skipTo(h, '2026-08-14T16:25', '2026-08-14T16:31');
    await skipTo(h, '2026-08-14T21:00', '2026-08-14T21:45');
    expect(received(ha)).toEqual(['2026-08-14T10:30 today', '2026-08-14T14:50 today']);
    await skipTo(h, '2026-08-15T21:00', '2026-08-15T21:31');
    expect(received(ha).slice(2)).toEqual(['2026-08-15T21:30 overdue']);
  }, 120_000);

  it('a due day with no reminder at all (pushed 16:00, nobody present) still gets its overdue reminder at the daily fallback', async () => {
    const { h, ha } = await setUp('2026-08-14T16:00', false);
    await h.put([{ user: 'nikita', source_ref: 'tax', due_at: '2026-08-14T16:30', after_due: 'keep', payload: { title: 'Tax' } }]);
    await h.run(berlin('2026-08-14T16:31'));
    expect(received(ha)).toEqual([]);
    await skipTo(h, '2026-08-14T21:00', '2026-08-14T21:31');
    await skipTo(h, '2026-08-15T09:00', '2026-08-15T09:05');
    // 16:00–16:30 is no fallback window (9/14/20); overdue from 16:30, blind at 21:30; the next day waits for 21:30.
    expect(received(ha)).toEqual(['2026-08-14T21:30 overdue']);
  }, 120_000);
});

describe('issue 9 case 4: the eve rule compares instants (DST gap)', () => {
  it('Berlin, quiet_end 02:30, due 2026-03-29T02:45 (in the gap, 03:00): today from 20:00 on the eve, reminded, then expired', async () => {
    const { h, ha } = await setUp('2026-03-27T12:00', false);
    expect((await call(h, 'PATCH', '/me', { user: 'nikita', body: { quiet_end: '02:30' } })).status).toBe(200);
    await h.put([{ user: 'nikita', source_ref: 'night', due_at: '2026-03-29T02:45', after_due: 'expire', payload: { title: 'Night train' } }]);
    const reports = await h.run(berlin('2026-03-29T04:00'));
    expect(changes(reports)).toEqual(['2026-03-28T20:00 scheduled→today', '2026-03-29T03:00 today→expired']);
    // With active hours from 02:30 the hourly windows start at :30; the eve (from 20:00) has 20:00–20:30,
    // 20:30–21:30 (the 20 o'clock fallback window, blind 10 min before its end) and 21:30–22:00.
    expect(received(ha)).toEqual(['2026-03-28T21:20 today']);
  }, 120_000);
});
