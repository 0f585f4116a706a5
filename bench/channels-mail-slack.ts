// bench/channels-mail-slack (issue 17): mails per second to a local SMTP
// server and Slack posts per second to a local fake Web API, through the one
// outbox worker, beside signed webhook deliveries of the same events in the
// same run.
//
//   npx tsx bench/channels-mail-slack.ts [--users 1000] [--windows 2] [--workers 2] [--concurrency 64] [--keep]
//
// Setup: a PostgreSQL database of its own; --users users with one event due
// today each, and a webhook, a confirmed email address and a confirmed Slack
// user (each with its own DM) each. The receivers run in another thread: an
// HTTP server (204 for a webhook; chat.postMessage answered as Slack does) and
// an SMTP server (smtp-server, accepting every mail). Then four phases, each
// --users × --windows pending rows drained by --workers workers: webhooks,
// mails, Slack posts, and the three mixed (a third each).
// Slack's flood limiter is lifted here to measure Hado itself: in production
// posts are spaced 1 s per DM and 50/s overall (channels/slack/api.ts).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker as Thread } from 'node:worker_threads';
import { sql } from 'kysely';
import { SlackClient } from '../src/channels/slack/api.ts';
import { newWebhookSecret } from '../src/channels/webhook/channel.ts';
import { FakeClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { createSource } from '../src/core/sources.ts';
import { openStore } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';
import { buildContext, closeContext } from '../src/runtime.ts';
import { Worker } from '../src/worker/worker.ts';
import { adminQuery, step } from './support.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    windows: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '64' },
    keep: { type: 'boolean', default: false },
  },
});
const USERS = Number(args.users);
const WINDOWS = Number(args.windows);
const WORKERS = Number(args.workers);
const CONCURRENCY = Number(args.concurrency);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = '2026-06-16T10:00:00Z';

type Counts = { webhook: number; slack: number; mail: number };

/** The receivers: another thread, so their work does not share the bench's event loop. */
async function startSinks(): Promise<{ httpUrl: string; smtpPort: number; counts(): Promise<Counts>; stop(): Promise<void> }> {
  const code = `
    const http = require('node:http');
    const { SMTPServer } = require('smtp-server');
    const { parentPort } = require('node:worker_threads');
    const counts = { webhook: 0, slack: 0, mail: 0 };
    let ts = 1700000000;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url.startsWith('/api/chat.postMessage')) {
          counts.slack++;
          ts++;
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, channel: 'D1', ts: ts + '.000100' }));
        } else {
          counts.webhook++;
          res.writeHead(204).end();
        }
      });
    });
    server.keepAliveTimeout = 60000;
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'], authOptional: true, logger: false,
      onData(stream, _session, callback) { stream.resume(); stream.on('end', () => { counts.mail++; callback(); }); },
    });
    server.listen(0, '127.0.0.1', () => smtp.listen(0, '127.0.0.1', () =>
      parentPort.postMessage({ http: server.address().port, smtp: smtp.server.address().port })));
    parentPort.on('message', (m) => {
      if (m === 'counts') parentPort.postMessage({ counts });
      else server.close(() => smtp.close(() => process.exit(0)));
    });
  `;
  const thread = new Thread(code, { eval: true });
  const ports = await new Promise<{ http: number; smtp: number }>((resolve) => thread.once('message', resolve));
  return {
    httpUrl: `http://127.0.0.1:${ports.http}`,
    smtpPort: ports.smtp,
    counts: () => {
      thread.postMessage('counts');
      return new Promise((resolve) => thread.once('message', (m: { counts: Counts }) => resolve(m.counts)));
    },
    stop: async () => {
      thread.postMessage('stop');
      await new Promise((resolve) => thread.once('exit', resolve));
    },
  };
}

