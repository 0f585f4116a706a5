import { describe, expect, it } from 'vitest';
import { dueDay, dueLocalTime, dueMoment, isEarlyDue, parseDueAt, sameDue, todayStart } from '../../src/domain/due.ts';
import { dayIn, isValidTimeZone, parseClockTime, parseIsoDate, startOfDay, timeIn, wallInstant } from '../../src/domain/time.ts';
import { BERLIN, HAVANA, LOS_ANGELES, MONTEVIDEO, NEW_YORK, TOKYO, clock, date, due, show, user, utc } from './fixtures.ts';

describe('parseDueAt: the three forms of SPEC A3', () => {
  it.each([
    { input: '2026-08-14', date: '2026-08-14', time: null },
    { input: '2028-02-29', date: '2028-02-29', time: null },
    { input: '2026-09-10T14:00', date: '2026-09-10', time: '14:00:00' },
    { input: '2026-09-10T14:00:30', date: '2026-09-10', time: '14:00:30' },
    { input: '2026-09-10T00:00', date: '2026-09-10', time: '00:00:00' },
    { input: '2026-09-10T23:59:59', date: '2026-09-10', time: '23:59:59' },
    { input: '2028-02-29T07:00', date: '2028-02-29', time: '07:00:00' },
  ])('$input → local $date $time', ({ input, date: d, time }) => {
    const r = parseDueAt(input);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.mode).toBe('local');
    if (r.value.mode !== 'local') return;
    expect(r.value.date.toString()).toBe(d);
    expect(r.value.time?.toString() ?? null).toBe(time);
  });

  it.each([
    { input: '2026-09-10T08:15+02:00', instant: '2026-09-10T06:15:00Z' },
    { input: '2026-09-10T08:15:30+02:00', instant: '2026-09-10T06:15:30Z' },
    { input: '2026-09-10T08:15Z', instant: '2026-09-10T08:15:00Z' },
    { input: '2026-09-10T08:15:45Z', instant: '2026-09-10T08:15:45Z' },
    { input: '2026-09-10T08:15-00:00', instant: '2026-09-10T08:15:00Z' },
    { input: '2026-09-10T08:15+00:00', instant: '2026-09-10T08:15:00Z' },
    { input: '2026-09-10T01:00+05:30', instant: '2026-09-09T19:30:00Z' },
    { input: '2026-09-10T23:00-03:00', instant: '2026-09-11T02:00:00Z' },
    { input: '2026-09-10T12:00+05:45', instant: '2026-09-10T06:15:00Z' },
    { input: '2026-01-01T00:00+14:00', instant: '2025-12-31T10:00:00Z' },
    { input: '2025-12-31T23:00-14:00', instant: '2026-01-01T13:00:00Z' },
    { input: '2028-02-29T23:30-01:00', instant: '2028-03-01T00:30:00Z' },
  ])('$input → fixed $instant', ({ input, instant }) => {
    const r = parseDueAt(input);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.mode).toBe('fixed');
    if (r.value.mode !== 'fixed') return;
    expect(r.value.instant.toString()).toBe(instant);
  });

  it.each([
    // impossible calendar dates, in every form
    '2026-02-30',
    '2026-02-30T10:00',
    '2026-02-30T10:00+02:00',
    '2027-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    // offsets outside −14:00..+14:00 or with impossible minutes
    '2026-09-10T08:15+15:00',
    '2026-09-10T08:15-15:00',
    '2026-09-10T08:15+14:01',
    '2026-09-10T08:15-14:30',
    '2026-09-10T08:15+02:60',
    '2026-09-10T08:15+99:99',
    // 24:00 is the stored form of "all day", never an accepted due_at time
    '2026-09-10T24:00',
    '2026-09-10T24:00:00',
    '2026-09-10T24:00+02:00',
    '2026-09-10T24:00Z',
    // other impossible times of day
    '2026-09-10T25:00',
    '2026-09-10T14:60',
    '2026-09-10T14:00:60',
    '2026-09-10T99:99',
    // garbage and near misses
    '',
    ' ',
    'tomorrow',
    'null',
    '24:00',
    '14:00',
    '+02:00',
    '2026',
    '2026-09',
    '2026-9-10',
    '26-09-10',
    '20260910',
    '2026/09/10',
    '10.09.2026',
    ' 2026-09-10',
    '2026-09-10 ',
    '2026-09-10\n',
    '2026-09-10T',
    '2026-09-10T14',
    '2026-09-10T1400',
    '2026-09-10T4:00',
    '2026-09-10 14:00',
    '2026-09-10t14:00',
    '2026-09-10T14:00z',
    '2026-09-10T14:00+02',
    '2026-09-10T14:00+0200',
    '2026-09-10T14:00+2:00',
    '2026-09-10T14:00 +02:00',
    '2026-09-10T14:00:00.000Z',
    '2026-09-10T14:00:00.5',
    '2026-09-10T14:00+02:00:00',
    '2026-09-10T14:00[Europe/Berlin]',
    '2026-09-10T14:00+02:00[Europe/Berlin]',
    '+002026-09-10',
    '２０２６-09-10',
  ])('rejects %j', (input) => {
    const r = parseDueAt(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(/\S/);
  });

  it('names what is wrong', () => {
    const messages = ['2026-02-30T10:00', '2026-09-10T08:15+15:00', '2026-09-10T24:00', 'garbage'].map((s) => {
      const r = parseDueAt(s);
      return r.ok ? null : r.error;
    });
    expect(messages[0]).toContain('2026-02-30');
    expect(messages[1]).toContain('+15:00');
    expect(messages[2]).toContain('24:00');
    expect(messages[3]).toContain('YYYY-MM-DD');
  });
});

