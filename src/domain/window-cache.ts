// The `today` windows of an event are a whole day of wall-clock arithmetic
// (about a millisecond each with the Temporal polyfill), and a tick asks for
// them several times per event while thousands of events share a due day,
// a zone and active hours. A WindowCache computes them once per (due, zone,
// hours) for the life of one tick. It answers exactly like windows.ts (the
// tests sweep both); other states go straight to windows.ts.
import type { Due } from './due.ts';
import type { EventDates, State } from './lifecycle.ts';
import type { WindowLookup } from './next-check.ts';
import { type Instant, Temporal } from './time.ts';
import type { UserSettings } from './user.ts';
import { nextWindowStart, openWindow, todayWindowInfos, type WindowConfig, type WindowInfo } from './windows.ts';

const dueKey = (due: Due): string => (due.mode === 'fixed' ? `F${due.instant.epochMilliseconds}` : `L${due.date.toString()}T${due.time?.toString() ?? '24'}`);

const userKey = (u: UserSettings): string => `${u.tz}|${u.quietStart.toString()}|${u.quietEnd.toString()}`;

const lt = (a: Instant, b: Instant): boolean => Temporal.Instant.compare(a, b) < 0;

export class WindowCache implements WindowLookup {
  private readonly today = new Map<string, WindowInfo[]>();

  constructor(private readonly cfg: WindowConfig) {}

  /** todayWindowInfos, memoised. */
  todayWindows(due: Due, user: UserSettings): WindowInfo[] {
    const key = `${dueKey(due)}|${userKey(user)}`;
    let infos = this.today.get(key);
    if (!infos) {
      infos = todayWindowInfos(due, user, this.cfg);
      this.today.set(key, infos);
    }
    return infos;
  }

  open(state: State, ev: EventDates, user: UserSettings, at: Instant, cfg: WindowConfig): WindowInfo | null {
    if (state !== 'today' || cfg !== this.cfg) return openWindow(state, ev, user, at, cfg);
    return this.todayWindows(ev.due, user).find((w) => !lt(at, w.start) && lt(at, w.end)) ?? null;
  }

  nextStart(state: State, ev: EventDates, user: UserSettings, at: Instant, cfg: WindowConfig): Instant | null {
    if (state !== 'today' || cfg !== this.cfg) return nextWindowStart(state, ev, user, at, cfg);
    return this.todayWindows(ev.due, user).find((w) => lt(at, w.start))?.start ?? null;
  }
}
