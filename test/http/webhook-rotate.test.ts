// Issue 27, finding 6: POST /me/channels/{id}/rotate-secret. The new secret
// is shown once; during the grace period a real loopback receiver gets two
// v1 signatures in webhook-signature, each verifying under its own secret
// (Standard Webhooks' own library checks them); after the grace only the new
// one is sent, and the old secret no longer verifies anything.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { type FakeHa, type HaRequest, startFakeHa } from '../support/fake-ha.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';

const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime('Europe/Madrid').toInstant().toString();

/** Verifies a POST as a Standard Webhooks receiver would, with only the given signatures, "now" at its arrival. */
function verifies(secret: string, req: HaRequest, signature = String(req.headers['webhook-signature'])): boolean {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(Temporal.Instant.from(req.at).epochMilliseconds);
  try {
    new Webhook(secret).verify(req.body, {
      'webhook-id': String(req.headers['webhook-id']),
      'webhook-timestamp': String(req.headers['webhook-timestamp']),
      'webhook-signature': signature,
    });
    return true;
  } catch {
    return false;
  } finally {
    spy.mockRestore();
  }
}

describe('rotating a webhook secret with an overlap', () => {
  let h: Harness;
  let ha: FakeHa;
  let channel: { id: number; secret: string };
  let n = 0;

  /** One event due now, delivered through tick and worker: the request the receiver got. */
  async function deliverOne(): Promise<HaRequest> {
    const before = ha.deliveries().length;
    n++;
    const wall = Temporal.Instant.from(h.clock.now()).toZonedDateTimeISO('Europe/Madrid').toPlainDateTime();
    const due = wall.add({ hours: 3 }).toString({ smallestUnit: 'minute' });
    await h.put([{ user: 'nikita', source_ref: `r${n}`, due_at: due, fire_at: wall.toPlainDate().toString(), payload: { title: `Reminder ${n}` } }]);
    await h.run(Temporal.Instant.from(h.clock.now()).add({ minutes: 3 }));
    // Earlier events may be reminded again in the same minutes: this one's POST is the one that counts.
    const mine = ha
      .deliveries()
      .slice(before)
      .filter((r) => r.body.includes(`"Reminder ${n}"`));
    expect(mine.length).toBeGreaterThan(0);
    return mine[0]!;
  }

  beforeAll(async () => {
    h = await createHarness({ now: madrid('2026-08-12T10:00'), env: ALLOW_LOOPBACK });
    ha = await startFakeHa(h.clock);
    ha.presence = true;
    channel = await h.addWebhook('nikita', ha.deliverUrl, ha.presenceUrl);
  });
  afterAll(async () => {
    await h.close();
    await ha.close();
  });

  it('before any rotation: one signature', async () => {
    const req = await deliverOne();
    expect(String(req.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(channel.secret, req)).toBe(true);
  });

  it('refuses another user, an unknown id, a non-webhook channel and a bad grace', async () => {
    expect((await call(h, 'POST', `/me/channels/${channel.id}/rotate-secret`, { user: 'eve', body: {} })).status).toBe(404);
    expect((await call(h, 'POST', '/me/channels/999999/rotate-secret', { user: 'nikita', body: {} })).status).toBe(404);
    const web = (await call(h, 'GET', '/me/channels', { user: 'nikita' })).body.channels.find((c: { type: string }) => c.type === 'web');
    const notWebhook = await call(h, 'POST', `/me/channels/${web.id}/rotate-secret`, { user: 'nikita', body: {} });
    expect(notWebhook.status).toBe(409);
    expect(notWebhook.body.error.message).toMatch(/only a webhook channel has a signing secret/);
    for (const grace_seconds of [-1, 7 * 86400 + 1, 'soon']) {
      const bad = await call(h, 'POST', `/me/channels/${channel.id}/rotate-secret`, { user: 'nikita', body: { grace_seconds } });
      expect(bad.status, String(grace_seconds)).toBe(422);
      expect(bad.body.error.field).toBe('grace_seconds');
    }
    // Nothing changed: still one signature under the first secret.
    const req = await deliverOne();
    expect(String(req.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(channel.secret, req)).toBe(true);
  });

  it('during the grace (24 h by default): two v1 signatures, each verifying under its secret; after it only the new one', async () => {
    const res = await call(h, 'POST', `/me/channels/${channel.id}/rotate-secret`, { user: 'nikita' });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(res.body.secret).not.toBe(channel.secret);
    expect(res.body.channel.id).toBe(channel.id);
    expect(JSON.stringify(res.body.channel)).not.toContain('whsec_');
    const until = Temporal.Instant.from(h.clock.now()).add({ hours: 24 });
    expect(res.body.previous_secret_valid_until).toBe(new Date(until.epochMilliseconds).toISOString());
    const fresh: string = res.body.secret;

    const during = await deliverOne();
    const sigs = String(during.headers['webhook-signature']).split(' ');
    expect(sigs).toHaveLength(2);
    for (const s of sigs) expect(s).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifies(fresh, during, sigs[0])).toBe(true);
    expect(verifies(channel.secret, during, sigs[1])).toBe(true);
    expect(verifies(fresh, during, sigs[1])).toBe(false);
    // Receivers with either secret accept the whole header.
    expect(verifies(fresh, during)).toBe(true);
    expect(verifies(channel.secret, during)).toBe(true);

    // Each delivery above ran the clock 3 minutes on: this one is at 23 h 53 after the rotation.
    h.clock.advance({ hours: 23, minutes: 50 });
    expect(String((await deliverOne()).headers['webhook-signature']).split(' ')).toHaveLength(2);

    h.clock.advance({ minutes: 10 });
    const after = await deliverOne();
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(fresh, after)).toBe(true);
    expect(verifies(channel.secret, after)).toBe(false);
    channel = { id: channel.id, secret: fresh };
  });

  it('grace_seconds sets the overlap; 0 stops the old secret at once', async () => {
    const res = await call(h, 'POST', `/me/channels/${channel.id}/rotate-secret`, { user: 'nikita', body: { grace_seconds: 60 } });
    expect(res.status).toBe(200);
    const second: string = res.body.secret;
    expect(String((await deliverOne()).headers['webhook-signature']).split(' ')).toHaveLength(2);
    h.clock.advance({ seconds: 61 });
    const past = await deliverOne();
    expect(verifies(second, past)).toBe(true);
    expect(verifies(channel.secret, past)).toBe(false);

    const now = await call(h, 'POST', `/me/channels/${channel.id}/rotate-secret`, { user: 'nikita', body: { grace_seconds: 0 } });
    expect(now.body.previous_secret_valid_until).toBeNull();
    const req = await deliverOne();
    expect(String(req.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(now.body.secret, req)).toBe(true);
    expect(verifies(second, req)).toBe(false);
  });
});
