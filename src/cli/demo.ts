// `hado demo`: shows a fresh Hado working, through the running server's HTTP
// API (so it never fights the server for the embedded data directory): a
// demo source (created through the admin socket, or on PostgreSQL directly),
// three events with dates relative to now — due soon, in a few days, and a
// weekly one — and a notice for the local user, then the commands to see them.
import { callAdminSocket } from '../admin/socket.ts';
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { createSource } from '../core/sources.ts';
import { openContext } from '../runtime.ts';
import { defineCommand, UsageError } from './command.ts';
import { reachableHost } from './healthcheck.ts';
import { viaStoreOrServer } from './via-server.ts';

type Source = { id: number; name: string; token: string };

async function api(base: string, token: string, method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The demo's events as of `nowMs`: every date relative to it, so the demo works on any day. */
export function demoEvents(nowMs: number, user: string) {
  const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const hour = 3_600_000;
  const weekday = (new Date(nowMs + 24 * hour).getUTCDay() + 6) % 7; // tomorrow, 0 = Monday
  return [
    { user, source_ref: 'demo:soon', due_at: at(nowMs + 2 * hour), payload: { title: 'Call the dentist back', subtitle: 'Due in two hours' } },
    {
      user,
      source_ref: 'demo:later',
      due_at: at(nowMs + 3 * 24 * hour),
      fire_at: at(nowMs).slice(0, 10),
      after_due: 'keep',
      payload: { title: 'Renew the car insurance', subtitle: 'Due in three days', done_label: 'Renewed' },
    },
    { user, source_ref: 'demo:weekly', recurrence: { type: 'weekly', weekdays: [weekday], time_local: '18:00' }, payload: { title: 'Take the bins out' } },
  ];
}

async function demo(url: string | undefined): Promise<number> {
  const config = loadConfig();
  const base = (url ?? `http://${reachableHost(config.host)}:${config.port}`).replace(/\/+$/, '');
  try {
    await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
  } catch {
    throw new UsageError(`no Hado answers at ${base}: start it first ("hado start" in another terminal), or pass --url`);
  }
  const user = config.localUser ?? 'me';
  const name = `demo-${systemClock.now().epochMilliseconds.toString(36)}`;
  const source = await viaStoreOrServer(
    () => openContext(config, { migrate: false }),
    (ctx) => createSource(ctx.db, ctx.clock, name),
    (socket) => callAdminSocket<Source>(socket, 'POST', '/sources', { name }),
  );
  const pushed = await api(base, source.token, 'PUT', '/api/events', { events: demoEvents(systemClock.now().epochMilliseconds, user) });
  const events = pushed.events as Array<{ source_ref: string; id: number; state: string }>;
  await api(base, source.token, 'POST', '/api/notices', {
    recipients: [user],
    title: 'Welcome to Hado',
    body: 'This notice came from hado demo.',
    topic: 'demo',
  });
  console.log(`Created source "${name}" and pushed, for user "${user}":`);
  for (const e of events) console.log(`  event ${e.id} ${e.source_ref}: ${e.state}`);
  console.log('  a notice: "Welcome to Hado"');
  console.log(`\nThe source's token (shown once): ${source.token}\n`);
  console.log('Next:');
  console.log(`  open ${base}/                       the inbox: the events, the bell with the notice, "Why?" on each item`);
  console.log(`  curl -s ${base}/me/events                 the same as JSON (local mode signs you in as "${user}")`);
  console.log(`  curl -s -X POST ${base}/me/events/${events[0]!.id}/ack     Ack: quiet until the next reminder`);
  console.log(`  curl -s -X POST ${base}/me/events/${events[0]!.id}/done    Done`);
  console.log(`  curl -s ${base}/me/events/${events[1]!.id}/why      when and where it will remind`);
  console.log('  hado doctor                               checks the setup');
  return 0;
}

export const demoCommand = defineCommand({
  name: 'demo',
  summary: 'push demo events and a notice to the running server, and print what to try next',
  description:
    'Creates a demo source and pushes, for the local user (HADO_LOCAL_USER, default "me"), an event due in two hours,\n' +
    "one due in three days, a weekly one and a notice, through the running server's HTTP API (it works while\n" +
    '"hado start" holds the embedded data directory); then prints the commands to see them, Ack them and mark them done.',
  options: {
    url: { type: 'string', value: 'url', doc: 'the server to use (default: http://HOST:PORT of the configuration)' },
  },
  run: ({ values }) => demo(values.url),
});
