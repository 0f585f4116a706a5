import { parseArgs } from 'node:util';
import { FakeClock, systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { Temporal } from '../domain/time.ts';
import { openContext } from '../runtime.ts';
import { lifecycleTick } from '../scheduler/lifecycle-tick.ts';

export async function tick(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { at: { type: 'string' } }, strict: true });
  let clock = systemClock;
  if (values.at !== undefined) {
    try {
      clock = new FakeClock(Temporal.Instant.from(values.at));
    } catch {
      console.error(`hado tick: --at must be an ISO instant with an offset, e.g. 2026-08-14T09:00:00Z; got "${values.at}"`);
      return 2;
    }
  }
  const ctx = await openContext(loadConfig(), { migrate: true, clock });
  try {
    const now = clock.now();
    const changed = await lifecycleTick(ctx.db, now);
    if (changed === null) {
      console.log('Another scheduler is ticking right now; nothing done.');
      return 0;
    }
    console.log(`Tick at ${now.toString()}: ${changed.length} transition(s)`);
    for (const t of changed) {
      console.log(`  event ${t.id} (${t.source} ${t.sourceRef}${t.topic ? `/${t.topic}` : ''}, user ${t.user}): ${t.from} → ${t.to}`);
    }
    return 0;
  } finally {
    await ctx.store.close();
  }
}
