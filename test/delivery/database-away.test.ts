// A worker whose database goes away mid-send (issue 16, item 1): the send
// happened, so its outcome is kept and written once the database answers —
// not lost, and the row not sent again when its lease ends. A round that
// cannot claim backs off and tries again instead of ending the worker.
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelRegistry } from '../../src/channels/registry.ts';
import type { DeliveryResult } from '../../src/channels/types.ts';
import { Temporal } from '../../src/domain/time.ts';
import { Worker } from '../../src/worker/worker.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';
import { createHarness, type Harness } from './harness.ts';
import { testChannel } from '../support/channels.ts';

const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime('Europe/Madrid').toInstant().toString();

/** A switch in front of the database: while down, every query fails as a refused connection does. */
function outage() {
  const state = { down: false, refused: 0, upAfter: Number.POSITIVE_INFINITY };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (state.down) {
        state.refused++;
        if (state.refused >= state.upAfter) state.down = false;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      }
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { state, plugin };
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ now: madrid('2026-08-14T11:00'), env: ALLOW_LOOPBACK });
  await h.addWebhook('ana', 'http://127.0.0.1:9/never-called');
  await h.put([{ user: 'ana', source_ref: 'r1', due_at: '2026-08-14', payload: { title: 'Today' } }]);
}, 60_000);
afterAll(() => h.close());

describe('the database goes away while a worker sends', () => {
  it('keeps the outcome and writes it when the database answers: delivered once, recorded ok', async () => {
    // The tick writes the row (an unknown presence falls back at 14:50, 10 min before the 14–15 window ends).
    h.clock.set(madrid('2026-08-14T14:50'));
    const { runTick, windowConfigOf } = await import('../../src/scheduler/tick.ts');
    await runTick(h.store.db, h.clock.now(), { presence: h.presence, cfg: windowConfigOf(h.config) });
    const { state, plugin } = outage();
    let sends = 0;
    const channels = new ChannelRegistry().register(
      testChannel({
        type: 'webhook',
        presence: async () => 'unknown',
        deliver: async (): Promise<DeliveryResult> => {
          sends++;
          // The receiver has it; then the database goes away for three queries.
          state.down = true;
          state.upAfter = 3;
          return { ok: true };
        },
      }),
    );
    const worker = new Worker({ db: h.store.db.withPlugin(plugin), clock: h.clock, channels, appUrl: h.config.appUrl, pollMs: 20 });
    expect(await worker.drain()).toBe(1);
    expect(state.refused).toBe(3);
    expect(sends).toBe(1);
    const rows = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select(['deliveries.result', 'deliveries.attempts', 'deliveries.locked_until'])
      .where('channels.type', '=', 'webhook')
      .execute();
    expect(rows).toEqual([{ result: 'ok', attempts: 1, locked_until: null }]);
  });

  it('a worker that cannot claim backs off and goes on when the database is back', async () => {
    const { state, plugin } = outage();
    const errors: unknown[] = [];
    const worker = new Worker({
      db: h.store.db.withPlugin(plugin),
      clock: h.clock,
      channels: h.channels,
      appUrl: h.config.appUrl,
      pollMs: 10,
      maxBackoffMs: 40,
      onError: (err) => errors.push(err),
    });
    state.down = true;
    state.upAfter = 4;
    worker.start();
    const until = Date.now() + 5_000;
    while (state.down && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    await worker.stop();
    expect(state.down).toBe(false);
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(errors.every((e) => (e as { code?: string }).code === 'ECONNREFUSED')).toBe(true);
  });
});
