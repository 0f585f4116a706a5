// One delivery tick (SPEC A7 "tick algorithm"): for every reminding event
// whose next_check_at has come, find its open window, ask presence, decide
// (domain/decide.ts) and write the outcome — its outbox rows (core/outbox.ts)
// in the same transaction as the decision, and the event's next_check_at.
// Workers send the pending rows.
//
// Cost: the candidates come from an index of reminding events by
// next_check_at, so an idle tick is one index probe whatever the table size.
//
// Safety: the whole tick holds a transaction-level advisory lock, so two
// schedulers never tick at once (and no other writer adds an event's
// deliveries, so phase 1's in-window answer still holds in phase 2). The
// write phase writes only the rows that have not moved since phase 1 read
// them — one UPDATE compares and locks their versions — and reads again,
// locked, the ones that did (an Ack or Done that landed while presence was
// being asked is honoured); UNIQUE (event_id, channel_id, window_start) with
// ON CONFLICT DO NOTHING insures the rest.
import type { PresenceCache } from '../channels/presence.ts';
import { outboxRows } from '../core/outbox.ts';
import { type ChannelRecord, channelsOfUsers, liveChannelIds, type PresenceUser, presenceUser } from '../db/channels.ts';
import type { Db } from '../db/connect.ts';
import { eventsDeliveredInWindow, insertDeliveries, type DeliveryInsert } from '../db/deliveries.ts';
import { type DueCandidate, dueCandidates, lockDueCandidates, setNextChecksIfUnmoved } from '../db/events.ts';
import { exclusively } from '../db/locks.ts';
import { eventDates, settingsMemo } from '../db/rows.ts';
import type { ChannelType, Presence } from '../domain/channels.ts';
import { type Decision, decide } from '../domain/decide.ts';
import { advance, type EventDates, type State } from '../domain/lifecycle.ts';
import { closedWindowStart, nextCheckAt } from '../domain/next-check.ts';
import { fromDate, type Instant, Temporal, toDate } from '../domain/time.ts';
import type { UserSettings } from '../domain/user.ts';
import { WindowCache } from '../domain/window-cache.ts';
import type { WindowConfig, WindowInfo } from '../domain/windows.ts';

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
  /** Told the wall time of each phase as it ends (bench/tick's breakdown); phases repeated per batch add up. */
  onPhase?: PhaseSink;
}

/** A phase's name and its wall time in milliseconds. */
export type PhaseSink = (phase: string, ms: number) => void;

/** Laps of one tick: each call reports the time since the previous one under its phase name. */
export function phaseClock(sink: PhaseSink | undefined): (phase: string) => void {
  if (!sink) return () => {};
  let last = performance.now();
  return (phase) => {
    const t = performance.now();
    sink(phase, t - last);
    last = t;
  };
}

const DEFAULT_LIMIT = 50_000;

/** Instant.toString() is slow in the polyfill, and a tick formats tens of thousands: same text via Date. */
const iso = (i: Instant): string => new Date(i.epochMilliseconds).toISOString().replace('.000Z', 'Z');
const WRITE_BATCH = 2_000;

/** An event as the tick sees it at `now`. */
interface Prepared {
  row: DueCandidate;
  plan: Plan;
  presenceUser: PresenceUser;
  channels: ChannelRecord[];
  quietUntil: Instant;
}

/** The candidate query alone (for bench/tick): reminding events whose next_check_at has come. */
export async function deliveryCandidates(db: Db, now: Date, limit = DEFAULT_LIMIT): Promise<number> {
  return (await dueCandidates(db, now, limit)).length;
}

interface Plan {
  key: string;
  dates: EventDates;
  user: UserSettings;
  state: State;
  window: WindowInfo | null;
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
  private readonly settingsOf = settingsMemo();
  private readonly instants = new Map<number, Instant>();
  private readonly texts = new Map<number, string>();
  readonly windows: WindowCache;

  constructor(
    private readonly now: Instant,
    private readonly cfg: WindowConfig,
  ) {
    this.windows = new WindowCache(cfg);
  }

  plan(row: DueCandidate): Plan {
    // Raw column text as the key: no parsing or formatting to look it up.
    const key = `${row.state}|${row.due_mode}|${row.due_date}|${row.due_time}|${row.due_instant?.getTime()}|${row.fire_on}|${row.after_due}|${row.tz}|${row.quiet_start}|${row.quiet_end}|${row.recurrence?.duration_minutes ?? ''}`;
    let plan = this.plans.get(key);
    if (!plan) {
      const user = this.settingsOf(row);
      const dates = eventDates(row);
      // The stored state may lag by a tick (another scheduler's lifecycle tick): decide on the real one.
      const state = advance(row.state, dates, user, this.now);
      plan = { key, dates, user, state, window: this.windows.open(state, dates, user, this.now, this.cfg) };
      this.plans.set(key, plan);
    }
    return plan;
  }

