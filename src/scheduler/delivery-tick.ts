// One delivery tick (SPEC A7 "tick algorithm"): for every reminding event
// whose next_check_at has come, find its open window, ask presence, decide
// (domain/decide.ts) and write the outcome — delivery rows `pending` in the
// same transaction as the decision (web rows `ok` at once: its delivery is
// the row), and the event's next_check_at. Workers send the pending rows.
//
// Cost: the candidates come from an index of reminding events by
// next_check_at, so an idle tick is one index probe whatever the table size.
//
// Safety: the whole tick holds a transaction-level advisory lock, so two
// schedulers never tick at once; the write phase also locks the candidate
// rows and re-reads them (an Ack or Done that landed while presence was being
// asked is honoured), and UNIQUE (event_id, channel_id, window_start) with
// ON CONFLICT DO NOTHING insures the rest.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { PresenceCache } from '../channels/presence.ts';
import type { ChannelRecord, ChannelType, Presence, PresenceUser } from '../channels/types.ts';
import type { Db } from '../db/connect.ts';
import { channelsOfUsers } from '../db/channels.ts';
import { eventDates, userSettings } from '../db/rows.ts';
import { type Decision, decide } from '../domain/decide.ts';
import { advance, type EventDates, type State } from '../domain/lifecycle.ts';
import { closedWindowStart, nextCheckAt } from '../domain/next-check.ts';
import { fromDate, type Instant, Temporal, toDate } from '../domain/time.ts';
import type { UserSettings } from '../domain/user.ts';
import { WindowCache } from '../domain/window-cache.ts';
import type { WindowConfig, WindowInfo } from '../domain/windows.ts';
import { SCHEDULER_LOCK } from './lifecycle-tick.ts';

/** Key of the advisory lock of the delivery tick (the lifecycle tick has its own). */
export const DELIVERY_LOCK = SCHEDULER_LOCK + 1;

/** Why an event got (or did not get) a delivery round in this tick. */
export type Why = Decision['why'];

export interface TickDecision {
  event: { id: number; source: string; sourceRef: string; topic: string; user: string; state: State };
  window: { start: string; end: string; fallbackAt: string | null } | null;
  /** The channels delivered to (empty unless why is present/fallback). */
  channels: Array<{ id: number; type: ChannelType }>;
  /** What each asked channel answered, for the log and `hado tick`. */
  presence: Array<{ id: number; type: ChannelType; presence: Presence }>;
  why: Why;
  /** When the tick will look at the event again. */
  nextCheckAt: string;
}

export interface DeliveryTickOptions {
  presence: PresenceCache;
  cfg: WindowConfig;
  /** At most this many events per tick, longest-waiting first; the rest go to the next tick. */
  limit?: number;
}

const DEFAULT_LIMIT = 50_000;

/** Instant.toString() is slow in the polyfill, and a tick formats tens of thousands: same text via Date. */
const iso = (i: Instant): string => new Date(i.epochMilliseconds).toISOString().replace('.000Z', 'Z');
const WRITE_BATCH = 2_000;

/** An action token: 256 random bits, URL-safe, short enough for Telegram's 64-byte callback data. */
export function newActionToken(): string {
  return randomBytes(32).toString('base64url');
}

interface CandidateRow {
  id: number;
  state: State;
  due_mode: 'local' | 'fixed';
  due_date: string | null;
  due_time: string | null;
  due_instant: Date | null;
  fire_on: string;
  after_due: 'keep' | 'expire';
  quiet_until: Date;
  round: number;
  source_ref: string;
  topic: string;
  source: string;
  user_id: number;
  login: string;
  tz: string;
  quiet_start: string;
  quiet_end: string;
  last_heartbeat_at: Date | null;
}

/** An event as the tick sees it at `now`. */
interface Prepared {
  row: CandidateRow;
  plan: Plan;
  dates: EventDates;
  user: UserSettings;
  presenceUser: PresenceUser;
  state: State;
  window: WindowInfo | null;
  channels: ChannelRecord[];
}

// The literal state list matches the partial index events_check_due.
const REMINDING = sql`events.state IN ('preparing', 'today', 'overdue')`;

async function selectCandidates(db: Db, now: Date, opts: { limit: number } | { ids: number[] }): Promise<CandidateRow[]> {
  const lock = 'ids' in opts;
  const res = await sql<CandidateRow>`
    SELECT events.id, events.state, events.due_mode, events.due_date, events.due_time, events.due_instant,
           events.fire_on, events.after_due, events.quiet_until, events.round, events.source_ref, events.topic,
           sources.name AS source, users.id AS user_id, users.login, users.tz, users.quiet_start, users.quiet_end,
           users.last_heartbeat_at
    FROM events
    JOIN users ON users.id = events.user_id
    JOIN sources ON sources.id = events.source_id
    WHERE ${REMINDING} AND events.next_check_at <= ${now}
      ${lock ? sql`AND events.id = ANY(${opts.ids}::bigint[])` : sql``}
    ${lock ? sql`ORDER BY events.id FOR UPDATE OF events` : sql`ORDER BY events.next_check_at, events.id LIMIT ${opts.limit}`}`.execute(db);
  return res.rows;
}

