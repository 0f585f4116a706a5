// `hado demo` on a fresh data directory while `hado start` holds it: the
// source comes through the admin socket, the events and the notice through
// the HTTP API, with dates relative to now; the inbox then shows them, and
// the printed next commands work as printed. Its loopback receiver gets the
// reminder from the next tick, signed, through an allowance of that address
// and port alone, which ends with the demo (loopback stays refused).
// The server runs in a zone where it is midday now, so the reminder's window
// is open whenever the test runs.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noonZone } from '../../scripts/quickstart-check.ts';
import { type CliBackend, createCliBackend, freePort, type Running } from '../support/cli.ts';

let backend: CliBackend;
let server: Running;
let base: string;

beforeAll(async () => {
  backend = await createCliBackend('hado-demo-');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = backend.spawn(['start'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    HADO_LOCAL_USER: 'me',
    HADO_DEFAULT_TZ: noonZone(),
    HADO_OUTBOUND_ALLOWED_NETWORKS: '',
  });
  await server.waitFor(/Hado is running at/, 120_000);
}, 150_000);

afterAll(async () => {
  await server?.stop();
  await backend?.dispose();
});

/** The receiver: allowed for the demo, made a channel, present; the next tick delivers the reminder to it, signed; all undone at the end. */
async function checkReceiver(stdout: string): Promise<void> {
  const receiver = /^Started a webhook receiver at (http:\/\/127\.0\.0\.1:\d+\/deliver) \(allowed by the server for this demo only\)/m.exec(stdout)?.[1];
  expect(receiver, stdout).toBeDefined();
  expect(stdout).toMatch(/^Now: someone is present on web, webhook|^Now: someone is present on webhook/m);
  expect(stdout).toMatch(/^ {2}→ the receiver got a reminder: "Call the dentist back" \(today\), signature verified$/m);
  expect(stdout).toContain('Delivered: "Call the dentist back" reached the demo receiver (signature verified)');
  // It ends with the demo: the channel is gone and the same loopback URL is refused again.
  const channels = (await (await fetch(`${base}/me/channels`)).json()) as { channels: Array<{ type: string }> };
  expect(channels.channels.map((c) => c.type)).toEqual(['web']);
  const again = await fetch(`${base}/me/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'webhook', config: { deliver_url: receiver } }),
  });
  expect(again.status).toBe(422);
  expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/loopback addresses are not allowed/);
}

describe('hado demo', () => {
  it('pushes relative events and a notice through the running server and prints the next commands', async () => {
    const run = await backend.hado(['demo', '--wait', '150'], { PORT: base.split(':').pop()!, HOST: '127.0.0.1', HADO_LOCAL_USER: 'me' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    if (backend.databaseUrl) {
      // On PostgreSQL no admin socket can allow a receiver: the demo says so and goes on without one.
      expect(run.stdout).toContain('(No demo receiver: it needs a server on embedded storage in local mode on this machine.)');
    } else await checkReceiver(run.stdout);
    expect(run.stdout).toMatch(/^ {2}event \d+ demo:soon: (today|scheduled)$/m); // scheduled in the two hours before midnight
    expect(run.stdout).toMatch(/^ {2}event \d+ demo:later: (scheduled|preparing|today)$/m);
    expect(run.stdout).toMatch(/^ {2}event \d+ demo:weekly: (scheduled|preparing|today)$/m);
    expect(run.stdout).toContain(`open ${base}/`);

    // The inbox (local mode: loopback is "me") has them, and the bell the notice.
    const events = (await (await fetch(`${base}/me/events`)).json()) as { events: Array<{ id: number; state: string; payload: { title: string } }> };
    expect(events.events.map((e) => e.payload.title).sort()).toEqual(['Call the dentist back', 'Renew the car insurance', 'Take the bins out']);
    const notices = (await (await fetch(`${base}/me/notices`)).json()) as { notices: Array<{ title: string }> };
    expect(notices.notices.map((n) => n.title)).toContain('Welcome to Hado');

    // The printed curl lines work as printed.
    const lines = run.stdout.split('\n').filter((l) => l.trim().startsWith('curl '));
    expect(lines.length).toBe(4);
    const exec = promisify(execFile);
    for (const line of lines) {
      const args = line
        .trim()
        .split(/\s{2,}/)[0]!
        .split(' ')
        .slice(1);
      const { stdout } = await exec('curl', ['--fail-with-body', ...args]);
      expect(stdout.length).toBeGreaterThan(0);
    }
    const soon = events.events.find((e) => e.payload.title === 'Call the dentist back')!;
    const after = (await (await fetch(`${base}/me/events?state=done`)).json()) as { events: Array<{ id: number }> };
    expect(after.events.map((e) => e.id)).toContain(soon.id);
  }, 300_000);

  it('says to start Hado first when no server answers', async () => {
    const port = await freePort();
    const run = await backend.hado(['demo', '--url', `http://127.0.0.1:${port}`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`hado demo: no Hado answers at http://127.0.0.1:${port}: start it first`);
  }, 60_000);
});
