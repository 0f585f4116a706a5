import type { PlainTime } from './time.ts';

/** What the domain needs to know of a user: their zone and active hours (SPEC A2, A6). */
export interface UserSettings {
  tz: string;
  /** Start of quiet hours = end of active hours, default 22:00. */
  quietStart: PlainTime;
  /** End of quiet hours = start of active hours, default 09:00. */
  quietEnd: PlainTime;
}