/** The candidate query alone (for bench/tick): reminding events whose next_check_at has come. */
export async function deliveryCandidates(db: Db, now: Date, limit = DEFAULT_LIMIT): Promise<number> {
  return (await selectCandidates(db, now, { limit })).length;
}

/**
 * The events among `windows` that already have a delivery row inside their
 * window, [start, end) (pending counts: A7 "no double delivery"). Inside, not
 * at its start: a daily window holds at most one reminder (A6), so the due
 * day's overdue window sees the day's `today` reminders.
 */
async function deliveredWindows(db: Db, windows: Array<{ id: number; window: WindowInfo }>): Promise<Set<number>> {
  if (windows.length === 0) return new Set();
  const res = await sql<{ event_id: number }>`
    SELECT DISTINCT d.event_id FROM deliveries d
    JOIN (SELECT unnest(${windows.map((w) => w.id)}::bigint[]) AS event_id,
                 unnest(${windows.map((w) => toDate(w.window.start))}::timestamptz[]) AS start,
                 unnest(${windows.map((w) => toDate(w.window.end))}::timestamptz[]) AS until) w
      ON d.event_id = w.event_id AND d.window_start >= w.start AND d.window_start < w.until`.execute(db);
  return new Set(res.rows.map((r) => Number(r.event_id)));
}

/**
 * The pure part of one tick, memoised: events that share their dates, state
 * and user settings (a family in one zone, a client's batch, a due day) share
 * their state, window and next look, so the calendar arithmetic runs once
 * per distinct case, not once per event. Lives for one tick.
 */
class TickPlans {
  private readonly plans = new Map<string, Plan>();
  private readonly nexts = new Map<string, Instant | null>();
  private readonly settings = new Map<string, UserSettings>();
  readonly windows: WindowCache;

  constructor(
    private readonly now: Instant,
    private readonly cfg: WindowConfig,
  ) {
    this.windows = new WindowCache(cfg);
  }

  plan(row: CandidateRow): Plan {
    // Raw column text as the key: no parsing or formatting to look it up.
    const key = `${row.state}|${row.due_mode}|${row.due_date}|${row.due_time}|${row.due_instant?.getTime()}|${row.fire_on}|${row.after_due}|${row.tz}|${row.quiet_start}|${row.quiet_end}`;
    let plan = this.plans.get(key);
    if (!plan) {
      const userKey = `${row.tz}|${row.quiet_start}|${row.quiet_end}`;
      let user = this.settings.get(userKey);
      if (!user) {
        user = userSettings(row);
        this.settings.set(userKey, user);
      }
      const dates = eventDates(row);
      // The stored state may lag by a tick (another scheduler's lifecycle tick): decide on the real one.
      const state = advance(row.state, dates, user, this.now);
      plan = { key, dates, user, state, window: this.windows.open(state, dates, user, this.now, this.cfg) };
      this.plans.set(key, plan);
    }
    return plan;
  }

  next(plan: Plan, quietUntil: Date, closed: Instant | null): Instant | null {
    const key = `${plan.key}|${quietUntil.getTime()}|${closed?.epochMilliseconds}`;
    if (!this.nexts.has(key)) {
      this.nexts.set(
        key,
        nextCheckAt({
          state: plan.state,
          ev: plan.dates,
          user: plan.user,
          quietUntil: fromDate(quietUntil),
          now: this.now,
          cfg: this.cfg,
          closedWindowStart: closed,
          windows: this.windows,
        }),
      );
    }
    return this.nexts.get(key)!;
  }
}

interface Plan {
  key: string;
  dates: EventDates;
  user: UserSettings;
  state: State;
  window: WindowInfo | null;
}

function prepare(rows: CandidateRow[], channels: Map<number, ChannelRecord[]>, plans: TickPlans): Prepared[] {
  return rows.map((row) => {
    const plan = plans.plan(row);
    return {
      row,
      plan,
      dates: plan.dates,
      user: plan.user,
      presenceUser: { id: row.user_id, login: row.login, lastHeartbeatAt: row.last_heartbeat_at },
      state: plan.state,
      window: plan.window,
      channels: channels.get(row.user_id) ?? [],
    };
  });
}

function decideOne(p: Prepared, now: Instant, cfg: WindowConfig, delivered: boolean, presence: ReadonlyMap<number, Presence>): Decision {
  return decide({
    state: p.state,
    ev: p.dates,
    quietUntil: fromDate(p.row.quiet_until),
    now,
    user: p.user,
    cfg,
    window: p.window,
    deliveredInWindow: delivered,
    channels: p.channels,
    presence,
  });
}

/**
 * Runs one delivery tick as of `now`. Returns the decision for every event
 * looked at, or null when another scheduler holds the tick.
 */
