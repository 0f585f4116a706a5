// What a worker is made of and its defaults (worker.ts): the options the
// composition root (and a test) hands it, and the rows it works on.
import type { Logger } from 'pino';
import type { ChannelRegistry } from '../channels/registry.ts';
import type { ChannelRecord, PresenceUser } from '../channels/types.ts';
import type { Clock } from '../clock.ts';
import { type Composed, composeMessage } from '../core/messages.ts';
import { previousSecretOf } from '../db/channels.ts';
import type { Db } from '../db/connect.ts';
import type { ClaimedDelivery } from '../db/deliveries.ts';
import type { ChannelType } from '../domain/channels.ts';
import type { ErrorSink } from '../errors.ts';
import type { DestinationOptions } from './destinations.ts';

export const MAX_ATTEMPTS = 3;
/** SPEC A7/issue 3: a lease of at most 2 minutes. */
export const MAX_LEASE_MS = 120_000;
/** Issue 16: a lease short enough that a dead worker's rows are taken over within ~30 s, renewed while the worker lives. */
export const LEASE_MS = 30_000;
/** The heartbeat: a lease is renewed three times before it could run out. */
export const HEARTBEAT_MS = 10_000;
/** How often the worker runs the channels' upkeep (Channel.maintain). */
export const UPKEEP_EVERY_MS = 60_000;
/** Backoff after attempt n (1-based): 30 s, then 60 s. */
export const backoffMs = (attempt: number): number => 30_000 * 2 ** (attempt - 1);

export interface WorkerOptions {
  db: Db;
  clock: Clock;
  channels: ChannelRegistry;
  /** APP_URL: the base of the action links in webhook bodies. */
  appUrl: string;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** How long a claim holds a row without a heartbeat (at most MAX_LEASE_MS). */
  leaseMs?: number;
  /** Real-time period of the heartbeat that renews the leases of rows in flight; below leaseMs. */
  heartbeatMs?: number;
  maxAttempts?: number;
  backoff?: (attempt: number) => number;
  /** Deliveries in flight at once to one destination, a quarter of it while in trouble (HADO_DELIVERY_HOST_CONCURRENCY). */
  perHost?: number;
  /** A delivery in flight longer than this (real time) no longer holds one of the `concurrency` places. */
  slowAfterMs?: number;
  /** Slow deliveries held beside the `concurrency` places (default 4 × concurrency). */
  maxSlow?: number;
  /** The circuit breaker's threshold and cool-downs (destinations.ts). */
  breaker?: Omit<DestinationOptions, 'perHost'>;
  /** Real-time pause between polls when the queue is empty. */
  pollMs?: number;
  /** Longest real-time pause between rounds while the database is unreachable (they start at pollMs and double). */
  maxBackoffMs?: number;
  log?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The process's error sink: a round or a result write that failed. */
  onError?: ErrorSink;
  /** Each attempt's outcome by channel type (the composition root counts them: hado_delivery_attempts_total). */
  onAttempt?: (channel: ChannelType, outcome: Exclude<Outcome, 'deferred'>) => void;
}

/** A claimed row: where it goes, and what it carries (or why it must not go). */
export interface Claimed {
  id: number;
  attempts: number;
  channel: ChannelRecord;
  /** Null for an address a source named (issue 24): nobody's channel. */
  user: PresenceUser | null;
  message: Composed;
}

/** A claimed row as the worker works on it: its channel and user, and its message composed at send time. */
export function claimed(r: ClaimedDelivery, appUrl: string): Claimed {
  return {
    id: r.id,
    attempts: r.attempts,
    channel: {
      id: r.channel_id,
      userId: r.channel_user_id,
      type: r.channel_type,
      enabled: r.channel_enabled,
      config: r.channel_config,
      secret: r.channel_secret,
      previousSecret: previousSecretOf(r.channel_previous_secret, r.channel_previous_secret_until),
      lastSeenAt: r.channel_last_seen_at,
    },
    user: r.user_id === null || r.login === null ? null : { id: r.user_id, login: r.login, lastHeartbeatAt: r.last_heartbeat_at },
    message: composeMessage(r, appUrl),
  };
}

/** `deferred`: not attempted (the destination's breaker is open), back in the queue with its attempt unspent. */
export type Outcome = 'ok' | 'retry' | 'failed' | 'deferred';

/** Default of perHost: HADO_DELIVERY_HOST_CONCURRENCY's. */
export const PER_HOST = 32;
/** A healthy receiver answers in milliseconds; one that takes half a second is waited for beside the others, not instead of them. */
export const SLOW_AFTER_MS = 500;
