// The page's one live stream, GET /me/stream (SPEC B4). Modules subscribe
// to frame types with on(type, fn) and to catch-ups with onCatchUp(fn): the
// stream does not replay frames, so after a (re)connect or a `resync` frame
// whatever the page shows must be re-read. The stream reconnects by itself;
// when the server refuses it (too many tabs) or is gone, it retries with a
// growing delay and shows so in the header (#live).
import { $, say } from './hado.js';

const handlers = new Map(); // frame type → Set of functions
const catchUps = [];
let source = null;
let everOpened = false;
let retries = 0;
let retryTimer = null;

function setLive(state, key) {
  const el = $('#live');
  if (!el) return;
  el.dataset.state = state;
  $('.live-text', el).textContent = say(key);
}

function run(fn, ...args) {
  try {
    fn(...args);
  } catch (err) {
    console.error(err);
  }
}

function listen(es, type) {
  es.addEventListener(type, (e) => {
    let data = null;
    try {
      data = JSON.parse(e.data);
    } catch {
      data = null;
    }
    for (const fn of handlers.get(type) || []) run(fn, data);
  });
}

/** fn(data) for every frame of this type ('event', 'badge', 'notice', 'unread' …). */
export function on(type, fn) {
  if (!handlers.has(type)) {
    handlers.set(type, new Set());
    if (source) listen(source, type);
  }
  handlers.get(type).add(fn);
}

/**
 * fn(first) whenever the page must catch up: when the stream opens (first:
 * true for the page's first connection, which only missed what happened
 * since the render) and after a reconnect or a `resync` frame (first: false,
 * nothing can be assumed).
 */
export function onCatchUp(fn) {
  catchUps.push(fn);
}

const catchUp = (first) => {
  for (const fn of catchUps) run(fn, first);
};

on('resync', () => catchUp(false));

function connect() {
  retryTimer = null;
  const es = new EventSource('/me/stream');
  source = es;
  for (const type of handlers.keys()) listen(es, type);
  es.addEventListener('open', () => {
    retries = 0;
    setLive('live', 'live.live');
    // Changes between the page's render (or the drop) and now were not streamed: catch up.
    catchUp(!everOpened);
    everOpened = true;
  });
  es.addEventListener('error', () => {
    if (es.readyState === EventSource.CLOSED) {
      // Refused (e.g. too many tabs) or the server is gone: retry with backoff.
      source = null;
      setLive('off', 'live.offline');
      const delay = Math.min(60_000, 1000 * 2 ** retries++);
      retryTimer = setTimeout(connect, delay);
    } else {
      setLive('reconnecting', 'live.reconnecting');
    }
  });
}

/** Opens the stream, after every module has subscribed. */
export function startLive() {
  if ('EventSource' in window) connect();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !source && retryTimer === null && 'EventSource' in window) connect();
  });
}
