// A "documents" service, the Hado core's own kind of client: people's
// birthdays, document expiries, a flight. It keeps nothing about reminders:
// it pushes what has a date, and Hado decides when and where to remind.
//
//   HADO_URL=http://127.0.0.1:8080 HADO_TOKEN=hado_… HADO_USER=me node documents.js
import { createClient, HadoApiError } from 'hado/client';

const hado = createClient({ baseUrl: process.env.HADO_URL ?? 'http://127.0.0.1:8080', token: process.env.HADO_TOKEN });
const user = process.env.HADO_USER ?? 'me';

/** YYYY-MM-DD of a day `days` from today (UTC here; a real service uses its users' calendar). */
function day(days = 0) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// 1. Birthdays: a yearly rule, sent once. Hado rolls it to next year by itself.
const people = [
  { id: 42, name: 'Vasya', born: '1992-08-14' },
  { id: 43, name: 'Ana', born: '1990-02-29' }, // 28 Feb in common years
];
// 2. Document expiries: a date without a time or offset (it travels with the user),
//    and preparation: fire_at, the day reminding starts (checkpoints halve towards the due day).
const documents = [
  { id: 7, title: 'Passport', inDays: 60, prepareDays: 60 },
  { id: 8, title: 'Car insurance', inDays: 20, prepareDays: 14 },
];
// 3. A flight: bound to a place, so its due carries an offset (a fixed instant).
const flight = { code: 'IB3170', departs: `${day(3)}T08:15+02:00`, from: 'Madrid' };

const events = [
  ...people.map((p) => ({
    user,
    source_ref: `person:${p.id}`,
    topic: 'birthday',
    recurrence: { type: 'yearly', month: Number(p.born.slice(5, 7)), day: Number(p.born.slice(8, 10)) },
    fire_days_before: 7,
    after_due: 'expire',
    payload: { title: `${p.name}'s birthday`, deep_link: `/people/${p.id}`, done_label: 'Congratulated' },
  })),
  ...documents.map((d) => ({
    user,
    source_ref: `document:${d.id}`,
    topic: 'expiry',
    due_at: day(d.inDays),
    fire_at: day(Math.max(0, d.inDays - d.prepareDays)),
    after_due: 'keep', // stays overdue, once a day, until Done
    payload: { title: `${d.title} expires`, subtitle: `on ${day(d.inDays)}`, deep_link: `/documents/${d.id}`, done_label: 'Renewed' },
  })),
  {
    user,
    source_ref: `flight:${flight.code}`,
    topic: 'departure',
    due_at: flight.departs,
    fire_at: day(2),
    payload: { title: `Flight ${flight.code} from ${flight.from}`, subtitle: `departs ${flight.departs}` },
  },
];

for (const r of await hado.putEvents(events)) console.log(`pushed ${r.source_ref} ${r.topic}: ${r.state}`);
const vasya = await hado.getEvents({ source_ref: 'person:42', topic: 'birthday' });
console.log(`person:42 birthday: ${vasya.rule_text}; current ${vasya.due_at}, next ${vasya.next_occurrence}`);

// The re-push trap (README "Rule for recurring events pushed by the client"), shown on a
// birthday that is today. A client that re-pushes each year itself must keep today's
// occurrence until it is past: the next birthday is the nearest with date >= today.
const today = day();
const naive = { user, source_ref: 'person:99', topic: 'birthday', payload: { title: "Lena's birthday" } };
await hado.putEvents([{ ...naive, due_at: today }]);
console.log(`trap: pushed today's birthday → ${(await hado.getEvents({ source_ref: 'person:99', topic: 'birthday' })).state}`);
// The wrong rule ("next birthday > today") sends next year on the very morning:
await hado.putEvents([{ ...naive, due_at: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}` }]);
console.log(`trap: re-pushed next year on the day → ${(await hado.getEvents({ source_ref: 'person:99', topic: 'birthday' })).state} (the reminder is gone)`);
// With a rule, today's occurrence stays current all day, whatever the client sends again.
const rule = { type: 'yearly', month: Number(today.slice(5, 7)), day: Number(today.slice(8, 10)) };
await hado.putEvents([{ ...naive, source_ref: 'person:100', recurrence: rule }]);
await hado.putEvents([{ ...naive, source_ref: 'person:100', recurrence: rule }]);
console.log(`rule: pushed twice on the day → ${(await hado.getEvents({ source_ref: 'person:100', topic: 'birthday' })).state}`);

// A renewed document is withdrawn; a bad record is refused with the field and index named.
await hado.deleteEvent('document:8', 'expiry');
console.log(`document:8 expiry: ${(await hado.getEvents({ source_ref: 'document:8', topic: 'expiry' })).state}`);
try {
  await hado.putEvents([{ ...events[2], fire_at: day(90) }]);
} catch (e) {
  if (!(e instanceof HadoApiError)) throw e;
  console.log(`refused: ${e.status} ${e.code} index=${e.index} field=${e.field}: ${e.message}`);
}