describe('due modes (SPEC A2): local follows the zone, fixed does not', () => {
  // The SPEC example: a flight leaving Madrid at 08:15+02:00.
  const flight = due('2026-09-10T08:15+02:00');

  it.each([
    { tz: MONTEVIDEO, day: '2026-09-10', time: '03:15:00', early: true, todayAt: '2026-09-09T23:00:00Z' },
    { tz: BERLIN, day: '2026-09-10', time: '08:15:00', early: true, todayAt: '2026-09-09T18:00:00Z' },
    { tz: TOKYO, day: '2026-09-10', time: '15:15:00', early: false, todayAt: '2026-09-09T15:00:00Z' },
    { tz: NEW_YORK, day: '2026-09-10', time: '02:15:00', early: true, todayAt: '2026-09-10T00:00:00Z' },
    // In Los Angeles the flight leaves at 23:15 on the eve: the due day itself moves.
    { tz: LOS_ANGELES, day: '2026-09-09', time: '23:15:00', early: false, todayAt: '2026-09-09T07:00:00Z' },
  ])('fixed 08:15+02:00 in $tz: $day $time, today from $todayAt', ({ tz, day, time, early, todayAt }) => {
    const u = user(tz);
    expect(dueDay(flight, tz).toString()).toBe(day);
    expect(dueLocalTime(flight, tz)?.toString()).toBe(time);
    expect(show(dueMoment(flight, tz))).toBe('2026-09-10T06:15:00Z');
    expect(isEarlyDue(flight, u)).toBe(early);
    expect(show(todayStart(flight, u))).toBe(todayAt);
  });

  it('America/Montevideo: 08:15+02:00 is 03:15 local and today starts at 20:00 on the eve (A11)', () => {
    const u = user(MONTEVIDEO);
    expect(dueLocalTime(flight, MONTEVIDEO)?.equals(clock('03:15'))).toBe(true);
    expect(todayStart(flight, u).equals(wallInstant(date('2026-09-09'), clock('20:00'), MONTEVIDEO))).toBe(true);
  });

  const meeting = due('2026-09-10T14:00');
  it.each([
    { tz: MONTEVIDEO, moment: '2026-09-10T17:00:00Z', todayAt: '2026-09-10T03:00:00Z' },
    { tz: BERLIN, moment: '2026-09-10T12:00:00Z', todayAt: '2026-09-09T22:00:00Z' },
    { tz: TOKYO, moment: '2026-09-10T05:00:00Z', todayAt: '2026-09-09T15:00:00Z' },
    { tz: NEW_YORK, moment: '2026-09-10T18:00:00Z', todayAt: '2026-09-10T04:00:00Z' },
  ])('local 2026-09-10T14:00 in $tz: 14:00 on the same day, moment $moment', ({ tz, moment, todayAt }) => {
    expect(dueDay(meeting, tz).toString()).toBe('2026-09-10');
    expect(dueLocalTime(meeting, tz)?.toString()).toBe('14:00:00');
    expect(show(dueMoment(meeting, tz))).toBe(moment);
    expect(show(todayStart(meeting, user(tz)))).toBe(todayAt);
  });

  const birthday = due('2026-08-14');
  it.each([
    { tz: BERLIN, todayAt: '2026-08-13T22:00:00Z', moment: '2026-08-14T22:00:00Z' },
    { tz: MONTEVIDEO, todayAt: '2026-08-14T03:00:00Z', moment: '2026-08-15T03:00:00Z' },
    { tz: TOKYO, todayAt: '2026-08-13T15:00:00Z', moment: '2026-08-14T15:00:00Z' },
  ])('local all-day 2026-08-14 in $tz: the whole calendar day, ending at 24:00', ({ tz, todayAt, moment }) => {
    expect(dueDay(birthday, tz).toString()).toBe('2026-08-14');
    expect(dueLocalTime(birthday, tz)).toBeNull();
    expect(show(todayStart(birthday, user(tz)))).toBe(todayAt);
    expect(show(dueMoment(birthday, tz))).toBe(moment);
  });

  it('a user changing tz: the local due moves with the zone, the fixed one stays put', () => {
    const local = due('2026-09-10T08:15');
    const before = dueMoment(local, BERLIN);
    const after = dueMoment(local, MONTEVIDEO);
    expect(show(before)).toBe('2026-09-10T06:15:00Z');
    expect(show(after)).toBe('2026-09-10T11:15:00Z');
    expect(dueDay(local, BERLIN).equals(dueDay(local, MONTEVIDEO))).toBe(true);

    expect(dueMoment(flight, BERLIN).equals(dueMoment(flight, MONTEVIDEO))).toBe(true);
    expect(dueLocalTime(flight, BERLIN)?.toString()).toBe('08:15:00');
    expect(dueLocalTime(flight, MONTEVIDEO)?.toString()).toBe('03:15:00');
  });
});

