// The checks of `hado doctor`: each asks the real thing — the database, the
// schema, Telegram's getMe, Slack's auth.test, the SMTP relay's greeting, the
// public URL — with a short timeout, and answers one row: ok, warn, fail or
// skip (not configured), with a line saying what it found or what to change.
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type Config, maskUrlPassword, storageLabel } from '../config.ts';
import { DataDirBusyError, openStore, type Store } from '../db/connect.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { transportOptionsOf } from '../channels/email/mailer.ts';
import { outboundPolicyOf, outboundSummary } from '../net/outbound.ts';
import { reachableHost } from './healthcheck.ts';

export type Status = 'ok' | 'warn' | 'fail' | 'skip';
export interface CheckRow {
  check: string;
  status: Status;
  detail: string;
}

const TIMEOUT_MS = 5_000;
const row = (check: string, status: Status, detail: string): CheckRow => ({ check, status, detail });
const reason = (e: unknown): string => (e instanceof Error ? (e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message) : String(e));

async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown>; date: string | null }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    // A kept-alive connection the server had just closed: one more try on a new one.
    if ((e as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw e;
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text: text.slice(0, 200) };
  }
  return { status: res.status, body, date: res.headers.get('date') };
}

/** The local server's /readyz (schema current, database reachable), for storage a running server holds. */
async function serverReady(config: Config): Promise<CheckRow[]> {
  const url = `http://${reachableHost(config.host)}:${config.port}/readyz`;
  try {
    const res = await getJson(url);
    return res.status === 200
      ? [
          row('storage', 'ok', `${storageLabel(config)}, held by the running server (its /readyz answers 200)`),
          row('migrations', 'ok', 'current (the running server is ready)'),
        ]
      : [
          row('storage', 'fail', `${storageLabel(config)} is held by a server whose ${url} answers ${res.status}`),
          row('migrations', 'skip', 'see the server log'),
        ];
  } catch (e) {
    return [
      row('storage', 'fail', `${storageLabel(config)} is held by another process, and ${url} does not answer (${reason(e)})`),
      row('migrations', 'skip', 'storage not reachable'),
    ];
  }
}

/** Storage reachable and the schema current; the store stays open for the checks that read it. */
export async function checkStorage(config: Config): Promise<{ rows: CheckRow[]; store: Store | null }> {
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
    return {
      rows: [
        row('storage', 'warn', `no database yet in ${config.dataDir}: "hado start" (or "hado migrate") creates it`),
        row('migrations', 'skip', 'no database yet'),
      ],
      store: null,
    };
  }
  let store: Store;
  try {
    store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
    await store.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
  } catch (e) {
    if (e instanceof DataDirBusyError) return { rows: await serverReady(config), store: null };
    const where = config.databaseUrl ? `DATABASE_URL (${maskUrlPassword(config.databaseUrl)})` : `HADO_DATA_DIR (${config.dataDir})`;
    return { rows: [row('storage', 'fail', `${where}: ${reason(e)}`), row('migrations', 'skip', 'storage not reachable')], store: null };
  }
  const pending = await pendingMigrations(store.db);
  return {
    rows: [
      row('storage', 'ok', storageLabel(config)),
      pending.length === 0
        ? row('migrations', 'ok', 'the schema is current')
        : row('migrations', 'fail', `${pending.length} pending (${pending[0]}…): run "hado migrate"`),
    ],
    store,
  };
}

export async function checkTelegram(config: Config): Promise<CheckRow> {
  if (!config.telegramBotToken) return row('telegram', 'skip', 'TELEGRAM_BOT_TOKEN not set');
  try {
    const res = await getJson(`${config.telegramApiRoot.replace(/\/+$/, '')}/bot${config.telegramBotToken}/getMe`);
    const me = res.body.result as { username?: string } | undefined;
    if (res.body.ok === true && me?.username) return row('telegram', 'ok', `getMe: the bot is @${me.username}`);
    return row('telegram', 'fail', `getMe answered ${res.status} ${String(res.body.description ?? '')}: check TELEGRAM_BOT_TOKEN`.trim());
  } catch (e) {
    return row('telegram', 'fail', `getMe at ${config.telegramApiRoot}: ${reason(e)}`);
  }
}

