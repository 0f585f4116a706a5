// The examples of seed 000 §4–§8 (and issue 9's four cases) as tables run
// through the simulator: each row is a story — a push, who is present when,
// the user's actions — and the exact moments Hado moves the state and
// reminds. Every run must also keep the general invariants.
import { describe, expect, it } from 'vitest';
import type { Presence } from '../../src/domain/channels.ts';
import { Temporal } from '../../src/domain/time.ts';
import { DEFAULT_WINDOW_CONFIG, type WindowConfig } from '../../src/domain/windows.ts';
import { blindExactly, general } from './invariants.ts';
import { type PresenceModel, type SimEvent, type SimInput, simulate } from './simulator.ts';

const BERLIN = 'Europe/Berlin';

interface Story {
  tz?: string;
  /** [quiet_start, quiet_end], default 22:00–09:00. */
  quiet?: [string, string];
  event: SimEvent;
  push: string;
  until: string;
  /** Nobody (default), always, or present only in these wall-time intervals. */
  presence?: 'absent' | 'present' | Array<[string, string]>;
  actions?: Array<[string, 'ack' | 'done']>;
  cfg?: WindowConfig;
}

function run(s: Story) {
  const tz = s.tz ?? BERLIN;
  const ms = (wall: string) => Temporal.PlainDateTime.from(wall).toZonedDateTime(tz).toInstant().epochMilliseconds;
  const show = (t: number) =>
    Temporal.Instant.fromEpochMilliseconds(t).toZonedDateTimeISO(tz).toPlainDateTime().toString({ smallestUnit: 'minute' }).slice(5).replace('T', ' ');
  const [quietStart, quietEnd] = s.quiet ?? ['22:00', '09:00'];
  let presence: PresenceModel = { initial: 'absent', changes: [] };
  if (s.presence === 'present') presence = { initial: 'present', changes: [] };
  else if (Array.isArray(s.presence)) {
    presence = {
      initial: 'absent',
      changes: s.presence.flatMap(([from, to]) => [
        { at: ms(from), value: 'present' as Presence },
        { at: ms(to), value: 'absent' as Presence },
      ]),
    };
  }
  const input: SimInput = {
    event: s.event,
    user: { tz, quietStart: Temporal.PlainTime.from(quietStart), quietEnd: Temporal.PlainTime.from(quietEnd) },
    channels: [{ id: 1, type: 'webhook', enabled: true, presence }],
    pushAt: ms(s.push),
    until: ms(s.until),
    actions: (s.actions ?? []).map(([at, action]) => ({ at: ms(at), action })),
    cfg: s.cfg ?? DEFAULT_WINDOW_CONFIG,
  };
  const r = simulate(input);
  const problems = general(input, r);
  if (s.presence === undefined || s.presence === 'absent') problems.push(...(s.actions ? [] : blindExactly(input, r)));
  return {
    problems,
    deliveries: r.deliveries.map((d) => `${show(d.at)} ${d.state}`),
    transitions: r.transitions.map((t) => `${show(t.at)} ${t.from}→${t.to}`),
    rounds: r.rounds.map((x) => x.dueAt),
    /** Each delivery with the round it belongs to. */
    byRound: r.deliveries.map((d) => `${show(d.at)} ${d.state} (round ${d.round})`),
    acks: r.actions.map((a) => (a.quietUntil ? `${show(a.at)} quiet until ${show(a.quietUntil)}` : `${show(a.at)} ${a.action} ${a.ok ? 'ok' : 'refused'}`)),
  };
}

const birthday: SimEvent = { due_at: '2026-08-14', fire_at: '2026-08-12', after_due: 'expire' };

