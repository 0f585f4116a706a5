// The outbound policy: where Hado may send a request to a URL a user gave it
// (webhook deliver and presence URLs, and every later channel that posts to
// a user-supplied URL). Without it a signed-in user could point a webhook at
// Hado itself (http://127.0.0.1:8080/me/… arrives from loopback and runs as
// the local user), at the cloud metadata service or at anything on the LAN.
//
// The same rules apply twice: when the URL is saved (a literal address or a
// loopback name is a 422 naming the field), and when Hado connects, on the
// address the name resolves to at that moment (a custom `lookup` on the HTTP
// agents), so DNS rebinding cannot slip past the first check. Redirects are
// never followed (net/http-client.ts), so they cannot either.
//
// Address arithmetic is ipaddr.js's (the library proxy-addr uses).
import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { invalid } from '../errors.ts';

export const ALLOWED_NETWORKS_KEY = 'HADO_OUTBOUND_ALLOWED_NETWORKS';

/** Why an address is refused; null = allowed. */
type Kind = 'loopback' | 'link-local' | 'unspecified' | 'multicast' | 'broadcast' | 'private' | 'reserved';

/** ipaddr.js range names → our kinds. "unicast" (the public internet) is allowed. */
const RANGE_KIND: Record<string, Kind> = {
  loopback: 'loopback',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  // RFC 1918, CGNAT 100.64/10, ULA fc00::/7 and the deprecated site-local fec0::/10.
  private: 'private',
  carrierGradeNat: 'private',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
};

/**
 * Exact endpoints allowed for a while: a literal IP address and a port, not a
 * network (`hado demo`'s loopback receiver, added through the admin socket,
 * which only the data directory's owner can reach). A literal address never
 * reaches the agents' lookup, so the port is judged with the address, on the
 * URL, before every request. Expiry is a timer: nothing decides on it.
 */
export class EndpointAllowances {
  private readonly open = new Map<string, NodeJS.Timeout>();

  private static key(address: string, port: number): string {
    return `${ipaddr.parse(address).toNormalizedString()} ${port}`;
  }

  /** Allows address:port for ttlMs (again from now when it is allowed already). */
  allow(address: string, port: number, ttlMs: number): void {
    const key = EndpointAllowances.key(address, port);
    clearTimeout(this.open.get(key));
    this.open.set(key, setTimeout(() => this.open.delete(key), ttlMs).unref());
  }

  revoke(address: string, port: number): void {
    const key = EndpointAllowances.key(address, port);
    clearTimeout(this.open.get(key));
    this.open.delete(key);
  }

  has(address: string, port: number): boolean {
    return ipaddr.isValid(address) && this.open.has(EndpointAllowances.key(address, port));
  }
}

/** The process's endpoint allowances, shared by every policy outboundPolicyOf makes. */
export const processEndpoints = new EndpointAllowances();

const defaultPort = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

export interface OutboundOptions {
  /** CIDRs or addresses always allowed (HADO_OUTBOUND_ALLOWED_NETWORKS). */
  allowedNetworks: string[];
  /** Exact address:port pairs allowed for a while (a `hado demo` receiver). */
  endpoints?: EndpointAllowances;
  /** Private ranges allowed without listing them: single-user local mode (Home Assistant on the LAN). */
  allowPrivate: boolean;
  /** Name resolution; the system's (dns.lookup) unless a test plays a rebinding DNS server. */
  resolve?: Resolve;
}