export async function checkSlack(config: Config): Promise<CheckRow> {
  if (!config.slackBotToken) return row('slack', 'skip', 'SLACK_BOT_TOKEN not set');
  try {
    const res = await getJson(`${config.slackApiRoot.replace(/\/+$/, '')}/auth.test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.slackBotToken}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.body.ok === true) return row('slack', 'ok', `auth.test: ${String(res.body.user ?? 'the bot')} in ${String(res.body.team ?? 'the workspace')}`);
    return row('slack', 'fail', `auth.test answered "${String(res.body.error ?? res.status)}": check SLACK_BOT_TOKEN`);
  } catch (e) {
    return row('slack', 'fail', `auth.test at ${config.slackApiRoot}: ${reason(e)}`);
  }
}

export async function checkSmtp(config: Config): Promise<CheckRow> {
  if (!config.smtpUrl) return row('smtp', 'skip', 'HADO_SMTP_URL not set');
  const { pool: _pool, ...options } = transportOptionsOf(config.smtpUrl, { timeoutMs: TIMEOUT_MS });
  const transport = nodemailer.createTransport(options);
  try {
    await transport.verify();
    return row('smtp', 'ok', `${maskUrlPassword(config.smtpUrl)} greets and accepts the login`);
  } catch (e) {
    return row('smtp', 'fail', `HADO_SMTP_URL (${maskUrlPassword(config.smtpUrl)}): ${reason(e)}`);
  } finally {
    transport.close();
  }
}

export function checkOutbound(config: Config): CheckRow {
  return row('outbound', 'ok', outboundSummary(config));
}

/** Every enabled webhook channel's URLs (deliver and presence, e.g. Home Assistant): allowed by the policy, and answering at all. */
export async function checkWebhooks(config: Config, store: Store | null): Promise<CheckRow[]> {
  if (!store) return [];
  const rows = await store.db.selectFrom('channels').select(['id', 'config']).where('type', '=', 'webhook').where('enabled', '=', true).execute();
  const policy = outboundPolicyOf(config);
  const out: CheckRow[] = [];
  for (const ch of rows) {
    const cfg = ch.config as Record<string, unknown>;
    for (const key of ['deliver_url', 'presence_url']) {
      const raw = cfg[key];
      if (typeof raw !== 'string') continue;
      const name = `webhook #${ch.id} ${key}`;
      const refused = policy.urlRefusal(new URL(raw));
      if (refused) {
        out.push(row(name, 'fail', `${raw}: ${refused}`));
        continue;
      }
      try {
        const res = await fetch(raw, { method: key === 'presence_url' ? 'GET' : 'HEAD', signal: AbortSignal.timeout(TIMEOUT_MS) });
        out.push(row(name, 'ok', `${new URL(raw).origin} answers (HTTP ${res.status})`));
      } catch (e) {
        out.push(row(name, 'fail', `${raw}: ${reason(e)}`));
      }
    }
  }
  return out;
}

/** APP_URL answers /healthz (the links in messages point there), and the clock agrees with its Date header. */
export async function checkPublicUrl(config: Config, nowMs: number): Promise<CheckRow[]> {
  const url = `${config.appUrl.replace(/\/+$/, '')}/healthz`;
  try {
    const res = await getJson(url);
    const rows = [
      res.status === 200 ? row('public url', 'ok', `${url} answers 200`) : row('public url', 'fail', `${url} answers ${res.status}: check APP_URL`),
    ];
    if (res.date) {
      const skew = Math.round((nowMs - Date.parse(res.date)) / 1000);
      rows.push(
        Math.abs(skew) <= 60
          ? row('clock', 'ok', `within ${Math.max(1, Math.abs(skew))} s of the server at APP_URL`)
          : row('clock', 'warn', `${skew} s off the server at APP_URL: check NTP`),
      );
    }
    return rows;
  } catch (e) {
    return [row('public url', 'fail', `${url} does not answer (${reason(e)}): start Hado, or check APP_URL`)];
  }
}
