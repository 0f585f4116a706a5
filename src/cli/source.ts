import { loadConfig } from '../config.ts';
import { insertSource, listSources } from '../db/sources.ts';
import { hashToken, newToken } from '../http/auth.ts';
import { openContext } from '../runtime.ts';

const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export async function sourceCreate(args: string[]): Promise<number> {
  const name = args[0];
  if (!name || args.length > 1) {
    console.error('Usage: hado source:create <name>');
    return 2;
  }
  if (!NAME.test(name)) {
    console.error(`hado source:create: "${name}" is not a valid name: use 1-64 lower-case letters, digits, ".", "_" and "-"`);
    return 2;
  }
  const ctx = await openContext(loadConfig(), { migrate: true });
  try {
    const token = newToken('hado_');
    const created = await insertSource(ctx.db, name, hashToken(token), new Date(ctx.clock.now().epochMilliseconds));
    if (!created) {
      console.error(`hado source:create: a source named "${name}" already exists`);
      return 1;
    }
    console.log(`Created source "${name}" (id ${created.id}). Its token, shown only this once:\n\n  ${token}\n`);
    console.log('Clients send it as "Authorization: Bearer <token>" on /api/*.');
    return 0;
  } finally {
    await ctx.store.close();
  }
}

export async function sourceList(): Promise<number> {
  const ctx = await openContext(loadConfig(), { migrate: true });
  try {
    const sources = await listSources(ctx.db);
    if (sources.length === 0) {
      console.log('No sources yet. Create one with: hado source:create <name>');
      return 0;
    }
    console.log(['ID', 'NAME', 'EVENTS', 'CREATED'].join('\t'));
    for (const s of sources) console.log([s.id, s.name, s.events, s.created_at.toISOString()].join('\t'));
    return 0;
  } finally {
    await ctx.store.close();
  }
}