  /** A column's instant, made once per distinct value in the tick (most quiet_until are the epoch: never acked). */
  instant(at: Date): Instant {
    const ms = at.getTime();
    let i = this.instants.get(ms);
    if (i === undefined) {
      i = fromDate(at);
      this.instants.set(ms, i);
    }
    return i;
  }

  /** iso(), once per distinct instant: windows and next looks repeat across the events of a zone. */
  text(at: Instant): string {
    const ms = at.epochMilliseconds;
    let t = this.texts.get(ms);
    if (t === undefined) {
      t = iso(at);
      this.texts.set(ms, t);
    }
    return t;
  }

  next(plan: Plan, quietUntil: Instant, closed: Instant | null): Instant | null {
    const key = `${plan.key}|${quietUntil.epochMilliseconds}|${closed?.epochMilliseconds}`;
    if (!this.nexts.has(key)) {
      this.nexts.set(
        key,
        nextCheckAt({
          state: plan.state,
          ev: plan.dates,
          user: plan.user,
          quietUntil,
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

function prepare(rows: DueCandidate[], channels: Map<number, ChannelRecord[]>, plans: TickPlans): Prepared[] {
  return rows.map((row) => ({
    row,
    plan: plans.plan(row),
    presenceUser: presenceUser(row),
    channels: channels.get(row.user_id) ?? [],
    quietUntil: plans.instant(row.quiet_until),
  }));
}

function decideOne(p: Prepared, now: Instant, cfg: WindowConfig, delivered: boolean, presence: ReadonlyMap<number, Presence>): Decision {
  return decide({
    state: p.plan.state,
    ev: p.plan.dates,
    quietUntil: p.quietUntil,
    now,
    user: p.plan.user,
    cfg,
    window: p.plan.window,
    deliveredInWindow: delivered,
    channels: p.channels,
    presence,
  });
}

/** The windows of these events that are open now, for eventsDeliveredInWindow. */
const openWindows = (batch: Prepared[]) =>
  batch.flatMap((p) => (p.plan.window === null ? [] : [{ id: p.row.id, start: toDate(p.plan.window.start), end: toDate(p.plan.window.end) }]));

/** Phase 1's read, no row locks: who needs presence, their answers, and the events already delivered in their open window. */
async function askPresence(
  trx: Db,
  first: Prepared[],
  now: Instant,
  opts: DeliveryTickOptions,
  lap: (phase: string) => void,
): Promise<{ presence: Map<number, Presence>; done: Set<number> }> {
  const windows = openWindows(first);
  lap('delivery: plans (Node)');
  const done = await eventsDeliveredInWindow(trx, windows);
  lap('delivery: in-window check');
  // Without any presence the decision is waiting or fallback exactly when presence could matter.
  const asks = first.filter((p) => {
    if (p.plan.window === null) return false;
    const blind = decideOne(p, now, opts.cfg, done.has(p.row.id), new Map());
    return blind.why === 'waiting' || blind.why === 'fallback';
  });
  lap('delivery: decide (Node)');
  const presence = await opts.presence.ask(
    asks.map((p) => ({ user: p.presenceUser, channels: p.channels })),
    now,
  );
  lap('delivery: presence');
  return { presence, done };
}

/**
 * The order the tick writes in: by candidate, in runs of WRITE_BATCH sorted
 * by id (so the outbox rows keep their ids' order, as when the tick wrote in
 * batches).
 */
function inWriteOrder(prepared: Prepared[]): Prepared[] {
  const run = (i: number) => Math.floor(i / WRITE_BATCH);
  return prepared
    .map((p, i) => ({ p, run: run(i) }))
    .sort((a, b) => a.run - b.run || a.p.row.id - b.p.row.id)
    .map((x) => x.p);
}

/** What the tick writes for one event: its next look (null: unchanged), at the version it was decided on. */
interface Write {
  id: number;
  version: string;
  next: Date | null;
}

interface Outcome {
  decisions: TickDecision[];
  inserts: DeliveryInsert[];
  /** The events with an outbox row or a next look to write (a waiting event writes nothing). */
  writes: Write[];
}

/** Phase 2's decisions in Node: the outbox rows, the next looks and the report. */
function decideAll(
  batch: Prepared[],
  now: Instant,
  cfg: WindowConfig,
  plans: TickPlans,
  delivered: Set<number>,
  presence: ReadonlyMap<number, Presence>,
): Outcome {
  const nowDate = toDate(now);
  const out: Outcome = { decisions: [], inserts: [], writes: [] };
  for (const p of batch) {
    const d = decideOne(p, now, cfg, delivered.has(p.row.id), presence);
    const to = d.kind === 'deliver' ? p.channels.filter((c) => d.channelIds.includes(c.id)) : [];
    const rows = d.kind === 'deliver' ? outboxRows({ eventId: p.row.id, round: p.row.round, windowStart: toDate(d.windowStart) }, to, nowDate) : [];
    out.inserts.push(...rows);
    const window = p.plan.window;
    const closed = closedWindowStart(d, window);
    // Waiting (an open window, not closed, not quiet) is looked at again next tick: nextCheckAt says `now`.
    const next = d.why === 'waiting' ? now : (plans.next(p.plan, p.quietUntil, closed) ?? now);
    // A waiting event stays due (its next_check_at has come): rewriting it would only cost an index update.
    const later = Temporal.Instant.compare(next, now) > 0;
    if (later || rows.length > 0) out.writes.push({ id: p.row.id, version: p.row.version, next: later ? toDate(next) : null });
    out.decisions.push({
      event: { id: p.row.id, source: p.row.source, sourceRef: p.row.source_ref, topic: p.row.topic, user: p.row.login, state: p.plan.state },
      window: window
        ? { start: plans.text(window.start), end: plans.text(window.end), fallbackAt: window.fallbackAt ? plans.text(window.fallbackAt) : null }
        : null,
      channels: to.map((c) => ({ id: c.id, type: c.type })),
      presence: p.channels.filter((c) => presence.has(c.id)).map((c) => ({ id: c.id, type: c.type, presence: presence.get(c.id)! })),
      why: d.why,
      nextCheckAt: plans.text(next),
    });
  }
  return out;
}

/**
 * The events that moved between the phases (their write found another
 * version): read again, locked — the ones no longer due drop out — decided
 * again on the same presence answers and written. Their new decisions take
 * the old ones' places in the report, and their outbox rows replace the old.
 */
async function decideMoved(
  trx: Db,
  now: Instant,
  opts: DeliveryTickOptions,
  plans: TickPlans,
  channels: Map<number, ChannelRecord[]>,
  presence: ReadonlyMap<number, Presence>,
  first: Outcome,
  moved: number[],
): Promise<Pick<Outcome, 'decisions' | 'inserts'>> {
  const rows = await lockDueCandidates(trx, toDate(now), moved);
  const again = prepare(rows, channels, plans);
  const delivered = await eventsDeliveredInWindow(trx, openWindows(again));
  const second = decideAll(again, now, opts.cfg, plans, delivered, presence);
  await setNextChecksIfUnmoved(trx, second.writes);
  const gone = new Set(moved);
  const redecided = new Map(second.decisions.map((d) => [d.event.id, d]));
  return {
    decisions: first.decisions.flatMap((d) => (gone.has(d.event.id) ? (redecided.has(d.event.id) ? [redecided.get(d.event.id)!] : []) : [d])),
    inserts: [...first.inserts.filter((r) => !gone.has(r.event_id!)), ...second.inserts],
  };
}

/**
 * Runs one delivery tick as of `now`. Returns the decision for every event
 * looked at, or null when another scheduler holds the tick.
 */
export async function deliveryTick(db: Db, now: Instant, opts: DeliveryTickOptions): Promise<TickDecision[] | null> {
  const nowDate = toDate(now);
  const { cfg } = opts;
  const lap = phaseClock(opts.onPhase);
  const result = await exclusively(db, 'eventDelivery', async (trx) => {
    lap('delivery: begin + advisory lock');
    // Phase 1, no row locks: who needs presence?
    const candidates = await dueCandidates(trx, nowDate, opts.limit ?? DEFAULT_LIMIT);
    lap('delivery: candidate query');
    if (candidates.length === 0) return [];
    const plans = new TickPlans(now, cfg);
    const userIds = [...new Set(candidates.map((c) => c.user_id))];
    // Read once per tick (issue 28: once per write batch as well cost 6 reads at 1%), inside the tick's transaction.
    const channels = await channelsOfUsers(trx, userIds);
    lap('delivery: channels read');
    const prepared = prepare(candidates, channels, plans);
    const { presence, done } = await askPresence(trx, prepared, now, opts, lap);

    // Phase 2: decide on phase 1's rows, then write those that have not moved since — one statement each for the whole tick.
    const first = decideAll(inWriteOrder(prepared), now, cfg, plans, done, presence);
    lap('delivery: decide (Node)');
    const written = await setNextChecksIfUnmoved(trx, first.writes);
    lap('delivery: next_check_at update');
    const moved = first.writes.filter((w) => !written.has(w.id)).map((w) => w.id);
    const { decisions, inserts } = moved.length === 0 ? first : await decideMoved(trx, now, opts, plans, channels, presence, first, moved);
    lap('delivery: moved rows');
    // A channel switched off or deleted while presence was asked gets nothing.
    const live = await liveChannelIds(trx, [...new Set(inserts.map((r) => r.channel_id))]);
    lap('delivery: live channels');
    await insertDeliveries(
      trx,
      inserts.filter((r) => live.has(r.channel_id)),
    );
    lap('delivery: inserts');
    return decisions;
  });
  lap('delivery: commit');
  return result;
}
