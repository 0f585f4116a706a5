// The connection of a page on another origin to Hado (issue 25): one user
// token, one EventSource per tab, shared by every <hado-inbox> and by the
// page's own code:
//
//   import { hado } from 'https://hado.example.org/embed.js';
//   hado.on('frame', ({ source, type, data }) => …);   // the source's own frames (POST /api/frames)
//
// The token comes from the page's backend (`token-url`, which answers
// {"token": "…"} or the token as text) and is fetched again before it
// expires: at three quarters of its lifetime, measured by its own iat and
// exp, so a browser whose clock is wrong still refreshes in time. A call that
// gets a 401 fetches a fresh token and tries once more. The stream sends the
// token in the query (EventSource cannot set headers); when it drops, it is
// opened again with the current token after a growing, jittered pause
// (1 s doubling to 30 s), and a drop before it ever opened fetches a fresh
// token first (an expired one is refused with a 401 that EventSource does not
// retry). Hado ends the stream when its token expires, after an `expired`
// frame: it is reopened at once with the fresh token.

/** Hado's root: the hashed modules live at <root>/embed/<name>.<hash>.js. */
export const HADO_ROOT = new URL('../', import.meta.url);

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
const REFRESH_AT = 0.75; // of the token's lifetime
const MIN_LIFE_MS = 60_000; // a stream ended by its token's expiry sooner than this reopens after the backoff
const STREAM_TYPES = ['notice', 'unread', 'resync', 'frame'];

/** A failed call to Hado, with its status (0: not reached) and the server's message. */
export class HadoCallError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** @type {Map<string, Set<(data: any) => void>>} */
const listeners = new Map();
const state = {
  /** @type {string | null} */ tokenUrl: null,
  /** @type {string | null} */ token: null,
  /** @type {Promise<string> | null} */ pending: null,
  /** @type {ReturnType<typeof setTimeout> | undefined} */ refreshTimer: undefined,
  /** @type {EventSource | null} */ source: null,
  /** @type {ReturnType<typeof setTimeout> | undefined} */ retryTimer: undefined,
  backoff: BACKOFF_MIN_MS,
  holdBackoff: false,
  opened: false,
  live: false,
  started: false,
  tokensFetched: 0,
};

function emit(type, data) {
  for (const fn of listeners.get(type) ?? []) {
    try {
      fn(data);
    } catch (e) {
      // One listener's bug must not stop the others.
      setTimeout(() => {
        throw e;
      });
    }
  }
}

/** The claims of a JWT, unchecked: only to know when to refresh it (Hado checks it). */
function claimsOf(token) {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(part));
  } catch {
    return {};
  }
}

/** Milliseconds until the token should be replaced. */
function refreshDelay(token) {
  const { exp, iat } = claimsOf(token);
  if (typeof exp !== 'number') return 5 * 60_000;
  const lifetime = typeof iat === 'number' && iat < exp ? exp - iat : exp - Date.now() / 1000;
  return Math.max(1000, lifetime * 1000 * REFRESH_AT);
}

async function fetchToken() {
  if (!state.tokenUrl) throw new HadoCallError('No token-url: <hado-inbox token-url="…"> or hado.connect({ tokenUrl })', 0);
  let res;
  try {
    res = await fetch(state.tokenUrl, { credentials: 'same-origin', headers: { Accept: 'application/json, text/plain' }, cache: 'no-store' });
  } catch {
    throw new HadoCallError('The token URL could not be reached', 0);
  }
  if (!res.ok) throw new HadoCallError(`The token URL answered ${res.status}`, res.status);
  const text = (await res.text()).trim();
  const token = text.startsWith('{') ? JSON.parse(text).token : text;
  if (typeof token !== 'string' || token.split('.').length !== 3) throw new HadoCallError('The token URL did not answer a token', res.status);
  state.token = token;
  state.tokensFetched += 1;
  clearTimeout(state.refreshTimer);
  state.refreshTimer = setTimeout(() => refreshToken().catch(() => {}), refreshDelay(token));
  emit('token', { fetched: state.tokensFetched });
  return token;
}

/** A fresh token; calls made meanwhile share the one request. */
export function refreshToken() {
  state.pending ??= fetchToken().finally(() => {
    state.pending = null;
  });
  return state.pending;
}