async function main(): Promise<void> {
  const name = `hado_bench_mail_slack_${randomBytes(4).toString('hex')}`;
  const sinks = await startSinks();
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const store = await openStore({ databaseUrl: url.toString(), poolSize: 10 });
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    HADO_LOCAL_USER: '',
    APP_URL: 'https://hado.example.org',
    HADO_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
    HADO_SMTP_URL: `smtp://127.0.0.1:${sinks.smtpPort}`,
    HADO_MAIL_FROM: 'Hado <hado@example.org>',
    SLACK_BOT_TOKEN: 'xoxb-1-bench',
    SLACK_SIGNING_SECRET: 'abcdef0123456789abcdef0123456789',
    SLACK_API_ROOT: `${sinks.httpUrl}/api`,
    LOG_LEVEL: 'silent',
  });
  const clock = new FakeClock(NOW);
  const slack = new SlackClient({ token: 'xoxb-1-bench', apiRoot: config.slackApiRoot, limits: { perChatIntervalMs: 0, globalPerSecond: 1_000_000 } });
  const ctx = buildContext(store, config, clock, { slack });
  try {
    await migrateToLatest(store.db);
    const app = await buildApp(ctx);
    await step(`${USERS.toLocaleString()} users with an event due today, a webhook, an email address and a Slack user each`, async () => {
      const { token } = await createSource(store.db, clock, 'bench');
      for (let i = 0; i < USERS; i += 500) {
        const events = Array.from({ length: Math.min(500, USERS - i) }, (_, k) => ({
          user: `u${i + k}`,
          source_ref: `e${i + k}`,
          due_at: '2026-06-16T20:00',
          payload: {
            title: `Reminder ${i + k}`,
            subtitle: 'A subtitle of a usual length, with a few words',
            deep_link: 'https://app.example/x/1',
            done_label: 'Paid',
          },
        }));
        const res = await app.inject({ method: 'PUT', url: '/api/events', headers: { authorization: `Bearer ${token}` }, payload: { events } });
        if (res.statusCode !== 200) throw new Error(`PUT /api/events: ${res.statusCode} ${res.body}`);
      }
      await sql`
        INSERT INTO channels (user_id, type, config, secret, enabled, confirmed, created_at, updated_at)
        SELECT id, 'webhook', jsonb_build_object('deliver_url', ${sinks.httpUrl}::text || '/deliver'), ${newWebhookSecret()}, true, true, now(), now() FROM users
        UNION ALL
        SELECT id, 'email', jsonb_build_object('address', 'u' || id || '@example.org'), encode(sha256(id::text::bytea), 'hex'), true, true, now(), now() FROM users
        UNION ALL
        SELECT id, 'slack', jsonb_build_object('slack_user_id', 'U' || lpad(id::text, 8, '0'), 'dm_channel', 'D' || lpad(id::text, 8, '0')), NULL, true, true, now(), now() FROM users
      `.execute(store.db);
      await app.close();
    });
    const { channels } = ctx;

    async function phase(label: string, types: Array<'webhook' | 'email' | 'slack'>, perType: number): Promise<void> {
      await sql`DELETE FROM deliveries`.execute(store.db);
      for (const type of types) {
        await sql`
          INSERT INTO deliveries (event_id, channel_id, window_start, action_token, action_token_hash, result, next_attempt_at, created_at, round)
          SELECT e.id, c.id, ${NOW}::timestamptz - k * interval '1 hour', encode(sha256((c.id || ':' || e.id || ':' || k)::text::bytea), 'hex'),
                 encode(sha256(convert_to(encode(sha256((c.id || ':' || e.id || ':' || k)::text::bytea), 'hex'), 'UTF8')), 'hex'),
                 'pending', ${NOW}::timestamptz, ${NOW}::timestamptz, e.round
          FROM events e JOIN channels c ON c.user_id = e.user_id AND c.type = ${type}
          CROSS JOIN generate_series(1, ${WINDOWS}) k
          LIMIT ${perType}`.execute(store.db);
      }
      const total = perType * types.length;
      const before = await sinks.counts();
      const workers = Array.from({ length: WORKERS }, () => new Worker({ db: store.db, clock, channels, appUrl: config.appUrl, concurrency: CONCURRENCY }));
      const t0 = performance.now();
      const handled = (await Promise.all(workers.map((w) => w.drain()))).reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - t0) / 1000;
      const after = await sinks.counts();
      const ok = await sql<{ n: number }>`SELECT count(*)::int AS n FROM deliveries WHERE result = 'ok'`.execute(store.db);
      if (handled !== total || ok.rows[0]!.n !== total) {
        const errors = await sql<{ error: string }>`SELECT error FROM deliveries WHERE result <> 'ok' LIMIT 3`.execute(store.db);
        throw new Error(`${label}: ${handled} handled, ${ok.rows[0]!.n} ok of ${total}: ${JSON.stringify(errors.rows)}`);
      }
      const rate = (n: number) => `${n.toLocaleString()} = ${Math.round(n / seconds).toLocaleString()}/s`;
      console.log(
        `${label}: ${total.toLocaleString()} deliveries in ${seconds.toFixed(2)} s = ${Math.round(total / seconds).toLocaleString()}/s` +
          ` (mail ${rate(after.mail - before.mail)}, slack ${rate(after.slack - before.slack)}, webhook ${rate(after.webhook - before.webhook)})`,
      );
    }

    const n = USERS * WINDOWS;
    console.log(`\n${WORKERS} worker(s) × ${CONCURRENCY} in flight, one pool of 10 connections, SMTP pool of 5, ${os.cpus().length} CPUs`);
    await phase('webhooks alone', ['webhook'], n);
    await phase('mails alone   ', ['email'], n);
    await phase('slack alone   ', ['slack'], n);
    await phase('mixed         ', ['webhook', 'email', 'slack'], Math.floor(n / 3));
    console.log(
      `\nload average during the run: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)`,
    );
  } finally {
    await closeContext(ctx);
    await store.close();
    await sinks.stop();
    if (!args.keep) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    else console.log(`\nKept database ${name}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
