import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameDue } from '../../src/domain/due.ts';
import {
  type AfterDue,
  type EventDates,
  type Milestones,
  STATES,
  type State,
  advance,
  countsInBadge,
  isTerminal,
  milestones,
  nextTransitionAt,
  phaseAt,
} from '../../src/domain/lifecycle.ts';
import { type Instant, Temporal } from '../../src/domain/time.ts';
import type { UserSettings } from '../../src/domain/user.ts';
import { BERLIN, HAVANA, MONTEVIDEO, NEW_YORK, TOKYO, event, show, user, utc, wall } from './fixtures.ts';

const B = user(BERLIN);

describe('the A4 table', () => {
  it.each([
    { state: 'scheduled', terminal: false, badge: false },
    { state: 'preparing', terminal: false, badge: false },
    { state: 'today', terminal: false, badge: true },
    { state: 'overdue', terminal: false, badge: true },
    { state: 'done', terminal: true, badge: false },
    { state: 'expired', terminal: true, badge: false },
    { state: 'withdrawn', terminal: true, badge: false },
  ] as const)('$state: terminal $terminal, in badge $badge', ({ state, terminal, badge }) => {
    expect(isTerminal(state)).toBe(terminal);
    expect(countsInBadge(state)).toBe(badge);
  });

  it('lists every state once', () => {
    expect([...STATES].sort()).toEqual(['done', 'expired', 'overdue', 'preparing', 'scheduled', 'today', 'withdrawn']);
  });
});

describe('phaseAt: transitions by the clock (SPEC A4)', () => {
  // Vasya's birthday, preparation from 30 days before.
  const keep = event('2026-08-14', '2026-07-15', 'keep');
  const expire = event('2026-08-14', '2026-07-15', 'expire');

  it.each([
    { now: '2026-01-01T12:00', keep: 'scheduled', expire: 'scheduled' },
    { now: '2026-07-14T23:59:59', keep: 'scheduled', expire: 'scheduled' },
    { now: '2026-07-15T00:00', keep: 'preparing', expire: 'preparing' },
    { now: '2026-07-15T10:00', keep: 'preparing', expire: 'preparing' },
    { now: '2026-08-13T20:00', keep: 'preparing', expire: 'preparing' },
    { now: '2026-08-13T23:59:59', keep: 'preparing', expire: 'preparing' },
    { now: '2026-08-14T00:00', keep: 'today', expire: 'today' },
    { now: '2026-08-14T23:59:59', keep: 'today', expire: 'today' },
    { now: '2026-08-15T00:00', keep: 'overdue', expire: 'expired' },
    { now: '2027-03-01T09:00', keep: 'overdue', expire: 'expired' },
  ])('all-day birthday at $now Berlin → $keep / $expire', ({ now, keep: k, expire: x }) => {
    expect(phaseAt(keep, B, wall(now, BERLIN))).toBe(k);
    expect(phaseAt(expire, B, wall(now, BERLIN))).toBe(x);
  });

  it.each([
    { now: '2026-09-02T23:59', state: 'scheduled' },
    { now: '2026-09-03T00:00', state: 'preparing' },
    { now: '2026-09-09T23:59', state: 'preparing' },
    { now: '2026-09-10T00:00', state: 'today' },
    { now: '2026-09-10T13:59:59', state: 'today' },
    { now: '2026-09-10T14:00', state: 'expired' },
  ])('timed 14:00 due at $now → $state', ({ now, state }) => {
    expect(phaseAt(event('2026-09-10T14:00', '2026-09-03', 'expire'), B, wall(now, BERLIN))).toBe(state);
  });

  it.each([
    { now: '2026-09-09T23:59', state: 'scheduled' },
    { now: '2026-09-10T00:00', state: 'today' },
    { now: '2026-09-10T23:59', state: 'today' },
  ])('fire_on = due day never prepares: $now → $state', ({ now, state }) => {
    expect(phaseAt(event('2026-09-10', '2026-09-10'), B, wall(now, BERLIN))).toBe(state);
  });

  it.each([
    // The 07:00 flight with quiet_end 09:00: the due day starts on the eve at 20:00.
    { dueAt: '2026-09-10T07:00', fireAt: '2026-09-01', now: '2026-09-09T19:59', state: 'preparing' },
    { dueAt: '2026-09-10T07:00', fireAt: '2026-09-01', now: '2026-09-09T20:00', state: 'today' },
    { dueAt: '2026-09-10T07:00', fireAt: '2026-09-01', now: '2026-09-10T06:59', state: 'today' },
    { dueAt: '2026-09-10T07:00', fireAt: '2026-09-01', now: '2026-09-10T07:00', state: 'expired' },
    { dueAt: '2026-09-10T07:00', fireAt: '2026-09-10', now: '2026-09-09T19:59', state: 'scheduled' },
    { dueAt: '2026-09-10T07:00', fireAt: '2026-09-10', now: '2026-09-09T20:00', state: 'today' },
    { dueAt: '2026-09-10T07:00', fireAt: '2026-09-09', now: '2026-09-09T00:00', state: 'preparing' },
    { dueAt: '2026-09-10T07:00', fireAt: '2026-09-09', now: '2026-09-09T20:00', state: 'today' },
    // AT quiet_end: the eve rule too.
    { dueAt: '2026-09-10T09:00', fireAt: '2026-09-01', now: '2026-09-09T20:00', state: 'today' },
    { dueAt: '2026-09-10T09:00', fireAt: '2026-09-01', now: '2026-09-10T09:00', state: 'expired' },
    // One minute later there is an active minute on the day: 00:00 as usual.
    { dueAt: '2026-09-10T09:01', fireAt: '2026-09-01', now: '2026-09-09T20:00', state: 'preparing' },
    { dueAt: '2026-09-10T09:01', fireAt: '2026-09-01', now: '2026-09-10T00:00', state: 'today' },
    // An all-day due never takes the eve rule.
    { dueAt: '2026-09-10', fireAt: '2026-09-01', now: '2026-09-09T20:00', state: 'preparing' },
    { dueAt: '2026-09-10', fireAt: '2026-09-01', now: '2026-09-09T23:59', state: 'preparing' },
  ])('early due $dueAt (fire $fireAt) at $now → $state', ({ dueAt, fireAt, now, state }) => {
    expect(phaseAt(event(dueAt, fireAt, 'expire'), B, wall(now, BERLIN))).toBe(state);
  });

  it.each([
    { now: '2026-09-09T19:59', keep: 'scheduled', expire: 'scheduled' },
    { now: '2026-09-09T20:00', keep: 'today', expire: 'today' },
    { now: '2026-09-10T03:14', keep: 'today', expire: 'today' },
    { now: '2026-09-10T03:15', keep: 'overdue', expire: 'expired' },
  ])('fixed 08:15+02:00 with America/Montevideo at $now → $keep / $expire (A11)', ({ now, keep: k, expire: x }) => {
    const u = user(MONTEVIDEO);
    const at = wall(now, MONTEVIDEO);
    expect(phaseAt(event('2026-09-10T08:15+02:00', '2026-09-10', 'keep'), u, at)).toBe(k);
    expect(phaseAt(event('2026-09-10T08:15+02:00', '2026-09-10', 'expire'), u, at)).toBe(x);
  });
});