export type Resolve = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolve: Resolve = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/** A connection the policy refused: a final failure, never retried. */
export class OutboundRefusedError extends Error {
  readonly code = 'EHADO_OUTBOUND';
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** "10.0.0.0/8", "192.168.1.20", "fd00::/8"; throws with a readable message when malformed. */
export function parseNetwork(item: string): Cidr {
  try {
    if (item.includes('/')) return ipaddr.parseCIDR(item);
    const address = ipaddr.parse(item);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    throw new Error(`"${item}" is not an IP address or CIDR range`);
  }
}

const NAT64_WKP = ipaddr.parseCIDR('64:ff9b::/96');

/** The IPv4 address held in four bytes (optionally inverted, as Teredo stores it). */
const v4Of = (bytes: number[], invert = false): ipaddr.IPv4 => new ipaddr.IPv4(invert ? bytes.map((b) => ~b & 0xff) : bytes);

/**
 * The IPv4 address an IPv6 transition form stands for, if any: a packet to
 * it ends up at that IPv4 address, so it is judged (and listed) as that
 * address. [::127.0.0.1] is 127.0.0.1, whatever ipaddr.js's range says.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const range = address.range();
  // IPv4-mapped ::ffff:0:0/96 and SIIT ::ffff:0:0:0/96 (RFC 6145): the last 32 bits.
  if (range === 'ipv4Mapped' || range === 'rfc6145') return v4Of(bytes.slice(12));
  // IPv4-compatible ::/96 (RFC 4291 §2.5.5.1, deprecated), but :: and ::1 keep their own meaning.
  if (range === 'unicast' && bytes.slice(0, 12).every((b) => b === 0)) return v4Of(bytes.slice(12));
  // NAT64's well-known prefix 64:ff9b::/96 (RFC 6052 §2.1): the last 32 bits.
  if (address.match(NAT64_WKP)) return v4Of(bytes.slice(12));
  // 6to4 2002::/16 (RFC 3056 §2): the 32 bits after the prefix.
  if (range === '6to4') return v4Of(bytes.slice(2, 6));
  // Teredo 2001::/32 (RFC 4380 §4): the client's address, every bit inverted, in the last 32 bits.
  if (range === 'teredo') return v4Of(bytes.slice(12), true);
  return null;
}

const PHRASE: Record<Kind, string> = {
  loopback: 'loopback addresses are not allowed',
  'link-local': 'link-local addresses (including cloud metadata services) are not allowed',
  unspecified: 'unspecified addresses are not allowed',
  multicast: 'multicast addresses are not allowed',
  broadcast: 'broadcast addresses are not allowed',
  private: 'private network addresses are not allowed',
  reserved: 'reserved and special-purpose addresses are not allowed',
};

export class OutboundPolicy {
  private readonly allowed: Cidr[];
  readonly allowPrivate: boolean;
  private readonly endpoints: EndpointAllowances | null;
  private readonly resolve: Resolve;

  constructor(opts: OutboundOptions) {
    this.allowed = opts.allowedNetworks.map(parseNetwork);
    this.allowPrivate = opts.allowPrivate;
    this.endpoints = opts.endpoints ?? null;
    this.resolve = opts.resolve ?? systemResolve;
  }

  private listed(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    return this.allowed.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits));
  }

  private kindOf(address: ipaddr.IPv4 | ipaddr.IPv6): Kind | null {
    const range = address.range();
    if (range === 'unicast') return null;
    const kind = RANGE_KIND[range];
    if (kind === 'private') return this.allowPrivate ? null : 'private';
    // Documentation, benchmarking, 240/4, NAT64's local-use 64:ff9b:1::/48 (where the
    // IPv4 address sits depends on the operator's prefix)…: nothing a receiver should live on.
    return kind ?? 'reserved';
  }

  /** Null when Hado may connect to this IP address, else why not (a sentence without the field). */
  refusal(ip: string): string | null {
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.parse(ip);
    } catch {
      return `"${ip}" is not an IP address`;
    }
    if (this.listed(address)) return null;
    const v4 = address.kind() === 'ipv6' ? embeddedIPv4(address as ipaddr.IPv6) : null;
    // ::ffff:127.0.0.1 is 127.0.0.1: judged (and listed) as the IPv4 address it carries.
    if (v4 && this.listed(v4)) return null;
    const kind = v4 ? this.kindOf(v4) : this.kindOf(address);
    if (kind === null) return null;
    return `${PHRASE[kind]} (${ip}); an operator can allow a network with ${ALLOWED_NETWORKS_KEY}`;
  }

  /**
   * Checks a URL before any connection: credentials, a literal address, a
   * loopback name. A host name is judged again on every connection (lookup).
   * Returns why the URL is refused, or null.
   */
  urlRefusal(url: URL): string | null {
    if (url.username !== '' || url.password !== '') return 'URLs with credentials (user:password@) are not allowed';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host)) return this.endpoints?.has(host, defaultPort(url)) ? null : this.refusal(host);
    // RFC 6761: "localhost" and every name under it are loopback, whatever DNS says.
    const name = host.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) {
      return this.refusal('127.0.0.1') === null ? null : `${PHRASE.loopback} (${host}); an operator can allow a network with ${ALLOWED_NETWORKS_KEY}`;
    }
    return null;
  }

  /**
   * A `lookup` for node:net (the agents' connections): resolves the name,
   * keeps the addresses the policy allows and fails with OutboundRefusedError
   * when none is left.
   */
  readonly lookup = (
    hostname: string,
    options: { family?: number | string; hints?: number; all?: boolean },
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const opts: LookupAllOptions = { all: true, hints: options.hints };
    if (options.family === 4 || options.family === 6) opts.family = options.family;
    this.resolve(hostname, opts, (err, addresses) => {
      if (err) return callback(err, '');
      const allowed = addresses.filter((a) => this.refusal(a.address) === null);
      if (allowed.length === 0) {
        const why = addresses.length > 0 ? this.refusal(addresses[0]!.address) : 'no address';
        return callback(new OutboundRefusedError(`outbound policy refused ${hostname}: ${why}`), '');
      }
      if (options.all) return callback(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** The keys the policy is made of; typed here rather than as Pick<Config>: config.ts imports parseNetwork from this file. */
export interface OutboundConfig {
  outboundAllowedNetworks: string[];
  localUser: string | null;
  /** HADO_TRIAL: whoever reaches the port is the user, so the local-mode LAN exception does not hold. */
  trial?: boolean;
}

/**
 * The process's policy from the configuration. Private ranges are open by
 * default only in local mode, where the user is the person at this machine
 * (Home Assistant on their LAN). Not in trial mode: there anyone who reaches
 * the port is the user, and a webhook would let them probe the network
 * Hado's host (or container) sits on. Loopback is refused in every mode;
 * HADO_OUTBOUND_ALLOWED_NETWORKS (and a `hado demo` receiver, one address
 * and port) are the only ways to it.
 */
export function outboundPolicyOf(config: OutboundConfig, endpoints: EndpointAllowances = processEndpoints): OutboundPolicy {
  return new OutboundPolicy({
    allowedNetworks: config.outboundAllowedNetworks,
    allowPrivate: config.localUser !== null && config.trial !== true,
    endpoints,
  });
}

/** The policy in one sentence, for `hado doctor` and the start's log. */
export function outboundSummary(config: OutboundConfig): string {
  const base =
    config.localUser === null
      ? 'public addresses only (webhooks to private or loopback addresses are refused)'
      : config.trial
        ? 'trial mode: public addresses only (private networks and loopback are refused)'
        : 'local mode: public and private addresses allowed; loopback refused';
  const extra = config.outboundAllowedNetworks.length > 0 ? `; also allowed: ${config.outboundAllowedNetworks.join(', ')}` : '';
  return `${base}${extra} (${ALLOWED_NETWORKS_KEY})`;
}

/** A user-supplied URL for `field`: absolute http(s), at most 2048 characters, and allowed by the policy; else a 422. */
export function checkOutboundUrl(policy: OutboundPolicy, field: string, raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0) throw invalid(field, 'must be a URL string');
  if (raw.length > 2048) throw invalid(field, 'must be at most 2048 characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(field, `must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(field, `must be an http(s) URL, got "${url.protocol}"`);
  }
  if (!url.hostname) throw invalid(field, 'must name a host');
  const why = policy.urlRefusal(url);
  if (why) throw invalid(field, why);
  return raw;
}
