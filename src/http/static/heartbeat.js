// The presence heartbeat (SPEC A7): POST /me/heartbeat about every 30 s,
// only while the tab is visible AND a person used the mouse or keyboard (or
// touched the screen) in the last 3 minutes. A forgotten background tab
// must not answer "the user is here".

const HEARTBEAT_MS = 30_000; // SPEC A7: "every ~30 s"
const IDLE_MS = 3 * 60_000; // SPEC A7: activity in the last 3 minutes

let lastActivity = Number.NEGATIVE_INFINITY;
let lastSent = Number.NEGATIVE_INFINITY;
let timer = null;

/** Whether the page counts as a person being here right now. */
const heartbeatHolds = () => document.visibilityState === 'visible' && Date.now() - lastActivity < IDLE_MS;

function stop() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

function schedule() {
  if (timer !== null || !heartbeatHolds()) return;
  timer = setTimeout(beat, Math.max(0, lastSent + HEARTBEAT_MS - Date.now()));
}

function beat() {
  timer = null;
  if (!heartbeatHolds()) return; // either condition stopped holding: so does the heartbeat
  lastSent = Date.now();
  fetch('/me/heartbeat', { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(() => {});
  schedule();
}

function activity() {
  lastActivity = Date.now();
  schedule();
}

export function startHeartbeat() {
  for (const type of ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'pointerdown']) {
    window.addEventListener(type, activity, { passive: true, capture: true });
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') schedule();
    else stop();
  });
}