describe('seed §6: the lifecycle', () => {
  it.each([
    {
      name: 'an all-day birthday with two days of preparation, nobody home: preparing at 00:00 of fire_on, today at 00:00, expired at 24:00',
      story: { event: birthday, push: '2026-08-10T12:00', until: '2026-08-15T12:00' },
      transitions: ['08-12 00:00 scheduled→preparing', '08-14 00:00 preparing→today', '08-15 00:00 today→expired'],
      deliveries: ['08-12 21:30 preparing', '08-13 21:30 preparing', '08-14 09:50 today', '08-14 14:50 today', '08-14 20:50 today'],
    },
    {
      name: 'an early due (a 07:00 flight, quiet until 09:00) is today from quiet_start − 2h on the eve',
      story: { event: { due_at: '2026-08-14T07:00', after_due: 'expire' }, push: '2026-08-13T12:00', until: '2026-08-14T12:00', presence: 'present' },
      transitions: ['08-13 20:00 scheduled→today', '08-14 07:00 today→expired'],
      deliveries: ['08-13 20:00 today', '08-13 21:00 today'],
    },
    {
      name: 'a due at 09:00 sharp (= quiet_end) takes the eve rule too',
      story: { event: { due_at: '2026-08-14T09:00', after_due: 'expire' }, push: '2026-08-13T12:00', until: '2026-08-14T12:00' },
      transitions: ['08-13 20:00 scheduled→today', '08-14 09:00 today→expired'],
      deliveries: ['08-13 20:50 today'],
    },
    {
      name: 'keep: today → overdue at the due moment sharp; the clipped 14:00–14:37 window falls back at 14:27',
      story: { event: { due_at: '2026-08-14T14:37', after_due: 'keep' }, push: '2026-08-14T00:00', until: '2026-08-16T00:00' },
      transitions: ['08-14 14:37 today→overdue'],
      deliveries: ['08-14 09:50 today', '08-14 14:27 today', '08-15 21:30 overdue'],
    },
    {
      name: 'arriving on its due day it is today at once, and nothing is delivered retroactively',
      story: { event: { due_at: '2026-08-14', after_due: 'expire' }, push: '2026-08-14T11:30', until: '2026-08-15T01:00' },
      transitions: ['08-15 00:00 today→expired'],
      deliveries: ['08-14 14:50 today', '08-14 20:50 today'],
    },
    {
      name: 'arriving with fire_on in the past it is preparing at once',
      story: { event: { due_at: '2026-08-14', fire_at: '2026-08-10', after_due: 'expire' }, push: '2026-08-13T12:00', until: '2026-08-14T01:00' },
      transitions: ['08-14 00:00 preparing→today'],
      deliveries: ['08-13 21:30 preparing'],
    },
    {
      name: 'Done works from scheduled, two weeks early: no reminder at all',
      story: { event: birthday, push: '2026-08-01T12:00', until: '2026-08-16T00:00', actions: [['2026-08-01T12:05', 'done']] },
      transitions: ['08-01 12:05 scheduled→done'],
      deliveries: [],
    },
    {
      name: 'fixed mode: 08:15+02:00 for a user in Montevideo is 03:15 local, today from 20:00 on the eve',
      story: {
        tz: 'America/Montevideo',
        event: { due_at: '2026-09-10T08:15+02:00', after_due: 'expire' },
        push: '2026-09-09T12:00',
        until: '2026-09-10T12:00',
      },
      transitions: ['09-09 20:00 scheduled→today', '09-10 03:15 today→expired'],
      deliveries: ['09-09 20:50 today'],
    },
  ] satisfies Array<{ name: string; story: Story; transitions: string[]; deliveries: string[] }>)('$name', ({ story, transitions, deliveries }) => {
    const r = run(story);
    expect(r.transitions).toEqual(transitions);
    expect(r.deliveries).toEqual(deliveries);
    expect(r.problems).toEqual([]);
  });
});

