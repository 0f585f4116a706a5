// The write rules of SPEC B1 (seed 003) and the delivery decision of B5, as
// tables over plain values: no database, a fixed "now".
import { describe, expect, it } from 'vitest';
import {
  applyRegroup,
  applyUpsert,
  decideNotice,
  groupIsOpen,
  groupTitle,
  inQuietHours,
  mayRepush,
  newNotice,
  nextActiveStart,
  type NoticeCall,
  type NoticeChannel,
  type NoticeDeliveryInput,
  type NoticeState,
  unreadLabel,
} from '../../src/domain/notices.ts';
import { Temporal } from '../../src/domain/time.ts';
import type { UserSettings } from '../../src/domain/user.ts';

const at = (s: string) => Temporal.Instant.from(s);
const NOW = at('2026-08-01T12:00:00Z');

function call(over: Partial<NoticeCall> = {}): NoticeCall {
  return {
    mode: 'group',
    recipients: ['ana'],
    title: 'Request #1',
    body: null,
    deepLink: null,
    data: {},
    actor: null,
    urgent: false,
    claim: false,
    step: 1,
    template: null,
    messages: ['Request #1'],
    windowMinutes: 30,
    ...over,
  };
}

function state(over: Partial<NoticeState> = {}): NoticeState {
  return { ...newNotice(call(), NOW.subtract({ minutes: 5 })), ...over };
}

describe('newNotice', () => {
  it('a new group starts at the step with its portion of messages (last 10)', () => {
    const messages = Array.from({ length: 12 }, (_, i) => `m${i + 1}`);
    const s = newNotice(call({ step: 3, messages }), NOW);
    expect(s.groupCount).toBe(3);
    expect(s.groupMessages).toEqual(messages.slice(2));
    expect(s.title).toBe('Request #1'); // created with the title as given (seed 003)
    expect(s.pushSeq).toBe(1);
    expect(s.lastPushedAt).toEqual(NOW);
  });

  it('create and upsert keep no group messages; recipients are de-duplicated', () => {
    const s = newNotice(call({ mode: 'create', recipients: ['ana', 'bob', 'ana'] }), NOW);
    expect(s.groupCount).toBe(1);
    expect(s.groupMessages).toEqual([]);
    expect(s.template).toBeNull();
    expect(s.recipients).toEqual(['ana', 'bob']);
  });

  it('a one-time call makes the notice claimable, unclaimed', () => {
    expect(newNotice(call({ claim: true }), NOW)).toMatchObject({ claimable: true, claimedBy: null, claimedAt: null });
  });
});

describe('groupIsOpen: the window slides from the last update', () => {
  it.each([
    ['updated just now', '2026-08-01T12:00:00Z', 30, true],
    ['29 min ago', '2026-08-01T11:31:00Z', 30, true],
    ['exactly 30 min ago (boundary inside)', '2026-08-01T11:30:00Z', 30, true],
    ['30 min 1 s ago', '2026-08-01T11:29:59Z', 30, false],
    ['2 h ago with a 3 h window', '2026-08-01T10:00:00Z', 180, true],
    ['6 min ago with a 5 min window', '2026-08-01T11:54:00Z', 5, false],
  ])('%s', (_name, updated, window, open) => {
    expect(groupIsOpen(at(updated), NOW, window)).toBe(open);
  });
});

describe('groupTitle', () => {
  it.each([
    ['New requests', 5, 'request #123', 'New requests (5): request #123'],
    ['New requests', 5, undefined, 'New requests (5)'],
    ['New requests', 2, '', 'New requests (2)'],
  ])('%s (%d): %s', (template, count, last, title) => {
    expect(groupTitle(template, count, last)).toBe(title);
  });
});

