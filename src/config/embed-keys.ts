// The settings of the inbox embedded in sibling web apps (issue 25): which
// origins may call /me/* from the browser (CORS), and how many frames a
// source may put on its users' streams. Spread into the one configuration
// table (config.ts KEYS).
import { Bad, int, type Key, listOf } from './parsers.ts';

export interface EmbedConfig {
  /** Exact origins ("https://kumquat.example.org") allowed to call /me/* from a browser; none by default. */
  corsOrigins: string[];
  /** Frames per minute a source may post (POST /api/frames). */
  framesPerMinute: number;
}

/** An origin as browsers send it: scheme, host and port only, no path, no trailing slash. */
function origin(item: string): string {
  let u: URL;
  try {
    u = new URL(item);
  } catch {
    throw new Bad(`has "${item}", which is not an origin (https://host[:port])`);
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.origin !== item) {
    throw new Bad(
      `has "${item}", which is not an exact origin: write it as ${u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : 'https://host[:port]'}`,
    );
  }
  return item;
}

export const EMBED_KEYS = {
  corsOrigins: {
    env: 'HADO_CORS_ORIGINS',
    doc: 'Comma-separated exact origins whose pages may call /me/* with a user token (CORS, no credentials); unset = none',
    default: () => null,
    parse: (raw) => listOf(raw).map(origin),
    empty: [],
  },
  framesPerMinute: {
    env: 'HADO_RATE_LIMIT_FRAMES',
    doc: 'Frames per minute a source may post to POST /api/frames before a 429',
    default: () => '6000',
    parse: int(1, 100_000_000),
  },
} satisfies { [K in keyof EmbedConfig]: Key<EmbedConfig[K]> };
