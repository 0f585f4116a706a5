// Trial mode (HADO_TRIAL=1): one shared inbox with no proxy, no OIDC and no
// TLS, for `docker run -p 8080:8080` on one's own machine. Every request
// without X-Remote-User, from any address, signs in as HADO_LOCAL_USER.
// Anyone who can reach the port is that user, so it is off unless set, loud
// in the log, and refused on an address other machines can reach unless
// HADO_TRIAL_ANY_ADDRESS=1 says so explicitly (a container has to listen on
// 0.0.0.0; publish it on 127.0.0.1 only).
import { Bad, type Key } from './parsers.ts';

const flag = (raw: string): boolean => {
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Bad(`must be 1 or 0, got "${raw}"`);
};

export const TRIAL_KEYS = {
  trial: {
    env: 'HADO_TRIAL',
    doc: 'Trial mode: every request without X-Remote-User, from any address, signs in as HADO_LOCAL_USER; no proxy or TLS. Never on a machine others reach',
    default: () => '0',
    parse: flag,
  },
  trialAnyAddress: {
    env: 'HADO_TRIAL_ANY_ADDRESS',
    doc: 'With HADO_TRIAL: allow a HOST other machines may reach (0.0.0.0 in a container whose port is published on 127.0.0.1 only)',
    default: () => '0',
    parse: flag,
  },
} satisfies Record<string, Key<boolean>>;

const LOOPBACK_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|::1)$/;

/** What is wrong with the trial settings together with HOST and HADO_LOCAL_USER. */
export function trialProblems(config: { trial: boolean; trialAnyAddress: boolean; host: string; localUser: string | null }): string[] {
  if (!config.trial) return [];
  const problems: string[] = [];
  if (config.localUser === null) problems.push('HADO_TRIAL needs a HADO_LOCAL_USER to sign everyone in as; it is off ("")');
  if (!LOOPBACK_HOSTS.test(config.host) && !config.trialAnyAddress) {
    problems.push(
      `HADO_TRIAL signs in anyone who reaches HOST ${config.host} as the trial user: listen on 127.0.0.1, ` +
        'or set HADO_TRIAL_ANY_ADDRESS=1 if only this machine reaches it (a container published on 127.0.0.1)',
    );
  }
  return problems;
}

/**
 * Where a trial's webhooks may lead (net/outbound.ts outboundPolicyOf): public
 * addresses only, plus HADO_OUTBOUND_ALLOWED_NETWORKS. Unlike local mode, no
 * private network: whoever reaches the port could otherwise use Hado to probe
 * the network its host or container sits on.
 */
export function trialOutboundLine(config: { outboundAllowedNetworks: string[] }): string {
  const listed = config.outboundAllowedNetworks;
  return listed.length > 0
    ? `Webhooks reach public addresses and ${listed.join(', ')} (HADO_OUTBOUND_ALLOWED_NETWORKS) only; other private networks and loopback are refused.`
    : 'Webhooks reach public addresses only: private networks and loopback are refused (list one in HADO_OUTBOUND_ALLOWED_NETWORKS).';
}

/** The banner a trial process prints at start, and logs as a warning. */
export function trialBanner(config: { localUser: string | null; port: number; outboundAllowedNetworks?: string[] }): string {
  const line = '!'.repeat(78);
  return [
    line,
    `!! TRIAL MODE (HADO_TRIAL=1): every request signs in as "${config.localUser}", with no password.`,
    `!! Anyone who can reach port ${config.port} reads and acts on this inbox. For a trial on your`,
    '!! own machine only: never expose it, never keep real data in it.',
    `!! ${trialOutboundLine({ outboundAllowedNetworks: config.outboundAllowedNetworks ?? [] })}`,
    line,
  ].join('\n');
}