describe('recompute from the dates on upsert (SPEC A4), incl. past dates', () => {
  const now = wall('2026-09-10T10:30', BERLIN);

  it.each([
    { dueAt: '2026-12-01', fireAt: '2026-11-01', after: 'keep', state: 'scheduled', why: 'all in the future' },
    { dueAt: '2026-12-01', fireAt: '2026-09-10', after: 'keep', state: 'preparing', why: 'fire_on is today' },
    { dueAt: '2026-12-01', fireAt: '2026-06-01', after: 'keep', state: 'preparing', why: 'fire_on in the past' },
    { dueAt: '2026-09-10', fireAt: '2026-09-10', after: 'keep', state: 'today', why: 'arrives on its due day' },
    { dueAt: '2026-09-10', fireAt: '2026-08-01', after: 'expire', state: 'today', why: 'due day, fire_on past' },
    { dueAt: '2026-09-10T18:00', fireAt: '2026-09-10', after: 'keep', state: 'today', why: 'later today' },
    { dueAt: '2026-09-10T10:00', fireAt: '2026-09-10', after: 'keep', state: 'overdue', why: 'passed this morning' },
    { dueAt: '2026-09-10T10:00', fireAt: '2026-09-01', after: 'expire', state: 'expired', why: 'passed, expire' },
    { dueAt: '2026-09-09', fireAt: '2026-09-01', after: 'keep', state: 'overdue', why: 'due yesterday, keep' },
    { dueAt: '2026-09-09', fireAt: '2026-09-09', after: 'expire', state: 'expired', why: 'due yesterday, expire' },
    { dueAt: '2025-09-10', fireAt: '2025-08-10', after: 'keep', state: 'overdue', why: 'a year ago, keep' },
    { dueAt: '2025-09-10', fireAt: '2025-08-10', after: 'expire', state: 'expired', why: 'a year ago, expire' },
    { dueAt: '2026-09-11T07:00', fireAt: '2026-09-11', after: 'keep', state: 'scheduled', why: 'early, eve not yet' },
    { dueAt: '2026-09-11T07:00', fireAt: '2026-09-01', after: 'keep', state: 'preparing', why: 'early, eve not yet' },
    { dueAt: '2026-09-10T09:00+00:00', fireAt: '2026-09-10', after: 'keep', state: 'today', why: 'fixed 11:00' },
    { dueAt: '2026-09-10T07:00+00:00', fireAt: '2026-09-01', after: 'keep', state: 'overdue', why: 'fixed 09:00' },
  ] as const)('$dueAt fire $fireAt $after → $state ($why)', ({ dueAt, fireAt, after, state }) => {
    expect(phaseAt(event(dueAt, fireAt, after), B, now)).toBe(state);
  });

  it('an early due arriving on the eve after quiet_start − 2h is today at once', () => {
    const ev = event('2026-09-11T07:00', '2026-09-11');
    expect(phaseAt(ev, B, wall('2026-09-10T21:00', BERLIN))).toBe('today');
    expect(phaseAt(ev, B, wall('2026-09-10T19:00', BERLIN))).toBe('scheduled');
  });
});