describe('early due (SPEC A4 and its clarification)', () => {
  const u = user(BERLIN);

  it.each([
    { dueAt: '2026-09-10T07:00', early: true, why: 'the 07:00 flight' },
    { dueAt: '2026-09-10T00:00', early: true, why: 'midnight' },
    { dueAt: '2026-09-10T08:59:59', early: true, why: 'a second before quiet_end' },
    { dueAt: '2026-09-10T09:00', early: true, why: 'AT quiet_end leaves no active minute' },
    { dueAt: '2026-09-10T09:00:00', early: true, why: 'AT quiet_end, with seconds' },
    { dueAt: '2026-09-10T09:00:01', early: false, why: 'one active second' },
    { dueAt: '2026-09-10T09:01', early: false, why: 'one active minute' },
    { dueAt: '2026-09-10T14:00', early: false, why: 'mid-day' },
    { dueAt: '2026-09-10T23:59', early: false, why: 'late evening' },
    { dueAt: '2026-09-10', early: false, why: 'an all-day due never is' },
    { dueAt: '2026-09-10T09:00+02:00', early: true, why: 'fixed, 09:00 in Berlin' },
    { dueAt: '2026-09-10T09:00+09:00', early: true, why: 'fixed, 02:00 in Berlin' },
    { dueAt: '2026-09-10T09:00-04:00', early: false, why: 'fixed, 15:00 in Berlin' },
  ])('$dueAt → $early ($why)', ({ dueAt, early }) => {
    expect(isEarlyDue(due(dueAt), u)).toBe(early);
  });

  it.each([
    { quietEnd: '07:30', dueAt: '2026-09-10T07:30', early: true },
    { quietEnd: '07:30', dueAt: '2026-09-10T07:31', early: false },
    { quietEnd: '07:30', dueAt: '2026-09-10T08:00', early: false },
    { quietEnd: '00:00', dueAt: '2026-09-10T00:00', early: true },
    { quietEnd: '00:00', dueAt: '2026-09-10T00:01', early: false },
    { quietEnd: '00:00', dueAt: '2026-09-10', early: false },
    { quietEnd: '11:00', dueAt: '2026-09-10', early: false },
  ])('with quiet_end $quietEnd: $dueAt → $early', ({ quietEnd, dueAt, early }) => {
    expect(isEarlyDue(due(dueAt), user(BERLIN, '23:00', quietEnd))).toBe(early);
  });

  it('a fixed due is early or not by its wall time in the current zone', () => {
    const f = due('2026-09-10T08:15+02:00');
    expect(isEarlyDue(f, user(MONTEVIDEO))).toBe(true); // 03:15
    expect(isEarlyDue(f, user(TOKYO))).toBe(false); // 15:15
  });

  it.each([
    { dueAt: '2026-09-10T07:00', quietStart: '22:00', todayAt: '2026-09-09T18:00:00Z', note: 'eve 20:00' },
    { dueAt: '2026-09-10T09:00', quietStart: '22:00', todayAt: '2026-09-09T18:00:00Z', note: 'at quiet_end: eve 20:00' },
    { dueAt: '2026-09-10T09:01', quietStart: '22:00', todayAt: '2026-09-09T22:00:00Z', note: '00:00 of the day' },
    { dueAt: '2026-09-10', quietStart: '22:00', todayAt: '2026-09-09T22:00:00Z', note: 'all day: 00:00' },
    { dueAt: '2026-09-10T07:00', quietStart: '23:30', todayAt: '2026-09-09T19:30:00Z', note: 'eve 21:30' },
    { dueAt: '2026-09-10T07:00', quietStart: '21:00', todayAt: '2026-09-09T17:00:00Z', note: 'eve 19:00' },
  ])('todayStart $dueAt with quiet_start $quietStart → $todayAt ($note)', ({ dueAt, quietStart, todayAt }) => {
    expect(show(todayStart(due(dueAt), user(BERLIN, quietStart)))).toBe(todayAt);
  });
});