describe('seed §7: the cascade bounds an Ack in preparing', () => {
  it('fire_on 30 days before: reminded on −30, −29, −28; Ack on −28 → silent until −15; Ack on −14 → silent until −7', () => {
    // Due 2026-09-30; the user is home 10:00–10:05 every day.
    const days = Array.from({ length: 31 }, (_, i) => Temporal.PlainDate.from('2026-08-31').add({ days: i }).toString());
    const r = run({
      event: { due_at: '2026-09-30', fire_at: '2026-08-31', after_due: 'expire' },
      push: '2026-08-30T12:00',
      until: '2026-09-30T12:00',
      presence: days.map((d) => [`${d}T10:00`, `${d}T10:05`]),
      actions: [
        ['2026-09-02T10:30', 'ack'],
        ['2026-09-16T10:30', 'ack'],
      ],
    });
    const before = (n: number) => Temporal.PlainDate.from('2026-09-30').subtract({ days: n }).toString().slice(5);
    expect(r.deliveries).toEqual([
      ...[30, 29, 28, 15, 14, 7, 6, 5, 4, 3, 2, 1].map((n) => `${before(n)} 10:00 preparing`),
      '09-30 09:50 today',
      '09-30 10:00 today',
    ]);
    expect(r.acks).toEqual(['09-02 10:30 quiet until 09-15 00:00', '09-16 10:30 quiet until 09-23 00:00']);
    expect(r.problems).toEqual([]);
  });
});

describe('seed §8: windows, fallback, Ack', () => {
  it.each([
    {
      name: 'today: reminded at 11:00, Ack → silent at 12:00, again at 13:00',
      story: {
        event: { due_at: '2026-08-14', after_due: 'expire' },
        push: '2026-08-14T11:00',
        until: '2026-08-14T14:30',
        presence: 'present',
        actions: [['2026-08-14T11:10', 'ack']],
      },
      deliveries: ['08-14 11:00 today', '08-14 13:00 today', '08-14 14:00 today'],
      acks: ['08-14 11:10 quiet until 08-14 13:00'],
    },
    {
      name: 'overdue: Ack → 00:00 of the day after tomorrow (tomorrow’s window is skipped)',
      story: {
        event: { due_at: '2026-08-14T12:00', after_due: 'keep' },
        push: '2026-08-14T12:30',
        until: '2026-08-17T12:00',
        presence: 'present',
        actions: [['2026-08-15T09:10', 'ack']],
      },
      deliveries: ['08-14 12:30 overdue', '08-15 09:00 overdue', '08-17 09:00 overdue'],
      acks: ['08-15 09:10 quiet until 08-17 00:00'],
    },
    {
      name: 'present → delivered at once in each hourly window, only to the present channel',
      story: { event: { due_at: '2026-08-14T12:00', after_due: 'expire' }, push: '2026-08-14T08:00', until: '2026-08-14T13:00', presence: 'present' },
      deliveries: ['08-14 09:00 today', '08-14 10:00 today', '08-14 11:00 today'],
      acks: [],
    },
    {
      name: 'HADO_FALLBACK_DAY=45: the preparing day falls back at 21:15',
      story: {
        event: birthday,
        push: '2026-08-12T12:00',
        until: '2026-08-13T00:00',
        cfg: { ...DEFAULT_WINDOW_CONFIG, fallbackDayMinutes: 45 },
      },
      deliveries: ['08-12 21:15 preparing'],
      acks: [],
    },
    {
      name: 'no fallback hour inside active hours 12:00–14:00: the first and the last window fall back',
      story: { quiet: ['14:00', '12:00'], event: { due_at: '2026-08-14', after_due: 'expire' }, push: '2026-08-14T00:00', until: '2026-08-15T00:00' },
      deliveries: ['08-14 12:50 today', '08-14 13:50 today'],
      acks: [],
    },
  ] satisfies Array<{ name: string; story: Story; deliveries: string[]; acks: string[] }>)('$name', ({ story, deliveries, acks }) => {
    const r = run(story);
    expect(r.deliveries).toEqual(deliveries);
    expect(r.acks).toEqual(acks);
    expect(r.problems).toEqual([]);
  });
});

