// The notice tick and the retention sweep inside the one scheduler tick
// (runTick: what `hado start`, `hado scheduler` and `hado tick` run), and
// what `hado tick` prints about them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PresenceCache } from '../../src/channels/presence.ts';
import { formatReport } from '../../src/cli/tick.ts';
import { noticeConfigOf, runTick, windowConfigOf } from '../../src/scheduler/tick.ts';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';
import { notice, post } from '../http/notices-support.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z', env: { HADO_NOTICE_FALLBACK_MINUTES: '5', HADO_NOTICE_RETENTION_DAYS: '2' } });
  token = await createSource(t, 'docs');
});
afterAll(() => t.close());

describe('runTick', () => {
  it('decides notice pushes with the configured fallback and sweeps with the configured retention', async () => {
    const presence = new PresenceCache(t.ctx.channels, { timeoutMs: 500 });
    const deps = { presence, cfg: windowConfigOf(t.config), ...noticeConfigOf(t.config) };
    const old = await post(t, token, notice({ title: 'old' }));
    t.clock.advance({ hours: 49 });
    const res = await post(t, token, notice());
    let report = await runTick(t.store.db, t.clock.now(), deps);
    expect(report.swept).toBe(1);
    expect(report.notices).toEqual([expect.objectContaining({ notice: res.body.notice.id, user: 'ana', push: 1, why: 'absent', channels: [] })]);
    const lines = formatReport(report, false);
    expect(lines).toContain('Notices: 1 push(es) looked at, 1 expired notice(s) removed');
    expect(lines.some((l) => l.startsWith(`  notice ${res.body.notice.id} push 1 (user ana, delivery presence): absent; next look`))).toBe(true);
    t.clock.advance({ minutes: 5 }); // HADO_NOTICE_FALLBACK_MINUTES=5
    report = await runTick(t.store.db, t.clock.now(), deps);
    expect(report.notices).toEqual([expect.objectContaining({ why: 'fallback', channels: [expect.objectContaining({ type: 'web' })] })]);
    const gone = await t.store.db.selectFrom('notices').select('id').where('id', '=', old.body.notice.id).execute();
    expect(gone).toEqual([]);
  });
});