describe('DST transition days (SPEC A6 clarification: gap → the first valid instant, overlap → earlier)', () => {
  it.each([
    // Europe/Berlin spring forward 2026-03-29: 02:00 CET → 03:00 CEST
    { tz: BERLIN, dueAt: '2026-03-29T01:59', moment: '2026-03-29T00:59:00Z', note: 'last CET minute' },
    { tz: BERLIN, dueAt: '2026-03-29T02:00', moment: '2026-03-29T01:00:00Z', note: 'gap start → 03:00 CEST' },
    { tz: BERLIN, dueAt: '2026-03-29T02:30', moment: '2026-03-29T01:00:00Z', note: 'in the gap → 03:00 CEST, the first valid instant' },
    { tz: BERLIN, dueAt: '2026-03-29T03:00', moment: '2026-03-29T01:00:00Z', note: 'first CEST minute' },
    { tz: BERLIN, dueAt: '2026-03-29T14:00', moment: '2026-03-29T12:00:00Z', note: 'afternoon CEST' },
    // Europe/Berlin fall back 2026-10-25: 03:00 CEST → 02:00 CET
    { tz: BERLIN, dueAt: '2026-10-25T01:59', moment: '2026-10-24T23:59:00Z', note: 'before the overlap' },
    { tz: BERLIN, dueAt: '2026-10-25T02:00', moment: '2026-10-25T00:00:00Z', note: 'ambiguous → CEST' },
    { tz: BERLIN, dueAt: '2026-10-25T02:30', moment: '2026-10-25T00:30:00Z', note: 'ambiguous → earlier' },
    { tz: BERLIN, dueAt: '2026-10-25T03:00', moment: '2026-10-25T02:00:00Z', note: 'after the overlap' },
    // America/New_York spring forward 2026-03-08: 02:00 EST → 03:00 EDT
    { tz: NEW_YORK, dueAt: '2026-03-08T01:59', moment: '2026-03-08T06:59:00Z', note: 'last EST minute' },
    { tz: NEW_YORK, dueAt: '2026-03-08T02:30', moment: '2026-03-08T07:00:00Z', note: 'in the gap → 03:00 EDT, the first valid instant' },
    { tz: NEW_YORK, dueAt: '2026-03-08T03:00', moment: '2026-03-08T07:00:00Z', note: 'first EDT minute' },
    // America/New_York fall back 2026-11-01: 02:00 EDT → 01:00 EST
    { tz: NEW_YORK, dueAt: '2026-11-01T00:59', moment: '2026-11-01T04:59:00Z', note: 'before the overlap' },
    { tz: NEW_YORK, dueAt: '2026-11-01T01:00', moment: '2026-11-01T05:00:00Z', note: 'ambiguous → EDT' },
    { tz: NEW_YORK, dueAt: '2026-11-01T01:30', moment: '2026-11-01T05:30:00Z', note: 'ambiguous → earlier' },
    { tz: NEW_YORK, dueAt: '2026-11-01T02:00', moment: '2026-11-01T07:00:00Z', note: 'after the overlap' },
    // America/Havana springs forward at midnight 2026-03-08: 00:00 CST → 01:00 CDT
    { tz: HAVANA, dueAt: '2026-03-08T00:30', moment: '2026-03-08T05:00:00Z', note: 'midnight gap → 01:00 CDT, the first valid instant' },
  ])('local $dueAt in $tz → $moment ($note)', ({ tz, dueAt, moment }) => {
    expect(show(dueMoment(due(dueAt), tz))).toBe(moment);
  });

  it.each([
    { tz: BERLIN, day: '2026-03-29', start: '2026-03-28T23:00:00Z', end: '2026-03-29T22:00:00Z', hours: 23 },
    { tz: BERLIN, day: '2026-10-25', start: '2026-10-24T22:00:00Z', end: '2026-10-25T23:00:00Z', hours: 25 },
    { tz: NEW_YORK, day: '2026-03-08', start: '2026-03-08T05:00:00Z', end: '2026-03-09T04:00:00Z', hours: 23 },
    { tz: NEW_YORK, day: '2026-11-01', start: '2026-11-01T04:00:00Z', end: '2026-11-02T05:00:00Z', hours: 25 },
    // Midnight itself does not exist: the day starts at 01:00 CDT.
    { tz: HAVANA, day: '2026-03-08', start: '2026-03-08T05:00:00Z', end: '2026-03-09T04:00:00Z', hours: 23 },
    { tz: HAVANA, day: '2026-11-01', start: '2026-11-01T04:00:00Z', end: '2026-11-02T05:00:00Z', hours: 25 },
  ])('start of day on $day in $tz is $start; the all-day due lasts $hours h', ({ tz, day, start, end, hours }) => {
    const allDay = due(day);
    expect(show(startOfDay(date(day), tz))).toBe(start);
    expect(show(todayStart(allDay, user(tz)))).toBe(start);
    expect(show(dueMoment(allDay, tz))).toBe(end);
    expect(todayStart(allDay, user(tz)).until(dueMoment(allDay, tz)).total('hours')).toBe(hours);
  });

  it.each([
    // The eve falls on the DST day.
    { tz: BERLIN, dueAt: '2026-03-30T07:00', todayAt: '2026-03-29T18:00:00Z', note: 'eve 20:00 CEST' },
    { tz: BERLIN, dueAt: '2026-10-26T07:00', todayAt: '2026-10-25T19:00:00Z', note: 'eve 20:00 CET' },
    { tz: NEW_YORK, dueAt: '2026-03-09T07:00', todayAt: '2026-03-09T00:00:00Z', note: 'eve 20:00 EDT' },
    { tz: NEW_YORK, dueAt: '2026-11-02T07:00', todayAt: '2026-11-02T01:00:00Z', note: 'eve 20:00 EST' },
    // The due moment itself is on the DST day, early, and in the gap or overlap.
    { tz: BERLIN, dueAt: '2026-03-29T02:30', todayAt: '2026-03-28T19:00:00Z', note: 'eve 20:00 CET' },
    { tz: BERLIN, dueAt: '2026-10-25T02:30', todayAt: '2026-10-24T18:00:00Z', note: 'eve 20:00 CEST' },
    { tz: NEW_YORK, dueAt: '2026-11-01T01:30', todayAt: '2026-11-01T00:00:00Z', note: 'eve 20:00 EDT' },
  ])('early $dueAt in $tz starts today at $todayAt ($note)', ({ tz, dueAt, todayAt }) => {
    expect(isEarlyDue(due(dueAt), user(tz))).toBe(true);
    expect(show(todayStart(due(dueAt), user(tz)))).toBe(todayAt);
  });

  it('an eve start that falls into the gap moves forward', () => {
    // Active hours 01:00–04:30: the eve starts at 02:30 on 2026-03-29, which Berlin skips: 03:00 CEST.
    const u = user(BERLIN, '04:30', '01:00');
    expect(show(todayStart(due('2026-03-30T01:00'), u))).toBe('2026-03-29T01:00:00Z');
  });

  it('issue 9 case 4: a due in the spring-forward gap at or before quiet_end by the instant is early (Berlin, quiet_end 02:30, due 02:45)', () => {
    // 02:45 and 02:30 do not exist on 2026-03-29: both move to 03:00 CEST. As wall times 02:45 > 02:30; as
    // instants the due is AT the start of active hours, which leaves no active minute: the eve rule applies.
    const gap = user(BERLIN, '22:00', '02:30');
    const d = due('2026-03-29T02:45');
    expect(show(dueMoment(d, BERLIN))).toBe('2026-03-29T01:00:00Z');
    expect(isEarlyDue(d, gap)).toBe(true);
    expect(show(todayStart(d, gap))).toBe('2026-03-28T19:00:00Z'); // the eve, 20:00 CET
    // One minute after the gap is an active minute: not early.
    expect(isEarlyDue(due('2026-03-29T03:01'), gap)).toBe(false);
    // The same wall times on an ordinary day compare as they read.
    expect(isEarlyDue(due('2026-03-30T02:45'), gap)).toBe(false);
  });

  it('a due in the repeated hour before the later quiet_end is early (Berlin 2026-10-25, quiet_end 02:30, due 02:40 CEST)', () => {
    // Active hours start at the later 02:30 (CET): the first 02:40 (CEST) comes an hour before it.
    const overlap = user(BERLIN, '22:00', '02:30');
    expect(isEarlyDue(due('2026-10-25T02:40'), overlap)).toBe(true);
    expect(isEarlyDue(due('2026-10-25T02:40+01:00'), overlap)).toBe(false);
  });

  it('a fixed instant inside the overlap keeps its exact instant (no disambiguation)', () => {
    const second = due('2026-10-25T02:30+01:00'); // the later 02:30, in CET
    const first = due('2026-10-25T02:30+02:00'); // the earlier 02:30, in CEST
    expect(show(dueMoment(second, BERLIN))).toBe('2026-10-25T01:30:00Z');
    expect(show(dueMoment(first, BERLIN))).toBe('2026-10-25T00:30:00Z');
    expect(dueLocalTime(second, BERLIN)?.toString()).toBe('02:30:00');
    expect(dueLocalTime(first, BERLIN)?.toString()).toBe('02:30:00');
    expect(dueDay(second, BERLIN).toString()).toBe('2026-10-25');
  });
});

