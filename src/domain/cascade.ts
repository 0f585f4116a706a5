import type { PlainDate } from './time.ts';

/**
 * Preparation checkpoints (SPEC A5): halving distances from `fire_on` to the
 * due day. Only used to know until which day an Ack keeps silence.
 */
export function cascade(fireOn: PlainDate, dueDay: PlainDate): PlainDate[] {
  const points: PlainDate[] = [];
  let d = fireOn.until(dueDay, { largestUnit: 'days' }).days;
  while (d >= 1) {
    points.push(dueDay.subtract({ days: d }));
    d = Math.floor(d / 2);
  }
  return points;
}
