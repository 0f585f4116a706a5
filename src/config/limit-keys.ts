// How many confirmation mails and Slack DMs Hado sends on a user's behalf
// (issue 27, finding 1). Spread into the one configuration table (config.ts KEYS).
import { int, type Key } from './parsers.ts';

export interface LimitConfig {
  /** Confirmation mails and Slack DMs per target (address, Slack user) and per user in 24 hours. */
  confirmationsPerTarget: number;
  confirmationsPerUser: number;
  /** Address recipients (guests' emails, Slack channels: issue 24) one source may address per minute and per 24 hours. */
  addressesPerMinute: number;
  addressesPerDay: number;
}

export const LIMIT_KEYS = {
  confirmationsPerTarget: {
    env: 'HADO_CONFIRMATIONS_PER_TARGET',
    doc: 'Confirmation mails or Slack DMs one address or Slack user gets in 24 hours, from all users together, before a 429',
    default: () => '3',
    parse: int(1, 1000),
  },
  confirmationsPerUser: {
    env: 'HADO_CONFIRMATIONS_PER_USER',
    doc: 'Confirmation mails and Slack DMs one user may have Hado send in 24 hours before a 429',
    default: () => '10',
    parse: int(1, 10_000),
  },
  addressesPerMinute: {
    env: 'HADO_RATE_LIMIT_ADDRESS_MINUTE',
    doc: 'Address recipients (emails, Slack channels) one source may address in a minute, suppressed ones not counted, before a 429',
    default: () => '200',
    parse: int(1, 1_000_000),
  },
  addressesPerDay: {
    env: 'HADO_RATE_LIMIT_ADDRESS_DAY',
    doc: 'Address recipients (emails, Slack channels) one source may address in 24 hours before a 429',
    default: () => '2000',
    parse: int(1, 100_000_000),
  },
} satisfies { [K in keyof LimitConfig]: Key<LimitConfig[K]> };