describe('sameDue (SPEC A3 upsert rules)', () => {
  it.each([
    { a: '2026-08-14', b: '2026-08-14', same: true },
    { a: '2026-08-14', b: '2027-08-14', same: false },
    { a: '2026-08-14', b: '2026-08-14T00:00', same: false },
    { a: '2026-08-14', b: '2026-08-14T23:59:59', same: false },
    { a: '2026-09-10T14:00', b: '2026-09-10T14:00:00', same: true },
    { a: '2026-09-10T14:00', b: '2026-09-10T14:01', same: false },
    { a: '2026-09-10T14:00', b: '2026-09-11T14:00', same: false },
    { a: '2026-09-10T14:00', b: '2026-09-10T14:00Z', same: false },
    { a: '2026-09-10T08:15+02:00', b: '2026-09-10T06:15Z', same: true },
    { a: '2026-09-10T08:15+02:00', b: '2026-09-10T03:15-03:00', same: true },
    { a: '2026-09-10T08:15+02:00', b: '2026-09-10T08:15+01:00', same: false },
    { a: '2026-09-10T08:15+02:00', b: '2026-09-10T08:15', same: false },
  ])('$a vs $b → $same', ({ a, b, same }) => {
    expect(sameDue(due(a), due(b))).toBe(same);
    expect(sameDue(due(b), due(a))).toBe(same);
  });
});

