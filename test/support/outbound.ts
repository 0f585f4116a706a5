// The outbound policy refuses loopback (net/outbound.ts): a test whose fake
// receivers listen on 127.0.0.1 says so explicitly, with one of these.
import { OutboundPolicy } from '../../src/net/outbound.ts';

export const LOOPBACK_NETWORKS = ['127.0.0.0/8', '::1/128'];

/** Environment that lets Hado send to receivers on this machine: spread it into createTestApp/createHarness env. */
export const ALLOW_LOOPBACK = { HADO_OUTBOUND_ALLOWED_NETWORKS: LOOPBACK_NETWORKS.join(',') } as const;

/** The policy for a channel built by hand in a test (webhookChannel({ …, outbound })). */
export const loopbackOutbound = (): OutboundPolicy => new OutboundPolicy({ allowedNetworks: LOOPBACK_NETWORKS, allowPrivate: false });
