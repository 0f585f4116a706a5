// examples/conference against a real Hado: weekly, biweekly and monthly
// rules with fire_days_before, and a speaker's rule fixed in the host's zone.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ExampleHado, runExample, startHado } from './support.ts';

let hado: ExampleHado;
beforeAll(async () => {
  hado = await startHado();
});
afterAll(() => hado.close());

it('examples/conference/conference.js', async () => {
  // The speaker lives in New York.
  await hado.app.inject({ method: 'PATCH', url: '/me', headers: { 'x-remote-user': 'speaker.ny' }, payload: { tz: 'America/New_York' } });
  const run = await runExample('node', 'examples/conference/conference.js', { HADO_URL: hado.url, HADO_TOKEN: hado.token, HADO_USER: 'host' });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(4);
  const T = '\\d{4}-\\d{2}-\\d{2}T';
  expect(lines[0]).toMatch(new RegExp(`^host Team stand-up: .*; next ${T}10:00, then ${T}10:00; (scheduled|today)$`));
  expect(lines[1]).toMatch(new RegExp(`^host Design review: .*; next ${T}15:00, then ${T}15:00; (scheduled|preparing|today)$`));
  expect(lines[2]).toMatch(/^host All hands: .*; next \d{4}-\d{2}-(28|29|30|31)T17:00, then \d{4}-\d{2}-(28|29|30|31)T17:00;/);
  // Fixed in Madrid: the offset is Madrid's (+01:00 or +02:00), whatever the speaker's zone.
  expect(lines[3]).toMatch(new RegExp(`^speaker.ny Design review \\(you are speaking\\): .*; next ${T}15:00\\+0[12]:00, then ${T}15:00\\+0[12]:00;`));
  // The speaker's inbox shows the session at 09:00 or 10:00 New York time.
  const me = JSON.parse((await hado.app.inject({ method: 'GET', url: '/me/events', headers: { 'x-remote-user': 'speaker.ny' } })).body) as {
    events: Array<{ due_time: string; fire_days_before: number }>;
  };
  expect(me.events).toHaveLength(1);
  expect(['09:00', '10:00']).toContain(me.events[0]!.due_time);
  expect(me.events[0]!.fire_days_before).toBe(1);
});
