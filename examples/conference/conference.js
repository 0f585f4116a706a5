// A conference service's recurring sessions (seed 004): pinned conferences
// repeat weekly, every other week or monthly. Each is one event with a
// recurrence rule, sent once: Hado keeps the series going and reminds
// `fire_days_before` days ahead of each session. A speaker abroad gets the
// session at its fixed instant in the host's zone (rule `timezone`).
//
//   HADO_URL=… HADO_TOKEN=hado_… HADO_USER=me node conference.js
import { createClient } from 'hado/client';

const hado = createClient({ baseUrl: process.env.HADO_URL ?? 'http://127.0.0.1:8080', token: process.env.HADO_TOKEN });
const host = process.env.HADO_USER ?? 'me';

/** The conference's own rule (ADR-001: weekly | biweekly | monthly | every_n_days) is Hado's rule as it is. */
const conferences = [
  { id: 'standup', title: 'Team stand-up', rule: { type: 'weekly', weekdays: [0, 2, 4], time_local: '10:00' }, lead: 0 },
  {
    id: 'design-review',
    title: 'Design review',
    rule: { type: 'biweekly', weekdays: [3], anchor_date: '2026-11-26', time_local: '15:00' },
    lead: 1,
  },
  { id: 'all-hands', title: 'All hands', rule: { type: 'monthly', day_of_month: 31, time_local: '17:00' }, lead: 3 },
];

const events = conferences.map((c) => ({
  user: host,
  source_ref: `conference:${c.id}`,
  topic: 'session',
  recurrence: c.rule,
  fire_days_before: c.lead,
  payload: { title: c.title, deep_link: `https://meet.example/j/${c.id}`, done_label: 'Joined' },
}));
// A speaker in New York joins the Madrid design review: the session is at 15:00 in Madrid,
// so the rule names Madrid's zone and the speaker is reminded of 09:00 (or 10:00 across DST
// changes) in theirs. Without `timezone` the time would follow each user's own zone.
events.push({
  user: 'speaker.ny',
  source_ref: 'conference:design-review:speaker',
  topic: 'session',
  recurrence: { ...conferences[1].rule, timezone: 'Europe/Madrid' },
  fire_days_before: 1,
  payload: { title: 'Design review (you are speaking)', deep_link: 'https://meet.example/j/design-review' },
});

await hado.putEvents(events);
for (const e of events) {
  const s = await hado.getEvents({ source_ref: e.source_ref, topic: 'session' });
  console.log(`${e.user} ${e.payload.title}: ${s.rule_text}; next ${s.due_at}, then ${s.next_occurrence}; ${s.state}`);
}
