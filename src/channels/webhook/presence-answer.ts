// What a webhook's presence answer means (SPEC A7), pure: the JSON body of
// a 2xx answer in, present / absent / unknown out. Two contracts:
//   - Hado's own: {"present": true} present, {"present": false} absent;
//   - a configured field (Home Assistant's REST API without a shim):
//     GET /api/states/person.nikita → {"state": "home", …} with
//     presence_field "state" and presence_present ["home"]: one of those
//     values present, any other value of the field absent, no field unknown.
import type { Presence } from '../types.ts';

export interface PresenceRule {
  /** A top-level field of the answer, e.g. "state". */
  field: string;
  /** The values of that field that mean "here" (JSON scalars, compared exactly). */
  present: ReadonlyArray<string | number | boolean>;
}

/** The rule a webhook channel's config names, or null for the {"present": …} contract. */
export function presenceRule(config: Record<string, unknown>): PresenceRule | null {
  const field = config.presence_field;
  const present = config.presence_present;
  if (typeof field !== 'string' || !Array.isArray(present)) return null;
  return { field, present: present.filter((v) => ['string', 'number', 'boolean'].includes(typeof v)) };
}

export function presenceFromAnswer(body: unknown, rule: PresenceRule | null): Presence {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'unknown';
  const answer = body as Record<string, unknown>;
  if (rule === null) {
    if (answer.present === true) return 'present';
    if (answer.present === false) return 'absent';
    return 'unknown';
  }
  if (!Object.hasOwn(answer, rule.field)) return 'unknown';
  const value = answer[rule.field];
  return rule.present.some((p) => p === value) ? 'present' : 'absent';
}