describe('advance: the stored state after a tick', () => {
  const ev = event('2026-08-14', '2026-07-15', 'keep');

  it.each([
    { current: 'scheduled', now: '2026-07-15T00:00', next: 'preparing' },
    { current: 'preparing', now: '2026-08-14T00:00', next: 'today' },
    { current: 'scheduled', now: '2026-08-14T10:00', next: 'today' },
    { current: 'today', now: '2026-08-15T00:00', next: 'overdue' },
    { current: 'today', now: '2026-08-14T12:00', next: 'today' },
    { current: 'overdue', now: '2026-09-01T12:00', next: 'overdue' },
    // Terminal states never move by the clock.
    { current: 'done', now: '2026-06-01T12:00', next: 'done' },
    { current: 'done', now: '2026-08-14T12:00', next: 'done' },
    { current: 'expired', now: '2026-07-20T12:00', next: 'expired' },
    { current: 'withdrawn', now: '2026-08-14T12:00', next: 'withdrawn' },
    { current: 'withdrawn', now: '2026-09-01T12:00', next: 'withdrawn' },
  ] as const)('$current at $now → $next', ({ current, now, next }) => {
    expect(advance(current, ev, B, wall(now, BERLIN))).toBe(next);
  });

  it('with expire, today becomes expired at the due moment and stays there', () => {
    const x = event('2026-08-14T18:00', '2026-08-14', 'expire');
    expect(advance('today', x, B, wall('2026-08-14T18:00', BERLIN))).toBe('expired');
    expect(advance('expired', x, B, wall('2026-08-14T12:00', BERLIN))).toBe('expired');
  });
});

describe('the yearly re-push (SPEC A3, A11): a new due_at on the today day resets the event', () => {
  // Documented behaviour, pinned: the client must not switch to next year's
  // occurrence on the day itself, because the core resets a live today.
  const thisYear = event('2026-08-14', '2026-07-15', 'expire');
  const morning = wall('2026-08-14T10:00', BERLIN);

  it('the current occurrence is today on its morning', () => {
    expect(phaseAt(thisYear, B, morning)).toBe('today');
  });

  it('next year with next year’s fire_on recomputes to scheduled', () => {
    const nextYear = event('2027-08-14', '2027-07-15', 'expire');
    expect(sameDue(thisYear.due, nextYear.due)).toBe(false);
    expect(advance('today', nextYear, B, morning)).toBe('scheduled');
    expect(show(nextTransitionAt(nextYear, B, morning))).toBe(show(wall('2027-07-15T00:00', BERLIN)));
  });

  it('next year with a fire_on already past recomputes to preparing', () => {
    const nextYear = event('2027-08-14', '2026-08-01', 'expire');
    expect(advance('today', nextYear, B, morning)).toBe('preparing');
    expect(show(nextTransitionAt(nextYear, B, morning))).toBe(show(wall('2027-08-14T00:00', BERLIN)));
  });

  it('a re-push the day after (the correct client rule) leaves nothing to lose', () => {
    const dayAfter = wall('2026-08-15T10:00', BERLIN);
    expect(phaseAt(thisYear, B, dayAfter)).toBe('expired');
    expect(phaseAt(event('2027-08-14', '2027-07-15', 'expire'), B, dayAfter)).toBe('scheduled');
  });
});

