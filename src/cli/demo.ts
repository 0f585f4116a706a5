// `hado demo`: shows a fresh Hado working, through the running server's HTTP
// API (so it never fights the server for the embedded data directory): a
// demo source (created through the admin socket, or on PostgreSQL directly),
// three events with dates relative to now — due soon, in a few days, and a
// weekly one — and a notice for the local user, then the commands to see them.
// With a running server on embedded storage it also starts a webhook receiver
// on loopback (demo-receiver.ts), has the server allow exactly that address
// and port for the demo, adds it as the local user's channel, and waits for
// the next tick to deliver the reminder there (and to an open inbox tab).
import { adminSocketPath, callAdminSocket } from '../admin/socket.ts';
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { createSource } from '../core/sources.ts';
import { openContext } from '../runtime.ts';
import { defineCommand, UsageError } from './command.ts';
import { type DemoReceiver, type Received, startDemoReceiver } from './demo-receiver.ts';
import { reachableHost } from './healthcheck.ts';
import { viaStoreOrServer } from './via-server.ts';

type Source = { id: number; name: string; token: string };

/** One call of the running server's API: the source's token for /api, none for /me (local mode signs this machine in). */
async function api(base: string, token: string | null, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  const answer = (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return answer;
}

/** How long the demo allows its receiver: long enough to watch, not a standing hole in the policy. */
const RECEIVER_TTL_MS = 15 * 60_000;

interface ReceiverSetup {
  receiver: DemoReceiver;
  channelId: number;
  undo: () => Promise<void>;
}

/**
 * The receiver, allowed by the running server for this demo only and added
 * as the local user's webhook; null (with the reason printed) where it cannot
 * be: on PostgreSQL there is no admin socket to ask, and without local mode
 * no /me from this machine.
 */
async function setUpReceiver(base: string, dataDir: string | null): Promise<ReceiverSetup | null> {
  const socket = dataDir === null ? null : adminSocketPath(dataDir);
  if (!socket) {
    console.log('(No demo receiver: it needs a server on embedded storage in local mode on this machine.)\n');
    return null;
  }
  const receiver = await startDemoReceiver((r) => console.log(describeReceived(r)));
  const endpoint = { address: receiver.address, port: receiver.port };
  try {
    await callAdminSocket(socket, 'POST', '/outbound/endpoints', { ...endpoint, ttl_ms: RECEIVER_TTL_MS });
    const made = await api(base, null, 'POST', '/me/channels', {
      type: 'webhook',
      config: { deliver_url: receiver.deliverUrl, presence_url: receiver.presenceUrl },
    });
    receiver.setSecret(String(made.secret));
    const channelId = Number((made.channel as { id: number }).id);
    const undo = async () => {
      await api(base, null, 'DELETE', `/me/channels/${channelId}`).catch(() => undefined);
      await callAdminSocket(socket, 'POST', '/outbound/endpoints', { ...endpoint, revoke: true }).catch(() => undefined);
      await receiver.close();
    };
    console.log(`Started a webhook receiver at ${receiver.deliverUrl} (allowed by the server for this demo only) and added it as a channel.\n`);
    return { receiver, channelId, undo };
  } catch (e) {
    await callAdminSocket(socket, 'POST', '/outbound/endpoints', { ...endpoint, revoke: true }).catch(() => undefined);
    await receiver.close();
    console.log(`(No demo receiver: ${e instanceof Error ? e.message : String(e)})\n`);
    return null;
  }
}

const describeReceived = (r: Received): string =>
  `  → the receiver got a ${r.kind}: "${r.title}"${r.state ? ` (${r.state})` : ''}, signature ${r.signed ? 'verified' : 'NOT verified'}`;

/** The Why? page's lines of one event, as the running server says them now. */
async function whyLines(base: string, eventId: number): Promise<string[]> {
  const why = (await api(base, null, 'GET', `/me/events/${eventId}/why`).catch(() => ({}))) as { lines?: string[] };
  return why.lines ?? [];
}

/** Waits for the reminder at the receiver; says where it went, or why it has not come (the Why? page's words). */
async function awaitReminder(base: string, setup: ReceiverSetup, eventId: number, waitS: number): Promise<boolean> {
  // "Now: someone is present on web, webhook, …": the channels the next tick delivers to (web = an open inbox tab).
  const now = (await whyLines(base, eventId)).find((l) => l.startsWith('Now:'));
  if (now) console.log(`\n${now}`);
  console.log(`Waiting up to ${waitS} s for the next tick (once a minute) to deliver the reminder…`);
  const got = await setup.receiver.reminder(waitS * 1000);
  if (got) {
    // One round goes to every present channel at once: an open inbox tab shows it as well.
    console.log(`Delivered: "${got.title}" reached the demo receiver${got.signed ? ' (signature verified)' : ''}, and every open inbox tab in the same round.`);
    return true;
  }
  console.log('Not delivered yet. Why:');
  for (const line of await whyLines(base, eventId)) console.log(`  ${line}`);
  return false;
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

async function demo(url: string | undefined, waitS: number): Promise<number> {
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
  // The receiver first, so that the reminder and the notice can reach it.
  const setup = waitS > 0 && config.localUser !== null ? await setUpReceiver(base, config.databaseUrl ? null : config.dataDir) : null;
  // Ctrl-C while waiting still takes the channel and the allowance away.
  const interrupted = () => void (setup?.undo() ?? Promise.resolve()).finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  try {
    const pushed = await api(base, source.token, 'PUT', '/api/events', { events: demoEvents(systemClock.now().epochMilliseconds, user) });
    const events = pushed.events as Array<{ source_ref: string; id: number; state: string }>;
    await api(base, source.token, 'POST', '/api/notices', {
      recipients: [user],
      title: 'Welcome to Hado',
      body: 'This notice came from hado demo.',
      topic: 'demo',
    });
    printNext(base, name, user, source.token, events);
    if (setup) await awaitReminder(base, setup, events[0]!.id, waitS);
  } finally {
    process.off('SIGINT', interrupted);
    await setup?.undo();
  }
  return 0;
}

function printNext(base: string, name: string, user: string, token: string, events: Array<{ source_ref: string; id: number; state: string }>): void {
  console.log(`Created source "${name}" and pushed, for user "${user}":`);
  for (const e of events) console.log(`  event ${e.id} ${e.source_ref}: ${e.state}`);
  console.log('  a notice: "Welcome to Hado"');
  console.log(`\nThe source's token (shown once): ${token}\n`);
  console.log('Next:');
  console.log(`  open ${base}/                       the inbox: the events, the bell with the notice, "Why?" on each item`);
  console.log(`  curl -s ${base}/me/events                 the same as JSON (local mode signs you in as "${user}")`);
  console.log(`  curl -s -X POST ${base}/me/events/${events[0]!.id}/ack     Ack: quiet until the next reminder`);
  console.log(`  curl -s -X POST ${base}/me/events/${events[0]!.id}/done    Done`);
  console.log(`  curl -s ${base}/me/events/${events[1]!.id}/why      when and where it will remind`);
  console.log('  hado doctor                               checks the setup');
}

export const demoCommand = defineCommand({
  name: 'demo',
  summary: 'push demo events and a notice to the running server, and watch a reminder delivered to a local receiver',
  description:
    'Creates a demo source and pushes, for the local user (HADO_LOCAL_USER, default "me"), an event due in two hours,\n' +
    "one due in three days, a weekly one and a notice, through the running server's HTTP API (it works while\n" +
    '"hado start" holds the embedded data directory); then prints the commands to see them, Ack them and mark them done.\n' +
    'With a server on embedded storage in local mode, it first starts a webhook receiver on 127.0.0.1, which the server\n' +
    'allows for this demo only (that address and port, at most 15 minutes; HADO_OUTBOUND_ALLOWED_NETWORKS is untouched),\n' +
    'adds it as your channel, waits for the next tick to deliver the reminder to it and to any open inbox tab, and\n' +
    'removes the channel and the allowance at the end.',
  options: {
    url: { type: 'string', value: 'url', doc: 'the server to use (default: http://HOST:PORT of the configuration)' },
    wait: { type: 'string', value: 'seconds', doc: 'how long to wait for the reminder at the demo receiver (default 90; 0: no receiver)' },
  },
  run: ({ values }) => {
    const wait = values.wait === undefined ? 90 : Number(values.wait);
    if (!Number.isInteger(wait) || wait < 0 || wait > 900) throw new UsageError(`--wait must be 0 to 900 seconds, got "${values.wait}"`);
    return demo(values.url, wait);
  },
});