const currentToken = () => (state.token ? Promise.resolve(state.token) : refreshToken());

async function send(method, path, body, token) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(new URL(path, HADO_ROOT), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      mode: 'cors',
      cache: 'no-store',
    });
  } catch {
    throw new HadoCallError('Hado could not be reached', 0);
  }
}

/** Calls Hado's user API with the token ("me/notices?limit=30"); a 401 refreshes the token once. */
export async function call(method, path, body) {
  let res = await send(method, path, body, await currentToken());
  if (res.status === 401) res = await send(method, path, body, await refreshToken());
  const json = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) throw new HadoCallError(json?.error?.message ?? `Hado answered ${res.status}`, res.status);
  return json;
}

// ------------------------------------------------------------------ the stream

/** Opens the stream again after the backoff; with a fresh token when it never opened (or `fresh`). */
function scheduleReconnect(fresh = false) {
  clearTimeout(state.retryTimer);
  const wait = state.backoff * (0.75 + Math.random() * 0.5);
  state.backoff = Math.min(BACKOFF_MAX_MS, state.backoff * 2);
  state.retryTimer = setTimeout(() => openStream(fresh || !state.opened), wait);
}

async function openStream(freshToken = false) {
  state.opened = false;
  let token;
  try {
    token = freshToken ? await refreshToken() : await currentToken();
  } catch {
    return scheduleReconnect();
  }
  const url = new URL('me/stream', HADO_ROOT);
  url.searchParams.set('token', token);
  const es = new EventSource(url);
  state.source = es;
  es.onopen = () => {
    state.opened = true;
    // After a short-lived stream's expiry the pause keeps growing (see 'expired').
    if (!state.holdBackoff) state.backoff = BACKOFF_MIN_MS;
    state.holdBackoff = false;
    state.live = true;
    // Frames are not replayed: whoever shows state re-reads it on every open.
    emit('open', null);
  };
  es.onerror = () => {
    // Our own backoff and token, not EventSource's retry with the old URL.
    es.close();
    if (state.source !== es) return;
    state.source = null;
    if (state.live) emit('down', null);
    state.live = false;
    scheduleReconnect();
  };
  // Hado ends a token's stream when the token expires, saying so first: reopen
  // at once with the fresh token (fetched at three quarters of the lifetime, or
  // now if that failed), without a 'down'. A stream that lived less than a
  // minute goes through the backoff instead, so a sibling minting tokens that
  // are already stale cannot make a burst of reconnects.
  const openedAt = Date.now();
  es.addEventListener('expired', () => {
    es.close();
    if (state.source !== es) return;
    state.source = null;
    const stale = state.token === token;
    if (Date.now() - openedAt >= MIN_LIFE_MS) openStream(stale);
    else {
      state.holdBackoff = true;
      scheduleReconnect(stale);
    }
  });
  for (const type of STREAM_TYPES) {
    es.addEventListener(type, (e) => {
      let data = null;
      try {
        data = JSON.parse(/** @type {MessageEvent} */ (e).data);
      } catch {
        return;
      }
      emit(type, data);
    });
  }
}

/**
 * The one connection of this tab.
 * `on(type, fn)`: 'frame' ({source, type, data}), 'notice' (a feed item), 'unread'
 * ({unread, unread_label}), 'resync', 'open' (re-read your state), 'down', 'token'.
 * Returns the function that stops listening.
 */
export const hado = {
  /** Starts the connection (the element does it with its token-url); later calls keep the first URL. */
  connect({ tokenUrl }) {
    state.tokenUrl ??= new URL(tokenUrl, document.baseURI).href;
    if (!state.started) {
      state.started = true;
      openStream();
    }
    return hado;
  },
  on(type, fn) {
    if (!listeners.has(type)) listeners.set(type, new Set());
    listeners.get(type).add(fn);
    return () => hado.off(type, fn);
  },
  off(type, fn) {
    listeners.get(type)?.delete(fn);
  },
  /** Whether the stream is open now. */
  get live() {
    return state.live;
  },
  /** Calls Hado's user API with the token: hado.call('GET', 'me/notices?limit=10'). */
  call,
};