describe('milestones', () => {
  it.each([
    {
      what: 'all day, 30 days of preparation',
      ev: event('2026-08-14', '2026-07-15'),
      tz: BERLIN,
      preparingAt: '2026-07-14T22:00:00Z',
      todayAt: '2026-08-13T22:00:00Z',
      dueAt: '2026-08-14T22:00:00Z',
    },
    {
      what: 'fire_on = due day: no preparing',
      ev: event('2026-08-14', '2026-08-14'),
      tz: BERLIN,
      preparingAt: null,
      todayAt: '2026-08-13T22:00:00Z',
      dueAt: '2026-08-14T22:00:00Z',
    },
    {
      what: 'early flight in Montevideo',
      ev: event('2026-09-10T08:15+02:00', '2026-09-01'),
      tz: MONTEVIDEO,
      preparingAt: '2026-09-01T03:00:00Z',
      todayAt: '2026-09-09T23:00:00Z',
      dueAt: '2026-09-10T06:15:00Z',
    },
    {
      what: 'fixed due whose day is the eve in Los Angeles: fire_on = that later calendar day → no preparing',
      ev: event('2026-09-10T08:15+02:00', '2026-09-10'),
      tz: 'America/Los_Angeles',
      preparingAt: null,
      todayAt: '2026-09-09T07:00:00Z',
      dueAt: '2026-09-10T06:15:00Z',
    },
  ])('$what', ({ ev, tz, preparingAt, todayAt, dueAt }) => {
    const m = milestones(ev, user(tz));
    expect(show(m.preparingAt)).toBe(preparingAt);
    expect(show(m.todayAt)).toBe(todayAt);
    expect(show(m.dueAt)).toBe(dueAt);
  });
});

/** Follows nextTransitionAt from `from` until it returns null, recording the phases met. */
function walk(ev: EventDates, u: UserSettings, from: Instant): Array<[string | null, State]> {
  const out: Array<[string | null, State]> = [[null, phaseAt(ev, u, from)]];
  let now = from;
  for (let i = 0; i < 10; i++) {
    const next = nextTransitionAt(ev, u, now);
    if (next === null) return out;
    out.push([next.toString(), phaseAt(ev, u, next)]);
    now = next;
  }
  throw new Error('nextTransitionAt never settles');
}