describe('applyRegroup (seed 003 "group found")', () => {
  it('adds the step; the title is "<template> (<count>): <last message>"', () => {
    const old = state({ groupCount: 4, groupMessages: ['a', 'b'] });
    const e = applyRegroup(old, call({ step: 1, template: 'New requests', messages: ['request #123'], title: 'request #123' }), NOW);
    expect(e.state.groupCount).toBe(5);
    expect(e.state.title).toBe('New requests (5): request #123');
    expect(e.state.groupMessages).toEqual(['a', 'b', 'request #123']);
    expect(e.resetRead).toBe(true);
  });

  it('a step of 3 adds 3; without a template the call title is used as is', () => {
    const e = applyRegroup(state({ groupCount: 2 }), call({ step: 3, title: 'Three more' }), NOW);
    expect(e.state.groupCount).toBe(5);
    expect(e.state.title).toBe('Three more');
  });

  it('keeps the template the group was made with when the call has none', () => {
    const old = state({ template: 'Mentions', groupCount: 1 });
    expect(applyRegroup(old, call({ messages: ['Ana: hi'] }), NOW).state.title).toBe('Mentions (2): Ana: hi');
  });

  it('keeps only the last 10 messages', () => {
    const old = state({ groupMessages: Array.from({ length: 10 }, (_, i) => `old${i}`) });
    const e = applyRegroup(old, call({ messages: ['new1', 'new2'] }), NOW);
    expect(e.state.groupMessages).toHaveLength(10);
    expect(e.state.groupMessages.slice(-3)).toEqual(['old9', 'new1', 'new2']);
    expect(e.state.groupMessages[0]).toBe('old2');
  });

  it('merges data: old keys, overwritten by new ones', () => {
    const old = state({ data: { a: 1, b: 1 } });
    expect(applyRegroup(old, call({ data: { b: 2, c: 3 } }), NOW).state.data).toEqual({ a: 1, b: 2, c: 3 });
  });

  it.each([
    ['a non-empty list replaces the recipients', ['bob', 'cid'], ['bob', 'cid'], true],
    ['an empty list keeps them', [], ['ana'], false],
  ])('%s', (_name, incoming, after, replaced) => {
    const e = applyRegroup(state({ recipients: ['ana'] }), call({ recipients: incoming }), NOW);
    expect(e.state.recipients).toEqual(after);
    expect(e.replaceRecipients).toBe(replaced);
  });

  it.each([
    ['a one-time call resets the claim', true, { claimable: true, claimedBy: null, claimedAt: null }],
    ['any other call leaves it', false, { claimable: true, claimedBy: 7, claimedAt: NOW.subtract({ minutes: 1 }) }],
  ])('%s', (_name, claim, after) => {
    const old = state({ claimable: true, claimedBy: 7, claimedAt: NOW.subtract({ minutes: 1 }) });
    expect(applyRegroup(old, call({ claim }), NOW).state).toMatchObject(after);
  });

  it.each([
    ['last push 31 s ago → re-push', 31, true],
    ['last push exactly 30 s ago → re-push', 30, true],
    ['last push 29 s ago → no re-push', 29, false],
  ])('%s', (_name, secondsAgo, repush) => {
    const old = state({ lastPushedAt: NOW.subtract({ seconds: secondsAgo }), pushSeq: 4 });
    const e = applyRegroup(old, call(), NOW);
    expect(e.repush).toBe(repush);
    expect(e.state.pushSeq).toBe(repush ? 5 : 4);
    expect(e.state.lastPushedAt).toEqual(repush ? NOW : old.lastPushedAt);
    expect(e.state.updatedAt).toEqual(NOW); // the window slides either way
  });

  it('body, link and actor keep their old values when the call has none', () => {
    const old = state({ body: 'old body', deepLink: '/x', actor: 'ana' });
    expect(applyRegroup(old, call(), NOW).state).toMatchObject({ body: 'old body', deepLink: '/x', actor: 'ana' });
    const e = applyRegroup(old, call({ body: 'new', deepLink: '/y', actor: 'bob' }), NOW);
    expect(e.state).toMatchObject({ body: 'new', deepLink: '/y', actor: 'bob' });
  });
});

describe('applyUpsert', () => {
  it('replaces text, data and recipients, resets read state, pushes again', () => {
    const old = state({ title: 'Build running', data: { a: 1 }, recipients: ['ana'], pushSeq: 2 });
    const e = applyUpsert(old, call({ mode: 'upsert', title: 'Build failed', data: { b: 2 }, recipients: ['bob'] }), NOW);
    expect(e.state).toMatchObject({ title: 'Build failed', data: { b: 2 }, recipients: ['bob'], pushSeq: 3, updatedAt: NOW });
    expect(e).toMatchObject({ resetRead: true, replaceRecipients: true, repush: true });
  });

  it('does not touch the group counter or messages', () => {
    const old = state({ groupCount: 1, groupMessages: [] });
    expect(applyUpsert(old, call({ mode: 'upsert' }), NOW).state).toMatchObject({ groupCount: 1, groupMessages: [] });
  });
});

describe('mayRepush', () => {
  it('at most once per 30 s', () => {
    expect(mayRepush(NOW.subtract({ seconds: 30 }), NOW)).toBe(true);
    expect(mayRepush(NOW.subtract({ milliseconds: 29_999 }), NOW)).toBe(false);
  });
});

describe('unreadLabel', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
  ])('%d → "%s"', (n, label) => {
    expect(unreadLabel(n)).toBe(label);
  });
});

// ---------------------------------------------------------------------------
// SPEC B5

const MADRID: UserSettings = {
  tz: 'Europe/Madrid',
  quietStart: Temporal.PlainTime.from('22:00'),
  quietEnd: Temporal.PlainTime.from('09:00'),
};

const WEB: NoticeChannel = { id: 1, type: 'web', enabled: true };
const TG: NoticeChannel = { id: 2, type: 'telegram', enabled: true };
const HOOK: NoticeChannel = { id: 3, type: 'webhook', enabled: true };

function delivery(over: Partial<NoticeDeliveryInput> = {}): NoticeDeliveryInput {
  return {
    now: at('2026-08-01T12:00:00Z'), // 14:00 in Madrid
    pushedAt: at('2026-08-01T12:00:00Z'),
    urgent: false,
    read: false,
    user: MADRID,
    fallbackMinutes: 10,
    noticeChannels: null,
    channels: [WEB, TG, HOOK],
    wants: () => true,
    presence: new Map(),
    ...over,
  };
}

