import { describe, expect, it } from 'vitest';
import { cascade } from '../../src/domain/cascade.ts';
import { date } from './fixtures.ts';

const DUE = date('2026-08-14');
/** The cascade as "days before the due day", the unit of the SPEC table. */
const daysBeforeDue = (fireOnDaysBefore: number, dueDay = DUE): number[] =>
  cascade(dueDay.subtract({ days: fireOnDaysBefore }), dueDay).map((p) => p.until(dueDay).days);

describe('cascade (SPEC A5 table)', () => {
  it.each([
    { before: 0, points: [] },
    { before: 1, points: [1] },
    { before: 7, points: [7, 3, 1] },
    { before: 30, points: [30, 15, 7, 3, 1] },
    { before: 60, points: [60, 30, 15, 7, 3, 1] },
    { before: 180, points: [180, 90, 45, 22, 11, 5, 2, 1] },
  ])('fire_on $before days before due → $points', ({ before, points }) => {
    expect(daysBeforeDue(before)).toEqual(points);
  });

  it.each([
    { before: 2, points: [2, 1] },
    { before: 3, points: [3, 1] },
    { before: 365, points: [365, 182, 91, 45, 22, 11, 5, 2, 1] },
  ])('other distances follow the same halving: $before → $points', ({ before, points }) => {
    expect(daysBeforeDue(before)).toEqual(points);
  });

  it('fire_on = due day gives no checkpoints (no preparing)', () => {
    expect(cascade(DUE, DUE)).toEqual([]);
  });

  it('fire_on after the due day (never accepted by the API) gives no checkpoints', () => {
    expect(cascade(date('2026-08-15'), DUE)).toEqual([]);
  });

  it('returns calendar dates in ascending order, the first being fire_on', () => {
    const points = cascade(date('2026-07-15'), DUE);
    expect(points.map(String)).toEqual(['2026-07-15', '2026-07-30', '2026-08-07', '2026-08-11', '2026-08-13']);
  });

  it('counts calendar days, not 24-hour spans, across DST and month/year ends', () => {
    // Berlin's spring-forward day 2026-03-29 lies inside; days are calendar days.
    expect(cascade(date('2026-03-01'), date('2026-03-31')).map(String)).toEqual(['2026-03-01', '2026-03-16', '2026-03-24', '2026-03-28', '2026-03-30']);
    expect(cascade(date('2025-12-25'), date('2026-01-01')).map(String)).toEqual(['2025-12-25', '2025-12-29', '2025-12-31']);
    // A leap day is one day like any other.
    expect(daysBeforeDue(60, date('2028-03-01'))).toEqual([60, 30, 15, 7, 3, 1]);
  });
});