describe('nextTransitionAt across the sequence', () => {
  it('scheduled → preparing → today → overdue, then nothing', () => {
    expect(walk(event('2026-08-14', '2026-07-15', 'keep'), B, wall('2026-07-01T12:00', BERLIN))).toEqual([
      [null, 'scheduled'],
      ['2026-07-14T22:00:00Z', 'preparing'],
      ['2026-08-13T22:00:00Z', 'today'],
      ['2026-08-14T22:00:00Z', 'overdue'],
    ]);
  });

  it('… → today → expired, then nothing', () => {
    expect(walk(event('2026-09-10T14:00', '2026-09-03', 'expire'), B, wall('2026-09-01T12:00', BERLIN))).toEqual([
      [null, 'scheduled'],
      ['2026-09-02T22:00:00Z', 'preparing'],
      ['2026-09-09T22:00:00Z', 'today'],
      ['2026-09-10T12:00:00Z', 'expired'],
    ]);
  });

  it('early due with fire_on = due day: scheduled → today at the eve → expired', () => {
    expect(walk(event('2026-09-10T07:00', '2026-09-10', 'expire'), B, wall('2026-09-01T12:00', BERLIN))).toEqual([
      [null, 'scheduled'],
      ['2026-09-09T18:00:00Z', 'today'],
      ['2026-09-10T05:00:00Z', 'expired'],
    ]);
  });

  it('the Montevideo flight: today at 20:00 on the eve, expired at 03:15', () => {
    const u = user(MONTEVIDEO);
    expect(walk(event('2026-09-10T08:15+02:00', '2026-09-08', 'expire'), u, utc('2026-09-01T00:00:00Z'))).toEqual([
      [null, 'scheduled'],
      ['2026-09-08T03:00:00Z', 'preparing'],
      ['2026-09-09T23:00:00Z', 'today'],
      ['2026-09-10T06:15:00Z', 'expired'],
    ]);
  });

  it.each([
    { now: '2026-07-14T23:59:59', next: '2026-07-14T22:00:00Z' },
    { now: '2026-07-15T00:00', next: '2026-08-13T22:00:00Z' },
    { now: '2026-08-01T12:00', next: '2026-08-13T22:00:00Z' },
    { now: '2026-08-14T00:00', next: '2026-08-14T22:00:00Z' },
    { now: '2026-08-14T23:00', next: '2026-08-14T22:00:00Z' },
    { now: '2026-08-15T00:00', next: null },
    { now: '2027-01-01T00:00', next: null },
  ])('at $now Berlin the next transition is $next (strictly after now)', ({ now, next }) => {
    expect(show(nextTransitionAt(event('2026-08-14', '2026-07-15'), B, wall(now, BERLIN)))).toBe(next);
  });

  it('recomputed with past dates: nothing more happens to an overdue or expired event', () => {
    const now = wall('2026-09-10T10:30', BERLIN);
    expect(nextTransitionAt(event('2026-09-01', '2026-08-01', 'keep'), B, now)).toBeNull();
    expect(nextTransitionAt(event('2026-09-01', '2026-08-01', 'expire'), B, now)).toBeNull();
  });

  it('on DST days the transitions land on the shifted midnights', () => {
    const ny = user(NEW_YORK);
    expect(walk(event('2026-11-01', '2026-03-08', 'keep'), ny, utc('2026-03-01T00:00:00Z'))).toEqual([
      [null, 'scheduled'],
      ['2026-03-08T05:00:00Z', 'preparing'],
      ['2026-11-01T04:00:00Z', 'today'],
      ['2026-11-02T05:00:00Z', 'overdue'],
    ]);
    const havana = user(HAVANA);
    expect(show(nextTransitionAt(event('2026-03-20', '2026-03-08'), havana, utc('2026-03-07T12:00:00Z')))).toBe('2026-03-08T05:00:00Z');
  });
});

describe('a user changing tz', () => {
  const local = event('2026-09-10T14:00', '2026-09-01', 'expire');
  const fixed = event('2026-09-10T08:15+02:00', '2026-09-01', 'expire');
  const now = utc('2026-09-05T12:00:00Z');

  it.each([
    { tz: BERLIN, local: '2026-09-09T22:00:00Z', fixed: '2026-09-09T18:00:00Z' },
    { tz: NEW_YORK, local: '2026-09-10T04:00:00Z', fixed: '2026-09-10T00:00:00Z' },
    { tz: MONTEVIDEO, local: '2026-09-10T03:00:00Z', fixed: '2026-09-09T23:00:00Z' },
    { tz: TOKYO, local: '2026-09-09T15:00:00Z', fixed: '2026-09-09T15:00:00Z' },
  ])('in $tz the next transition (to today) is $local for local, $fixed for fixed', (row) => {
    expect(show(nextTransitionAt(local, user(row.tz), now))).toBe(row.local);
    expect(show(nextTransitionAt(fixed, user(row.tz), now))).toBe(row.fixed);
  });

  it('the local due moment moves with the zone; the fixed one does not', () => {
    const inToday = (tz: string) => wall('2026-09-10T10:00', tz);
    expect(show(nextTransitionAt(local, user(BERLIN), inToday(BERLIN)))).toBe('2026-09-10T12:00:00Z');
    expect(show(nextTransitionAt(local, user(NEW_YORK), inToday(NEW_YORK)))).toBe('2026-09-10T18:00:00Z');
    expect(show(nextTransitionAt(fixed, user(TOKYO), inToday(TOKYO)))).toBe('2026-09-10T06:15:00Z');
    expect(show(nextTransitionAt(fixed, user(MONTEVIDEO), utc('2026-09-10T00:00:00Z')))).toBe('2026-09-10T06:15:00Z');
  });

  it('the same instant can be a different phase after the move', () => {
    const at = utc('2026-09-10T01:00:00Z'); // 03:00 in Berlin, 21:00 the day before in New York
    expect(phaseAt(local, user(BERLIN), at)).toBe('today');
    expect(phaseAt(local, user(NEW_YORK), at)).toBe('preparing');
    // The fixed flight: early in both zones, and both eves have begun.
    expect(phaseAt(fixed, user(BERLIN), at)).toBe('today');
    expect(phaseAt(fixed, user(NEW_YORK), at)).toBe('today');
  });
});

