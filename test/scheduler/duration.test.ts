// A rule's duration_minutes in the delivery tick (issue 24 point 7): a timed
// occurrence with a duration is `today` until its end, so the tick keeps
// reminding during the session (not only the lifecycle tick), and an
// `expire` event expires at the end rather than at the start. The clock moves
// through one session: before it, inside it, after its end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';

// Monday 30 Nov 2026; Madrid is UTC+1 in winter. The session is 10:00-11:00 Madrid (09:00-10:00 UTC).
const rule = { type: 'weekly', weekdays: [0], anchor_date: '2026-11-30', time_local: '10:00', timezone: 'Europe/Madrid', duration_minutes: 60 };

describe('duration_minutes in the ticks', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ now: '2026-11-30T08:00:00Z' });
  });
  afterAll(() => h.close());

  const put = (sourceRef: string, recurrence: Record<string, unknown>) =>
    call(h, 'PUT', '/api/events', {
      token: h.token,
      body: { events: [{ user: 'nikita', source_ref: sourceRef, topic: 'session', recurrence, after_due: 'expire', payload: { title: sourceRef } }] },
    });
  const decisionOf = (report: Awaited<ReturnType<Harness['tick']>>, ref: string) => report.decisions?.find((d) => d.event.sourceRef === ref);
  const state = async (ref: string) => (await call(h, 'GET', `/api/events?source_ref=${ref}&topic=session`, { token: h.token })).body.state;

  it('inside the session the delivery tick still reminds; the event expires at the end, not at the start', async () => {
    expect((await put('with', rule)).status).toBe(200);
    expect((await put('without', { ...rule, duration_minutes: undefined })).status).toBe(200);
    await h.tick();
    // 10:30 Madrid: half-way through the session.
    h.clock.set('2026-11-30T09:30:00Z');
    // Every event is looked at in this tick.
    await h.store.db
      .updateTable('events')
      .set({ next_check_at: new Date('2026-11-30T09:30:00Z') })
      .execute();
    const inside = await h.tick();
    const withDuration = decisionOf(inside, 'with');
    expect(withDuration?.event.state).toBe('today');
    expect(withDuration?.why).not.toBe('not-reminding');
    expect(await state('with')).toBe('today');
    // Without a duration the occurrence ended at its start: expired, and the series moved on to next Monday.
    expect(await state('without')).not.toBe('today');
    expect(decisionOf(inside, 'without')?.why ?? 'not-reminding').toBe('not-reminding');
    // 11:05 Madrid: the session is over.
    h.clock.set('2026-11-30T10:05:00Z');
    await h.store.db
      .updateTable('events')
      .set({ next_check_at: new Date('2026-11-30T10:05:00Z') })
      .execute();
    const after = await h.tick();
    expect(decisionOf(after, 'with')?.why ?? 'not-reminding').toBe('not-reminding');
    expect(await state('with')).not.toBe('today');
  });
});
