// A push is accepted even when an event's due has already passed, but such an
// event is expired at once and nobody is ever reminded of it (issue 26). The
// answer says so, per event, in `warnings`; an event that will be reminded
// has no `warnings` at all.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';
import { birthday, put } from './helpers.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
  token = await createSource(t, 'docs');
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set('2026-08-01T10:00:00Z'); // 12:00 in Madrid, the default zone
  await t.store.db.deleteFrom('events').execute();
});

const PAST = 'the event is expired and will not be reminded';

describe('PUT /api/events: warnings', () => {
  it('an event whose due has passed: 200, state expired, a warning naming its due_at', async () => {
    const res = await put(t, token, [birthday({ due_at: '2026-07-20', fire_at: undefined })]);
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual([
      {
        source_ref: 'person:42',
        topic: 'birthday',
        id: expect.any(Number),
        state: 'expired',
        warnings: [
          'due_at 2026-07-20 is in the past: the event is expired and will not be reminded ' +
            '(send a due_at in the future, or after_due "keep" to keep a passed event as overdue)',
        ],
      },
    ]);
  });

  it('warns per event, in input order: only the ones that passed', async () => {
    const res = await put(t, token, [
      birthday({ source_ref: 'future', due_at: '2026-08-14' }),
      birthday({ source_ref: 'past-instant', due_at: '2026-08-01T09:59+00:00', fire_at: undefined }),
      birthday({ source_ref: 'past-kept', due_at: '2026-07-20', fire_at: undefined, after_due: 'keep' }),
      birthday({ source_ref: 'today', due_at: '2026-08-01', fire_at: undefined }),
    ]);
    expect(res.status).toBe(200);
    const [future, pastInstant, pastKept, today] = res.body.events;
    expect(future).toMatchObject({ state: 'scheduled' });
    expect(future).not.toHaveProperty('warnings');
    expect(pastInstant.state).toBe('expired');
    expect(pastInstant.warnings).toHaveLength(1);
    expect(pastInstant.warnings[0]).toContain(`due_at 2026-08-01T09:59+00:00 is in the past: ${PAST}`);
    // Kept after the due: overdue, still reminded, so nothing to warn about.
    expect(pastKept).toMatchObject({ state: 'overdue' });
    expect(pastKept).not.toHaveProperty('warnings');
    // Due at the end of today: not passed yet.
    expect(today).toMatchObject({ state: 'today' });
    expect(today).not.toHaveProperty('warnings');
  });

  it('the same push a minute before the due has no warning; after it, the warning appears', async () => {
    const instant = birthday({ due_at: '2026-08-01T10:01+00:00', fire_at: undefined });
    const before = await put(t, token, [instant]);
    expect(before.body.events[0]).not.toHaveProperty('warnings');
    t.clock.set('2026-08-01T10:02:00Z');
    const after = await put(t, token, [instant]);
    expect(after.body.events[0].state).toBe('expired');
    expect(after.body.events[0].warnings[0]).toContain(PAST);
  });
});