describe('issue 9: the four cases, through the simulator', () => {
  it('1. every day at 07:00 pushed Monday 12:00, present: 20:00 and 21:00 every evening; each round rolls at its moment', () => {
    const r = run({
      event: { recurrence: { type: 'weekly', weekdays: [0, 1, 2, 3, 4, 5, 6], time_local: '07:00' }, fire_days_before: 0, after_due: 'expire' },
      push: '2026-08-10T12:00',
      until: '2026-08-13T08:00',
      presence: 'present',
    });
    expect(r.deliveries).toEqual(['08-10', '08-11', '08-12'].flatMap((d) => [`${d} 20:00 today`, `${d} 21:00 today`]));
    expect(r.rounds).toEqual(['2026-08-11T07:00', '2026-08-12T07:00', '2026-08-13T07:00', '2026-08-14T07:00']);
    expect(r.problems).toEqual([]);
  });

  it('2. due 08-14 07:00, fire_at 08-12, nobody present: blind at 08-12 21:30 and 08-13 20:50, two in all', () => {
    const r = run({ event: { due_at: '2026-08-14T07:00', fire_at: '2026-08-12', after_due: 'expire' }, push: '2026-08-12T00:00', until: '2026-08-14T12:00' });
    expect(r.deliveries).toEqual(['08-12 21:30 preparing', '08-13 20:50 today']);
    expect(r.problems).toEqual([]);
  });

  it('3. due 16:30 keep, present: today 09:00 … 16:00, no overdue on the due day, the next day’s 09:00', () => {
    const r = run({ event: { due_at: '2026-08-14T16:30', after_due: 'keep' }, push: '2026-08-14T00:00', until: '2026-08-15T12:00', presence: 'present' });
    expect(r.deliveries).toEqual([...['09', '10', '11', '12', '13', '14', '15', '16'].map((h) => `08-14 ${h}:00 today`), '08-15 09:00 overdue']);
    expect(r.problems).toEqual([]);
  });

  it('4. Berlin, quiet_end 02:30, due 2026-03-29T02:45 (in the gap): today from the eve at 20:00, reminded, expired at 03:00', () => {
    const r = run({
      quiet: ['22:00', '02:30'],
      event: { due_at: '2026-03-29T02:45', after_due: 'expire' },
      push: '2026-03-27T12:00',
      until: '2026-03-29T12:00',
    });
    expect(r.transitions).toEqual(['03-28 20:00 scheduled→today', '03-29 03:00 today→expired']);
    expect(r.deliveries).toEqual(['03-28 21:20 today']);
    expect(r.problems).toEqual([]);
  });
});

describe('across rounds of a series: one reminder per daily window', () => {
  // The daily-window check asks whether the event had a reminder in the window, whatever its round
  // (deliveries.ts eventsDeliveredInWindow): a roll is a re-push with a new due_at (Part C), the same event.
  const daily10: SimEvent = { recurrence: { type: 'weekly', weekdays: [0, 1, 2, 3, 4, 5, 6], time_local: '10:00' }, fire_days_before: 1, after_due: 'expire' };

  it.each([
    {
      name: 'present: the 09:00 today reminder of the 08-11 round leaves the next round no preparing reminder on 08-11',
      presence: 'present' as const,
      deliveries: ['08-10 12:00 preparing (round 1)', '08-11 09:00 today (round 1)', '08-12 09:00 today (round 2)'],
    },
    {
      name: 'nobody present: the 09:50 today fallback of the 08-11 round leaves the next round no 21:30 preparing fallback on 08-11',
      presence: 'absent' as const,
      deliveries: ['08-10 21:30 preparing (round 1)', '08-11 09:50 today (round 1)', '08-12 09:50 today (round 2)'],
    },
  ])('a daily 10:00 rule with fire_days_before 1, $name', ({ presence, deliveries }) => {
    const r = run({ event: daily10, push: '2026-08-10T12:00', until: '2026-08-12T12:00', presence });
    expect(r.rounds).toEqual(['2026-08-11T10:00', '2026-08-12T10:00', '2026-08-13T10:00']);
    expect(r.transitions).toContain('08-11 10:00 expired→preparing');
    expect(r.byRound).toEqual(deliveries);
    expect(r.problems).toEqual([]);
  });
});
