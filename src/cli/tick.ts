import { FakeClock, systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { withRollback } from '../db/sandbox.ts';
import { INBOX } from '../domain/channels.ts';
import { Temporal } from '../domain/time.ts';
import { closeContext, openContext, presenceOf } from '../runtime.ts';
import type { TickDecision } from '../scheduler/delivery-tick.ts';
import type { NoticeTickDecision } from '../scheduler/notice-delivery-tick.ts';
import { noticeConfigOf, runTick, type TickReport, windowConfigOf } from '../scheduler/tick.ts';
import { defineCommand, UsageError } from './command.ts';

const describeEvent = (e: { id: number; source: string; sourceRef: string; topic: string; user: string }): string =>
  `event ${e.id} (${e.source} ${e.sourceRef}${e.topic ? `/${e.topic}` : ''}, user ${e.user})`;

export function formatDecision(d: TickDecision): string {
  const window = d.window ? `window ${d.window.start} – ${d.window.end}` : 'no open window';
  const asked = d.presence.map((p) => `${p.type}#${p.id} ${p.presence}`).join(', ');
  const to = d.channels.map((c) => `${c.type}#${c.id}`).join(', ');
  const what = d.channels.length > 0 ? `deliver to ${to} (${d.why})` : d.why;
  return `  ${describeEvent(d.event)} ${d.event.state}, ${window}: ${what}${asked ? ` [presence: ${asked}]` : ''}; next look ${d.nextCheckAt}`;
}

export function formatNoticeDecision(d: NoticeTickDecision): string {
  const to = d.channels.map((c) => `${c.type}#${c.id}`).join(', ');
  const what = d.channels.length > 0 ? `deliver to ${to} (${d.why})` : d.why;
  return `  notice ${d.notice} push ${d.push} (user ${d.user}, delivery ${d.delivery}): ${what}${d.nextCheckAt ? `; next look ${d.nextCheckAt}` : ''}`;
}

export function formatReport(report: TickReport, dryRun: boolean): string[] {
  const lines = dryRun ? ['Dry run: the tick runs in a transaction that is rolled back; nothing is written.'] : [];
  if (report.transitions === null || report.decisions === null) {
    lines.push('Another scheduler is ticking right now; nothing done.');
    return lines;
  }
  lines.push(`Tick at ${report.at.toString()}: ${report.transitions.length} transition(s)`);
  for (const t of report.transitions) {
    const round = t.newRound ? ` (series rolled forward to ${t.newRound})` : '';
    lines.push(`  ${describeEvent(t)}: ${t.from} → ${t.to}${round}`);
  }
  lines.push(`Delivery: ${report.decisions.length} event(s) looked at`);
  for (const d of report.decisions) lines.push(formatDecision(d));
  const notices = report.notices ?? [];
  lines.push(`Notices: ${notices.length} push(es) looked at${report.swept > 0 ? `, ${report.swept} expired notice(s) removed` : ''}`);
  for (const d of notices) lines.push(formatNoticeDecision(d));
  // The inbox's rows are the delivery itself (written ok): the rest wait for the worker.
  const rows =
    report.decisions.reduce((n, d) => n + d.channels.filter((c) => c.type !== INBOX).length, 0) +
    notices.reduce((n, d) => n + d.channels.filter((c) => c.type !== INBOX).length, 0);
  if (rows > 0 && !dryRun) lines.push(`${rows} delivery row(s) queued for the worker (hado worker, or hado start).`);
  return lines;
}

async function tick(at: string | undefined, dryRun: boolean): Promise<number> {
  let clock = systemClock;
  if (at !== undefined) {
    try {
      clock = new FakeClock(Temporal.Instant.from(at));
    } catch {
      throw new UsageError(`--at must be an ISO instant with an offset, e.g. 2026-08-14T09:00:00Z; got "${at}"`);
    }
  }
  const config = loadConfig();
  const ctx = await openContext(config, { migrate: !dryRun, clock });
  try {
    const now = clock.now();
    const deps = {
      // The process's one registry, as the scheduler asks it: every channel type's real presence.
      presence: presenceOf(ctx, { recordHealth: !dryRun }),
      cfg: windowConfigOf(config),
      ...noticeConfigOf(config),
      onPreferenceError: (err: unknown) => ctx.onError(err, 'preferences read (delivering with the defaults)'),
    };
    const report = dryRun ? await withRollback(ctx.store, (db) => runTick(db, now, deps)) : await runTick(ctx.db, now, deps);
    for (const line of formatReport(report, dryRun)) console.log(line);
    return 0;
  } finally {
    await closeContext(ctx);
    await ctx.store.close();
  }
}

export const tickCommand = defineCommand({
  name: 'tick',
  summary: 'run one tick as of an instant and print what it decides',
  description:
    'Runs one tick (lifecycle transitions, then deliveries) as of an instant and prints each transition and each decision:\n' +
    'event, window, channels, and why (present / fallback / waiting / quiet / delivered / no-window).',
  options: {
    at: { type: 'string', value: 'instant', doc: 'an ISO instant with an offset, e.g. 2026-08-14T09:00:00Z (default: now)' },
    'dry-run': { type: 'boolean', doc: 'run it in a transaction that is rolled back: nothing is written' },
  },
  run: ({ values }) => tick(values.at, values['dry-run']),
});
