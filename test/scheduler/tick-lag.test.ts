// hado_tick_lag_seconds is how late a tick started after the minute the loop
// scheduled it for — however late: a tick 70 s late reads 70 s, not 10 s (the
// start's remainder in its minute). A retry keeps its failed run's minute; the
// loop's first run, at once, has none.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { Temporal } from '../../src/domain/time.ts';
import { observeTick, register } from '../../src/metrics.ts';
import { everyMinute, type MinuteRun } from '../../src/scheduler/loop.ts';

const at = (iso: string) => Temporal.Instant.from(iso).epochMilliseconds;
const lag = async () => (await register.getSingleMetric('hado_tick_lag_seconds')!.get()).values[0]?.value;
const noReport = { decisions: null, notices: null };

describe('observeTick', () => {
  it('measures from the scheduled minute, past a whole minute too', async () => {
    const minuteMs = at('2026-08-01T12:01:00Z');
    observeTick({ startedMs: minuteMs + 70_005, finishedMs: minuteMs + 70_100, minuteMs }, noReport);
    expect(await lag()).toBe(70.005);
    observeTick({ startedMs: minuteMs + 2_500, finishedMs: minuteMs + 2_600, minuteMs }, noReport);
    expect(await lag()).toBe(2.5);
    // A clock stepped back reads no lag rather than a negative one; the loop's first run leaves it as it was.
    observeTick({ startedMs: minuteMs - 1_000, finishedMs: minuteMs, minuteMs }, noReport);
    expect(await lag()).toBe(0);
    observeTick({ startedMs: minuteMs + 30_000, finishedMs: minuteMs + 30_100, minuteMs: null }, noReport);
    expect(await lag()).toBe(0);
  });
});

describe('everyMinute', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells each run the minute it was scheduled for; a late timer does not change it, a retry keeps it', async () => {
    const clock = new FakeClock('2026-08-01T12:00:30Z');
    const runs: Array<{ minute: string | null; startedMs: number }> = [];
    let fail = false;
    const loop = everyMinute(
      clock,
      async ({ minuteMs }: MinuteRun) => {
        runs.push({ minute: minuteMs === null ? null : Temporal.Instant.fromEpochMilliseconds(minuteMs).toString(), startedMs: clock.now().epochMilliseconds });
        if (fail) throw new Error('database unreachable');
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([{ minute: null, startedMs: at('2026-08-01T12:00:30Z') }]);

    // Scheduled for 12:01; the process stalls and the timer fires at 12:02:10.
    clock.set('2026-08-01T12:02:10Z');
    await vi.advanceTimersByTimeAsync(30_005);
    expect(runs[1]).toEqual({ minute: '2026-08-01T12:01:00Z', startedMs: at('2026-08-01T12:02:10Z') });

    // The next one is for 12:03 (50 s away); it fails and is retried 5 s later, still for 12:03.
    fail = true;
    clock.set('2026-08-01T12:03:00.005Z');
    await vi.advanceTimersByTimeAsync(50_005);
    expect(runs[2]?.minute).toBe('2026-08-01T12:03:00Z');
    clock.set('2026-08-01T12:03:05.005Z');
    fail = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs[3]).toEqual({ minute: '2026-08-01T12:03:00Z', startedMs: at('2026-08-01T12:03:05.005Z') });

    // Back on schedule: 12:04.
    clock.set('2026-08-01T12:04:00.005Z');
    await vi.advanceTimersByTimeAsync(55_000);
    expect(runs[4]?.minute).toBe('2026-08-01T12:04:00Z');
    expect(runs).toHaveLength(5);
    await loop.stop();
  });
});
