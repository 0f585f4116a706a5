// Issue 16, item 2: the per-destination limit and circuit breaker
// (src/worker/destinations.ts) on a fake clock, and the HTTP client's connect
// timeout, shorter than a request's whole timeout.
import { describe, expect, it } from 'vitest';
import { httpClient } from '../../src/channels/http.ts';
import { postWebhook } from '../../src/channels/webhook.ts';
import { FakeClock } from '../../src/clock.ts';
import { OutboundPolicy } from '../../src/net/outbound.ts';
import { Destinations } from '../../src/worker/destinations.ts';
import { LOOPBACK_NETWORKS } from '../support/outbound.ts';

const H = 'http://receiver.example:8123';

describe('per-destination limit', () => {
  it('a destination is full at perHost deliveries in flight; its channels are then skipped by the claim', () => {
    const d = new Destinations(new FakeClock('2026-08-01T12:00:00Z'), { perHost: 2 });
    d.begin(H, 1);
    expect(d.full(H)).toBe(false);
    expect(d.fullChannels()).toEqual([]);
    d.begin(H, 2);
    expect(d.full(H)).toBe(true);
    expect(d.fullChannels().sort()).toEqual([1, 2]);
    expect(d.full('http://other.example')).toBe(false);
    d.end(H, 1);
    expect(d.full(H)).toBe(false);
    expect(d.fullChannels()).toEqual([]);
  });

  it('a destination in trouble (a slow answer in flight, or failures since its last success) gets a quarter of the limit', () => {
    const d = new Destinations(new FakeClock('2026-08-01T12:00:00Z'), { perHost: 8 });
    for (const ch of [1, 2, 3]) d.begin(H, ch);
    expect(d.full(H)).toBe(false);
    d.markSlow(H);
    expect(d.full(H)).toBe(true);
    expect(d.fullChannels().sort()).toEqual([1, 2, 3]);
    d.end(H, 1, true);
    d.end(H, 2);
    expect(d.full(H)).toBe(false);
    d.record(H, 'failure', false);
    d.begin(H, 4);
    expect(d.full(H)).toBe(true);
    d.record(H, 'ok', false);
    expect(d.full(H)).toBe(false);
  });
});

describe('circuit breaker', () => {
  it('opens after 5 failures in a row, fails fast during the cool-down, then lets one probe through', () => {
    const clock = new FakeClock('2026-08-01T12:00:00Z');
    const d = new Destinations(clock, { perHost: 8 });
    for (let i = 0; i < 4; i++) {
      expect(d.admit(H)).toEqual({ go: true, probe: false });
      d.record(H, 'failure', false);
    }
    // A sign of life in between starts the count again.
    d.record(H, 'alive', false);
    for (let i = 0; i < 5; i++) d.record(H, 'failure', false);
    const until = clock.now().epochMilliseconds + 30_000;
    expect(d.admit(H)).toEqual({ go: false, until, failures: 5 });
    expect(d.open()).toEqual([H]);
    expect(d.admit('http://healthy.example')).toEqual({ go: true, probe: false });
    clock.advance({ seconds: 30 });
    // Half-open: one probe, the others still wait.
    expect(d.admit(H)).toEqual({ go: true, probe: true });
    expect(d.admit(H)).toMatchObject({ go: false });
    // The probe fails: open again, for twice as long.
    d.record(H, 'failure', true);
    expect(d.admit(H)).toEqual({ go: false, until: clock.now().epochMilliseconds + 60_000, failures: 6 });
    clock.advance({ seconds: 60 });
    expect(d.admit(H)).toEqual({ go: true, probe: true });
    // The probe succeeds: closed, everything goes.
    d.record(H, 'ok', true);
    expect(d.admit(H)).toEqual({ go: true, probe: false });
    expect(d.admit(H)).toEqual({ go: true, probe: false });
    expect(d.open()).toEqual([]);
  });

  it('the cool-down doubles up to 5 minutes', () => {
    const clock = new FakeClock('2026-08-01T12:00:00Z');
    const d = new Destinations(clock, { perHost: 8, threshold: 1 });
    d.record(H, 'failure', false);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const a = d.admit(H);
      if (a.go) throw new Error('expected open');
      waits.push((a.until - clock.now().epochMilliseconds) / 1000);
      clock.set(new Date(a.until).toISOString());
      expect(d.admit(H)).toEqual({ go: true, probe: true });
      d.record(H, 'failure', true);
    }
    expect(waits).toEqual([30, 60, 120, 240, 300, 300]);
  });
});

describe('connect timeout', () => {
  it('a host whose connection does not come is given up after the connect timeout, not the whole timeout', async () => {
    // A name that never resolves stands for a connection that never comes (the lookup is part of connecting).
    const policy = new OutboundPolicy({ allowedNetworks: LOOPBACK_NETWORKS, allowPrivate: false, resolve: () => {} });
    const client = httpClient(policy, { connectTimeoutMs: 200 });
    const started = Date.now();
    const result = await postWebhook(client, 'http://never.example/hook', 'whsec_AAAA', '1', 0, '{}', 5000);
    const took = Date.now() - started;
    expect(result).toEqual({ ok: false, error: 'connect timeout: no connection within 0.2 s', retryable: true });
    expect(took).toBeLessThan(2000);
  });
});