describe('nextTransitionAt with active hours ending before 02:00', () => {
  // Active hours 00:00–01:00: the eve of an early due starts at quiet_start − 2h
  // = 23:00 two days before, earlier than 00:00 of a fire_on on the eve.
  const u = user(BERLIN, '01:00', '00:00');
  const ev = event('2026-09-10T00:00', '2026-09-09', 'expire');

  it('reports the today start that comes before fire_on, not fire_on', () => {
    const now = wall('2026-09-08T12:00', BERLIN);
    expect(phaseAt(ev, u, now)).toBe('scheduled');
    expect(show(nextTransitionAt(ev, u, now))).toBe(show(wall('2026-09-08T23:00', BERLIN)));
    expect(walk(ev, u, now)).toEqual([
      [null, 'scheduled'],
      ['2026-09-08T21:00:00Z', 'today'],
      ['2026-09-09T22:00:00Z', 'expired'],
    ]);
  });
});

describe('nextTransitionAt agrees with phaseAt (property)', () => {
  const zones = [BERLIN, NEW_YORK, MONTEVIDEO, TOKYO, HAVANA, 'Australia/Lord_Howe', 'Asia/Kolkata'];
  const base = Temporal.PlainDate.from('2026-01-01');
  const dueAts = fc
    .record({
      day: fc.integer({ min: 0, max: 400 }),
      kind: fc.constantFrom('allDay', 'local', 'fixed'),
      // Whole hours often: a due at (or just before) quiet_end is where the eve rule bites.
      minutes: fc.oneof(
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.integer({ min: 0, max: 23 }).map((h) => h * 60),
      ),
      offset: fc.constantFrom('+02:00', '-03:00', 'Z', '+09:00', '-10:00'),
    })
    .map(({ day, kind, minutes, offset }) => {
      const d = base.add({ days: day }).toString();
      const hm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      if (kind === 'allDay') return { dueAt: d, d };
      return { dueAt: kind === 'local' ? `${d}T${hm}` : `${d}T${hm}${offset}`, d };
    });
  const users = fc
    .record({
      tz: fc.constantFrom(...zones),
      quietEnd: fc.oneof(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 22 })),
      span: fc.oneof(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 24 })),
      half: fc.boolean(),
    })
    .map(({ tz, quietEnd, span, half }) => {
      const qs = Math.min(quietEnd + span, 23);
      const quietStart = `${String(qs).padStart(2, '0')}:${half ? '30' : '00'}`;
      return user(tz, quietStart, `${String(quietEnd).padStart(2, '0')}:00`);
    });

  it('the phase is constant from now until the next transition, and changes there', () => {
    fc.assert(
      fc.property(
        dueAts,
        // Short leads often: the eve and a fire_on on it are where milestones can cross.
        fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 200 })),
        fc.constantFrom<AfterDue>('keep', 'expire'),
        users,
        fc.constantFrom('preparingAt', 'todayAt', 'dueAt'),
        fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }),
        ({ dueAt, d }, lead, after, u, anchor, nowOffsetMinutes) => {
          const ev = event(dueAt, Temporal.PlainDate.from(d).subtract({ days: lead }).toString(), after);
          const m = milestones(ev, u);
          const now = (m[anchor as keyof Milestones] ?? m.todayAt).add({ minutes: nowOffsetMinutes });
          const phase = phaseAt(ev, u, now);
          const next = nextTransitionAt(ev, u, now);
          // Every milestone strictly between now and next leaves the phase unchanged.
          for (const at of [m.preparingAt, m.todayAt, m.dueAt]) {
            if (!at || Temporal.Instant.compare(at, now) <= 0) continue;
            if (next && Temporal.Instant.compare(at, next) >= 0) continue;
            expect(phaseAt(ev, u, at)).toBe(phase);
          }
          if (next === null) {
            expect(['overdue', 'expired']).toContain(phase);
          } else {
            expect(Temporal.Instant.compare(next, now)).toBe(1);
            expect(phaseAt(ev, u, next)).not.toBe(phase);
            expect(phaseAt(ev, u, next.subtract({ nanoseconds: 1 }))).toBe(phase);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
