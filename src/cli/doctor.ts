// `hado doctor`: checks the configuration and everything it points at, for
// real, prints one table and exits 1 when a check fails (0 with warnings).
import { ConfigError } from '../errors.ts';
import { loadConfig } from '../config.ts';
import { type CheckRow, checkOutbound, checkPublicUrl, checkSlack, checkSmtp, checkStorage, checkTelegram, checkWebhooks } from './doctor-checks.ts';
import { defineCommand } from './command.ts';

export function formatTable(rows: CheckRow[]): string[] {
  const w1 = Math.max(5, ...rows.map((r) => r.check.length));
  const mark = { ok: 'ok', warn: 'WARN', fail: 'FAIL', skip: '-' } as const;
  return [`${'CHECK'.padEnd(w1)}  STATUS  DETAIL`, ...rows.map((r) => `${r.check.padEnd(w1)}  ${mark[r.status].padEnd(6)}  ${r.detail}`)];
}

/** Every check, in order; the process's environment unless given one. */
export async function runChecks(env: NodeJS.ProcessEnv = process.env): Promise<CheckRow[]> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return [{ check: 'config', status: 'fail', detail: e.message }];
    throw e;
  }
  const rows: CheckRow[] = [{ check: 'config', status: 'ok', detail: 'every setting parses ("hado config" shows them)' }];
  const storage = await checkStorage(config);
  rows.push(...storage.rows);
  try {
    const [telegram, slack, smtp, webhooks, publicUrl] = await Promise.all([
      checkTelegram(config),
      checkSlack(config),
      checkSmtp(config),
      checkWebhooks(config, storage.store),
      // The only wall-clock read: the clock check compares the machine's clock with the server's.
      checkPublicUrl(config, Date.now()),
    ]);
    rows.push(telegram, slack, smtp, checkOutbound(config), ...webhooks, ...publicUrl);
  } finally {
    await storage.store?.close();
  }
  return rows;
}

export const doctorCommand = defineCommand({
  name: 'doctor',
  summary: 'check the configuration, storage and every configured channel, and print a table',
  description:
    'Checks the configuration, the storage and its schema, Telegram (getMe), Slack (auth.test), the SMTP relay,\n' +
    'the outbound policy and the webhook channels it allows, APP_URL and the clock, each for real with a 5 s timeout.\n' +
    'Prints one row per check; exits 1 when any check fails, 0 otherwise (warnings included).',
  run: async () => {
    const rows = await runChecks();
    for (const line of formatTable(rows)) console.log(line);
    const failed = rows.filter((r) => r.status === 'fail').length;
    console.log(failed === 0 ? '\nAll checks passed.' : `\n${failed} check(s) failed.`);
    return failed === 0 ? 0 : 1;
  },
});