export async function deliveryTick(db: Db, now: Instant, opts: DeliveryTickOptions): Promise<TickDecision[] | null> {
  const nowDate = toDate(now);
  const { cfg } = opts;
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${DELIVERY_LOCK}) AS locked`.execute(trx);
    if (!lock.rows[0]?.locked) return null;

    // Phase 1, no row locks: who needs presence?
    const candidates = await selectCandidates(trx, nowDate, { limit: opts.limit ?? DEFAULT_LIMIT });
    if (candidates.length === 0) return [];
    const plans = new TickPlans(now, cfg);
    const userIds = [...new Set(candidates.map((c) => c.user_id))];
    const first = prepare(candidates, await channelsOfUsers(trx, userIds), plans);
    const open = first.filter((p) => p.window !== null);
    const done1 = await deliveredWindows(
      trx,
      open.map((p) => ({ id: p.row.id, window: p.window! })),
    );
    const asks: Array<{ channel: ChannelRecord; user: PresenceUser }> = [];
    for (const p of open) {
      // Without any presence the decision is waiting or fallback exactly when presence could matter.
      const blind = decideOne(p, now, cfg, done1.has(p.row.id), new Map());
      if (blind.why === 'waiting' || blind.why === 'fallback') {
        for (const channel of p.channels) if (channel.enabled) asks.push({ channel, user: p.presenceUser });
      }
    }
    const presence = asks.length > 0 ? await opts.presence.ask(asks, now) : new Map<number, Presence>();

    // Phase 2: lock the candidates, re-read them (an Ack may have landed meanwhile), decide and write.
    const decisions: TickDecision[] = [];
    const ids = candidates.map((c) => c.id);
    for (let i = 0; i < ids.length; i += WRITE_BATCH) {
      const rows = await selectCandidates(trx, nowDate, { ids: ids.slice(i, i + WRITE_BATCH) });
      if (rows.length === 0) continue;
      const channels = await channelsOfUsers(trx, [...new Set(rows.map((r) => r.user_id))]);
      const batch = prepare(rows, channels, plans);
      const delivered = await deliveredWindows(
        trx,
        batch.filter((p) => p.window !== null).map((p) => ({ id: p.row.id, window: p.window! })),
      );
      const inserts: Array<{
        event_id: number;
        channel_id: number;
        window_start: Date;
        action_token: string;
        result: 'pending' | 'ok';
        sent_at: Date | null;
        next_attempt_at: Date;
        round: number;
        created_at: Date;
      }> = [];
      const checks: Array<{ id: number; next: Date }> = [];
      for (const p of batch) {
        const d = decideOne(p, now, cfg, delivered.has(p.row.id), presence);
        const byId = new Map(p.channels.map((c) => [c.id, c]));
        let to: ChannelRecord[] = [];
        if (d.kind === 'deliver') {
          to = d.channelIds.map((id) => byId.get(id)!);
          for (const channel of to) {
            const web = channel.type === 'web';
            inserts.push({
              event_id: p.row.id,
              channel_id: channel.id,
              window_start: toDate(d.windowStart),
              action_token: newActionToken(),
              // The web channel's delivery is the row itself (A7): written `ok` at once.
              result: web ? 'ok' : 'pending',
              sent_at: web ? nowDate : null,
              next_attempt_at: nowDate,
              round: p.row.round,
              created_at: nowDate,
            });
          }
        }
        const closed = closedWindowStart(d, p.window);
        // Waiting (an open window, not closed, not quiet) is looked at again next tick: nextCheckAt says `now`.
        const next = d.why === 'waiting' ? now : (plans.next(p.plan, p.row.quiet_until, closed) ?? now);
        // A waiting event stays due (its next_check_at has come): rewriting it would only cost an index update.
        if (Temporal.Instant.compare(next, now) > 0) checks.push({ id: p.row.id, next: toDate(next) });
        decisions.push({
          event: {
            id: p.row.id,
            source: p.row.source,
            sourceRef: p.row.source_ref,
            topic: p.row.topic,
            user: p.row.login,
            state: p.state,
          },
          window: p.window
            ? { start: iso(p.window.start), end: iso(p.window.end), fallbackAt: p.window.fallbackAt ? iso(p.window.fallbackAt) : null }
            : null,
          channels: to.map((c) => ({ id: c.id, type: c.type })),
          presence: p.channels.filter((c) => presence.has(c.id)).map((c) => ({ id: c.id, type: c.type, presence: presence.get(c.id)! })),
          why: d.why,
          nextCheckAt: iso(next),
        });
      }
      // Chunks keep each statement under Postgres's 65,535 bind parameters.
      for (let j = 0; j < inserts.length; j += 4_000) {
        await trx
          .insertInto('deliveries')
          .values(inserts.slice(j, j + 4_000))
          .onConflict((oc) => oc.columns(['event_id', 'channel_id', 'window_start']).doNothing())
          .execute();
      }
      if (checks.length === 0) continue;
      await sql`
        UPDATE events SET next_check_at = v.next
        FROM (SELECT unnest(${checks.map((c) => c.id)}::bigint[]) AS id,
                     unnest(${checks.map((c) => c.next)}::timestamptz[]) AS next) v
        WHERE events.id = v.id`.execute(trx);
    }
    return decisions;
  });
}