describe('inQuietHours / nextActiveStart (Madrid, 09:00–22:00 active)', () => {
  it.each([
    ['08:59 local', '2026-08-01T06:59:00Z', true, '2026-08-01T07:00:00Z'],
    ['09:00 local', '2026-08-01T07:00:00Z', false, '2026-08-01T07:00:00Z'],
    ['21:59 local', '2026-08-01T19:59:00Z', false, '2026-08-01T19:59:00Z'],
    ['22:00 local', '2026-08-01T20:00:00Z', true, '2026-08-02T07:00:00Z'],
    ['01:00 local', '2026-07-31T23:00:00Z', true, '2026-08-01T07:00:00Z'],
  ])('%s', (_name, instant, quiet, next) => {
    expect(inQuietHours(at(instant), MADRID)).toBe(quiet);
    expect(nextActiveStart(at(instant), MADRID)).toEqual(at(next));
  });

  it('across a DST change the next start is 09:00 local of the next day', () => {
    // 2026-10-25: Madrid falls back from +02:00 to +01:00.
    expect(nextActiveStart(at('2026-10-24T21:00:00Z'), MADRID)).toEqual(at('2026-10-25T08:00:00Z'));
  });
});

describe('decideNotice (SPEC B5)', () => {
  it('delivers now to the present channels only', () => {
    const d = decideNotice(
      delivery({
        presence: new Map([
          [3, 'present'],
          [2, 'unknown'],
          [1, 'absent'],
        ]),
      }),
    );
    expect(d).toEqual({ kind: 'deliver', channelIds: [3], why: 'present' });
  });

  it('nobody present: waits for the fallback window', () => {
    const d = decideNotice(delivery({ now: at('2026-08-01T12:09:59Z') }));
    expect(d).toEqual({ kind: 'wait', until: at('2026-08-01T12:10:00Z'), why: 'absent' });
  });

  it('nobody present after the fallback window: all eligible channels', () => {
    const d = decideNotice(delivery({ now: at('2026-08-01T12:10:00Z') }));
    expect(d).toEqual({ kind: 'deliver', channelIds: [1, 2, 3], why: 'fallback' });
  });

  it('a fallback inside quiet hours waits for the next active-hours start', () => {
    const d = decideNotice(delivery({ pushedAt: at('2026-08-01T20:30:00Z'), now: at('2026-08-01T20:45:00Z') }));
    expect(d).toEqual({ kind: 'wait', until: at('2026-08-02T07:00:00Z'), why: 'quiet' });
    const morning = decideNotice(delivery({ pushedAt: at('2026-08-01T20:30:00Z'), now: at('2026-08-02T07:00:00Z') }));
    expect(morning).toMatchObject({ kind: 'deliver', why: 'fallback' });
  });

  it('an urgent notice falls back inside quiet hours too', () => {
    const d = decideNotice(delivery({ urgent: true, pushedAt: at('2026-08-01T20:30:00Z'), now: at('2026-08-01T20:40:00Z') }));
    expect(d).toEqual({ kind: 'deliver', channelIds: [1, 2, 3], why: 'fallback' });
  });

  it('a present channel gets it inside quiet hours (present = at the device)', () => {
    const d = decideNotice(delivery({ now: at('2026-08-01T21:00:00Z'), presence: new Map([[1, 'present']]) }));
    expect(d).toEqual({ kind: 'deliver', channelIds: [1], why: 'present' });
  });

  it('preferences filter the channels, presence included', () => {
    const wants = (t: string) => t !== 'webhook';
    const present = decideNotice(delivery({ wants, presence: new Map([[3, 'present']]) }));
    expect(present).toEqual({ kind: 'wait', until: at('2026-08-01T12:10:00Z'), why: 'absent' });
    const fallback = decideNotice(delivery({ wants, now: at('2026-08-01T12:10:00Z') }));
    expect(fallback).toEqual({ kind: 'deliver', channelIds: [1, 2], why: 'fallback' });
  });

  it('the notice channel types and disabled channels filter too', () => {
    const d = decideNotice(
      delivery({
        noticeChannels: ['telegram', 'webhook'],
        channels: [WEB, TG, { ...HOOK, enabled: false }],
        now: at('2026-08-01T12:10:00Z'),
      }),
    );
    expect(d).toEqual({ kind: 'deliver', channelIds: [2], why: 'fallback' });
  });

  it('already read in the inbox: drop, even when present', () => {
    expect(decideNotice(delivery({ read: true, presence: new Map([[2, 'present']]) }))).toEqual({ kind: 'drop', why: 'read' });
  });

  it('nothing eligible: drop', () => {
    expect(decideNotice(delivery({ wants: () => false }))).toEqual({ kind: 'drop', why: 'no-channels' });
  });

  it('a zero fallback window falls back at once', () => {
    expect(decideNotice(delivery({ fallbackMinutes: 0 }))).toMatchObject({ kind: 'deliver', why: 'fallback' });
  });
});