describe('test fixtures agree with the core', () => {
  it('utc() and the zone conversions line up', () => {
    expect(wallInstant(date('2026-09-10'), clock('03:15'), MONTEVIDEO).equals(utc('2026-09-10T06:15:00Z'))).toBe(true);
  });
});

describe('time helpers under the due rules (time.ts)', () => {
  it.each([
    { s: '2028-02-29', ok: true },
    { s: '2026-02-29', ok: false },
    { s: '2026-02-30', ok: false },
    { s: '2026-12-31', ok: true },
    { s: '2026-12-32', ok: false },
  ])('parseIsoDate($s) → $ok', ({ s, ok }) => {
    expect(parseIsoDate(s) !== null).toBe(ok);
  });

  it.each([
    { s: '00:00', out: '00:00:00' },
    { s: '09:00', out: '09:00:00' },
    { s: '23:59:59', out: '23:59:59' },
    { s: '24:00', out: null },
    { s: '9:00', out: null },
    { s: '09:60', out: null },
    { s: '', out: null },
  ])('parseClockTime($s) → $out', ({ s, out }) => {
    expect(parseClockTime(s)?.toString() ?? null).toBe(out);
  });

  it.each([
    { tz: BERLIN, ok: true },
    { tz: MONTEVIDEO, ok: true },
    { tz: 'America/Argentina/Buenos_Aires', ok: true },
    { tz: 'UTC', ok: true },
    { tz: '+02:00', ok: false },
    { tz: 'Mars/Olympus_Mons', ok: false },
    { tz: '', ok: false },
  ])('isValidTimeZone($tz) → $ok', ({ tz, ok }) => {
    expect(isValidTimeZone(tz)).toBe(ok);
  });

  it('dayIn and timeIn read an instant in the user’s zone', () => {
    const i = utc('2026-09-10T02:30:00Z');
    expect(dayIn(i, BERLIN).toString()).toBe('2026-09-10');
    expect(timeIn(i, BERLIN).toString()).toBe('04:30:00');
    expect(dayIn(i, NEW_YORK).toString()).toBe('2026-09-09');
    expect(timeIn(i, NEW_YORK).toString()).toBe('22:30:00');
  });
});
