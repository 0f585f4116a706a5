// GET /me/events/{id}/why: the scheduler's own decision functions, as of the
// injected clock, in words — state, checkpoints, the window open now, the
// channel chosen, the next reminder — and the page that shows it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runTick, windowConfigOf } from '../../src/scheduler/tick.ts';
import { presenceOf } from '../../src/runtime.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { birthday, type EventJson, put } from './helpers.ts';

let t: TestApp;
let docs: string;
const NOW = '2026-08-01T10:00:00Z'; // Saturday 1 August 2026, 12:00 in Madrid

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  docs = await createSource(t, 'docs');
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

let seq = 0;
async function create(user: string, over: EventJson): Promise<number> {
  const res = await put(t, docs, [birthday({ user, source_ref: `why:${++seq}`, ...over })]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.events[0].id;
}

const why = (id: number, user: string) => call(t, 'GET', `/me/events/${id}/why`, { user });

describe('GET /me/events/{id}/why', () => {
  it('explains a scheduled event: checkpoints, and the first reminder on the fire day inside the active hours', async () => {
    const id = await create('w1', { due_at: '2026-08-20T18:00', fire_at: '2026-08-18' });
    const res = await why(id, 'w1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.state).toBe('scheduled');
    expect(res.body.tz).toBe('Europe/Madrid');
    expect(res.body.active_hours).toEqual({ from: '09:00', until: '22:00' });
    expect(res.body.checkpoints.preparing_at).toBe('2026-08-17T22:00:00Z'); // 00:00 of 18 August in Madrid
    expect(res.body.checkpoints.due_at).toBe('2026-08-20T16:00:00Z');
    expect(res.body.next_transition).toEqual({ at: '2026-08-17T22:00:00Z', to: 'preparing' });
    expect(res.body.decision).toBe('not-reminding');
    // The first window of the preparing phase opens at 09:00 in Madrid, the start of the active hours.
    expect(res.body.next_reminder.at).toBe('2026-08-18T07:00:00Z');
    expect(res.body.next_reminder.state).toBe('preparing');
    expect(res.body.lines[0]).toMatch(/^Scheduled: nothing is sent yet\. It starts reminding on the fire day, 2026-08-18 00:00 \(Europe\/Madrid\)/);
    expect(res.body.lines.join('\n')).toContain('Next reminder: in the window from 2026-08-18 09:00 (Europe/Madrid)');
    expect(res.body.channels).toEqual([{ id: expect.any(Number), type: 'web', enabled: true, presence: 'unknown', chosen: false }]);
  });

  it('says why an event is expired', async () => {
    const id = await create('w2', { due_at: '2026-07-30', fire_at: '2026-07-30', after_due: 'expire' });
    const res = await why(id, 'w2');
    expect(res.body.state).toBe('expired');
    expect(res.body.next_reminder).toBeNull();
    expect(res.body.next_check_at).toBeNull();
    expect(res.body.lines[0]).toBe(
      'Expired because its due moment, 2026-07-31 00:00 (Europe/Madrid), has passed and the source asked for after_due "expire" (not "keep"). Nothing more will be sent.',
    );
  });

  it('follows the tick: an open fallback window, then delivered, then Ack quiet, then Done', async () => {
    // Today at 12:00 in Madrid, due at 20:00: the hourly windows of the due day.
    const id = await create('w3', { due_at: '2026-08-01T20:00', fire_at: '2026-08-01' });
    t.clock.set('2026-08-01T12:55:00Z'); // 14:55 in Madrid: the 14:00 window falls back at 14:50
    const before = await why(id, 'w3');
    expect(before.body.state).toBe('today');
    expect(before.body.window).toEqual({ start: '2026-08-01T12:00:00Z', end: '2026-08-01T13:00:00Z', fallback_at: '2026-08-01T12:50:00Z' });
    expect(before.body.decision).toBe('fallback');
    expect(before.body.channels[0].chosen).toBe(true);
    expect(before.body.lines[1]).toMatch(
      /^Now: nobody is present and this window's fallback moment has passed, so the next tick delivers to every enabled channel: web #\d+\.$/,
    );

    // The tick decides the same, and afterwards the window counts as delivered.
    const report = await runTick(t.ctx.db, t.clock.now(), { presence: presenceOf(t.ctx, { recordHealth: false }), cfg: windowConfigOf(t.config) });
    const mine = report.decisions!.find((d) => d.event.id === id)!;
    expect(mine.why).toBe(before.body.decision);
    const after = await why(id, 'w3');
    expect(after.body.decision).toBe('delivered');
    expect(after.body.next_check_at).toBe(mine.nextCheckAt);
    // The next window is 15:00 in Madrid; it delivers only to a present channel (15:00 is not a fallback hour).
    expect(after.body.next_reminder).toMatchObject({ at: '2026-08-01T13:00:00Z', to: 'present' });

    expect((await call(t, 'POST', `/me/events/${id}/ack`, { user: 'w3' })).status).toBe(200);
    const quiet = await why(id, 'w3');
    expect(quiet.body.quiet_until).not.toBeNull();
    expect(quiet.body.lines.join('\n')).toMatch(/[Aa]cknowledged \(Ack\), so quiet until 2026-08-01 16:00/);

    expect((await call(t, 'POST', `/me/events/${id}/done`, { user: 'w3' })).status).toBe(200);
    const done = await why(id, 'w3');
    expect(done.body.state).toBe('done');
    expect(done.body.lines[0]).toBe('Done: it was marked done at 2026-08-01 14:55 (Europe/Madrid). Nothing more will be sent.');
  });

  it("is 404 for another user's event, and the page shows the same sentences", async () => {
    const id = await create('w4', { due_at: '2026-08-20', fire_at: '2026-08-20' });
    expect((await why(id, 'someone-else')).status).toBe(404);
    expect((await call(t, 'GET', `/inbox/events/${id}/why`, { user: 'someone-else' })).status).toBe(404);
    const page = await call(t, 'GET', `/inbox/events/${id}/why`, { user: 'w4' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Scheduled: nothing is sent yet.');
    const inbox = await call(t, 'GET', '/', { user: 'w4' });
    expect(inbox.body).toContain(`href="/inbox/events/${id}/why"`);
  });
});
