// Hado inbox: progressive enhancement of the server-rendered page.
// Four jobs: actions (Ack, Done, settings, channels), the presence heartbeat
// (SPEC A7), live updates from GET /me/stream (SPEC B4), and keeping focus and
// layout steady while the list changes. No rendering here: the server sends
// HTML fragments (/inbox/groups, /inbox/channels) and this swaps them in.
//
// For other features: window.Hado.on(type, fn) receives live frames of that
// type (e.g. 'notice'), window.Hado.refresh() re-reads the page's data,
// window.Hado.api(method, url, body) calls the JSON API with the server's errors.
(() => {

  const HEARTBEAT_MS = 30_000; // SPEC A7: "every ~30 s"
  const IDLE_MS = 3 * 60_000; // SPEC A7: activity in the last 3 minutes
  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

  // ------------------------------------------------------------------ API

  class ApiError extends Error {
    constructor(message, field, status) {
      super(message);
      this.field = field;
      this.status = status;
    }
  }

  async function api(method, url, body) {
    const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(url, init);
    } catch {
      throw new ApiError('Hado could not be reached. Check the connection and try again.');
    }
    const text = await res.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!res.ok) {
      const e = data?.error;
      throw new ApiError(e?.message || `The server answered ${res.status}.`, e?.field, res.status);
    }
    return data;
  }

  async function fetchHtml(url) {
    const res = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
    if (!res.ok) throw new ApiError(`Could not refresh (${res.status}).`);
    const tpl = document.createElement('template');
    tpl.innerHTML = await res.text();
    return tpl.content.firstElementChild;
  }

  /** The server prefixes messages with the field ("tz: …"); next to the field that is redundant. */
  const fieldMessage = (message, field) =>
    field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;

  function setBusy(button, busy) {
    if (busy) {
      button.setAttribute('aria-busy', 'true');
      button.setAttribute('aria-disabled', 'true');
    } else {
      button.removeAttribute('aria-busy');
      button.removeAttribute('aria-disabled');
    }
  }

  const isBusy = (button) => button.getAttribute('aria-busy') === 'true';

  // ------------------------------------------------------------------ badge and title

  function setBadge(count) {
    const n = Number(count) || 0;
    const badge = $('#badge');
    if (badge) {
      badge.dataset.count = String(n);
      badge.textContent = n === 0 ? 'Nothing due' : `${n} due`;
    }
    document.title = n > 0 ? `(${n}) Hado` : 'Hado';
  }

  // ------------------------------------------------------------------ the event list

  let refreshTimer = null;
  let refreshing = null;
  let refreshAgain = false;

  /** Coalesces a burst of live frames into one re-read. */
  function scheduleGroups(delay = 60) {
    if (refreshTimer !== null) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      refreshGroups().catch(() => {});
    }, delay);
  }

  function refreshGroups() {
    if (refreshing) {
      refreshAgain = true;
      return refreshing;
    }
    refreshing = (async () => {
      do {
        refreshAgain = false;
        const next = await fetchHtml('/inbox/groups');
        if (next) swapGroups(next);
      } while (refreshAgain);
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /**
   * Puts the new list in place, keeping every unchanged item's node (its
   * focus, a running action) and moving focus sensibly when the focused item
   * went away.
   */
  function swapGroups(next) {
    const current = $('#groups');
    if (!current) return;
    const active = document.activeElement;
    const inside = active && current.contains(active);
    const focusKey = inside ? active.dataset.focusKey : null;
    const focusItem = inside && active.closest('li[data-key]');
    const focusIndex = focusItem ? $$('li[data-key]', current).indexOf(focusItem) : -1;
    const focusGroup = focusItem ? focusItem.closest('[data-group]')?.dataset.group : null;

    const old = new Map($$('li[data-key]', current).map((li) => [li.dataset.key, li]));
    for (const li of $$('li[data-key]', next)) {
      const prev = old.get(li.dataset.key);
      if (prev && prev.dataset.rev === li.dataset.rev && !prev.classList.contains('leaving')) li.replaceWith(prev);
    }
    current.replaceWith(next);
    setBadge(next.dataset.badge);

    if (!inside) return;
    let target = focusKey ? $(`[data-focus-key="${CSS.escape(focusKey)}"]`, next) : null;
    if (!target && focusIndex >= 0) {
      // The item left (done elsewhere, moved group): the one now in its place, or its group, or the list.
      const items = $$('li[data-key]', next);
      const neighbour = items[Math.min(focusIndex, items.length - 1)];
      target =
        (neighbour && $('[data-action="done"]', neighbour)) ||
        (focusGroup && $(`[data-group="${focusGroup}"] .group-title`, next)) ||
        $('.group-title, .empty-title', next);
    }
    if (target) target.focus({ preventScroll: true });
  }

  /** A done item folds away before the list is re-read, so the eye can follow. */
  function fold(li) {
    return new Promise((resolve) => {
      if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return resolve();
      li.style.height = `${li.offsetHeight}px`;
      void li.offsetHeight;
      li.classList.add('leaving');
      li.style.height = '0px';
      setTimeout(resolve, 220);
    });
  }

  document.addEventListener('click', async (e) => {
    const button = e.target.closest('button[data-action]');
    if (!button) return;
    const li = button.closest('li[data-key]');
    if (!li || isBusy(button)) return;
    const error = $('.item-error', li);
    const others = $$('button[data-action]', li).filter((b) => b !== button);
    setBusy(button, true);
    for (const b of others) b.setAttribute('aria-disabled', 'true');
    error.hidden = true;
    try {
      const { event } = await api('POST', `/me/events/${button.dataset.id}/${button.dataset.action}`);
      if (event.state === 'done') {
        // Keep focus in the list: on the next item, or the group.
        const items = $$('#groups li[data-key]');
        const next = items[items.indexOf(li) + 1] || items[items.indexOf(li) - 1];
        await fold(li);
        if (next && li.contains(document.activeElement)) {
          const t = $('[data-action="done"]', next);
          if (t) t.focus({ preventScroll: true });
        }
      }
      await refreshGroups();
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    } finally {
      setBusy(button, false);
      for (const b of others) b.removeAttribute('aria-disabled');
    }
  });

  // ------------------------------------------------------------------ heartbeat (SPEC A7)

  // Presence is claimed only while the tab is visible AND a person used the
  // mouse or keyboard (or touched the screen) in the last 3 minutes. A
  // forgotten background tab must not answer "the user is here".
  const heartbeat = (() => {
    let lastActivity = Number.NEGATIVE_INFINITY;
    let lastSent = Number.NEGATIVE_INFINITY;
    let timer = null;

    const holds = () => document.visibilityState === 'visible' && Date.now() - lastActivity < IDLE_MS;

    function stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    }

    function schedule() {
      if (timer !== null || !holds()) return;
      timer = setTimeout(beat, Math.max(0, lastSent + HEARTBEAT_MS - Date.now()));
    }

    function beat() {
      timer = null;
      if (!holds()) return; // either condition stopped holding: so does the heartbeat
      lastSent = Date.now();
      fetch('/me/heartbeat', { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(() => {});
      schedule();
    }

    function activity() {
      lastActivity = Date.now();
      schedule();
    }

    for (const type of ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'pointerdown']) {
      window.addEventListener(type, activity, { passive: true, capture: true });
    }
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') schedule();
      else stop();
    });
    return { holds };
  })();

  // ------------------------------------------------------------------ live updates (SPEC B4)

  const handlers = new Map(); // frame type → Set of functions
  let source = null;
  let everOpened = false;
  let retries = 0;
  let retryTimer = null;

  function setLive(state, text) {
    const el = $('#live');
    if (!el) return;
    el.dataset.state = state;
    $('.live-text', el).textContent = text;
  }

  function on(type, fn) {
    if (!handlers.has(type)) {
      handlers.set(type, new Set());
      if (source) listen(source, type);
    }
    handlers.get(type).add(fn);
  }

  function listen(es, type) {
    es.addEventListener(type, (e) => {
      let data = null;
      try {
        data = JSON.parse(e.data);
      } catch {
        data = null;
      }
      for (const fn of handlers.get(type) || []) {
        try {
          fn(data);
        } catch (err) {
          console.error(err);
        }
      }
    });
  }

  /** Re-reads everything the page shows: after a reconnect or a resync nothing is assumed. */
  function refreshAll() {
    scheduleGroups(0);
    refreshChannels().catch(() => {});
    document.dispatchEvent(new CustomEvent('hado:refresh'));
  }

  function connect() {
    retryTimer = null;
    const es = new EventSource('/me/stream');
    source = es;
    for (const type of handlers.keys()) listen(es, type);
    es.addEventListener('open', () => {
      retries = 0;
      setLive('live', 'Live');
      // Changes between the page's render (or the drop) and now were not streamed: catch up.
      if (everOpened) refreshAll();
      else scheduleGroups(0);
      everOpened = true;
    });
    es.addEventListener('error', () => {
      if (es.readyState === EventSource.CLOSED) {
        // Refused (e.g. too many tabs) or the server is gone: retry with backoff.
        source = null;
        setLive('off', 'Offline, retrying');
        const delay = Math.min(60_000, 1000 * 2 ** retries++);
        retryTimer = setTimeout(connect, delay);
      } else {
        setLive('reconnecting', 'Reconnecting…');
      }
    });
  }

  on('event', () => scheduleGroups());
  on('badge', (data) => data && setBadge(data.badge));
  on('resync', () => refreshAll());

  // ------------------------------------------------------------------ settings

  function clearErrors(form) {
    for (const el of $$('[data-error-for]', form)) {
      el.hidden = true;
      el.textContent = '';
    }
    for (const el of $$('[aria-invalid]', form)) el.removeAttribute('aria-invalid');
    const status = $('.form-status', form);
    if (status) status.textContent = '';
  }

  function showError(form, err) {
    const slot = (err.field && $(`[data-error-for="${CSS.escape(err.field)}"]`, form)) || $('[data-error-for="_form"]', form);
    slot.textContent = fieldMessage(err.message, err.field);
    slot.hidden = false;
    const input = slot.id && $(`[aria-describedby~="${CSS.escape(slot.id)}"]`, form);
    if (input) {
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    }
  }

  async function submitWith(form, work) {
    const button = $('button[type="submit"]', form);
    if (isBusy(button)) return;
    clearErrors(form);
    setBusy(button, true);
    try {
      await work();
    } catch (err) {
      showError(form, err);
    } finally {
      setBusy(button, false);
    }
  }

  function initSettings() {
    const form = $('#settings-form');
    if (!form) return;
    const tz = form.elements.tz;

    // A searchable list of every IANA zone the browser knows.
    const list = $('#tz-list');
    let zones = [];
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = [];
    }
    if (!zones.includes('UTC')) zones.unshift('UTC');
    const frag = document.createDocumentFragment();
    for (const z of zones) {
      const option = document.createElement('option');
      option.value = z;
      frag.append(option);
    }
    list.append(frag);

    // The browser's own zone, offered when it differs from the saved one.
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const offer = $('#use-device-tz');
    const updateOffer = () => {
      offer.hidden = !device || device === tz.value.trim();
    };
    if (device) $('span', offer).textContent = device;
    updateOffer();
    tz.addEventListener('input', updateOffer);
    offer.addEventListener('click', () => {
      tz.value = device;
      updateOffer();
      tz.focus();
    });

    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitWith(form, async () => {
        const me = await api('PATCH', '/me', {
          tz: tz.value.trim(),
          quiet_start: form.elements.quiet_start.value,
          quiet_end: form.elements.quiet_end.value,
        });
        tz.value = me.tz;
        form.elements.quiet_start.value = me.quiet_start;
        form.elements.quiet_end.value = me.quiet_end;
        $('#zone-name').textContent = me.tz;
        updateOffer();
        $('.form-status', form).textContent = 'Saved';
        setBadge(me.badge);
        await refreshGroups();
      });
    });
  }

  // ------------------------------------------------------------------ channels

  async function refreshChannels() {
    const current = $('#channel-list');
    if (!current) return;
    const next = await fetchHtml('/inbox/channels');
    if (!next) return;
    const focusKey = current.contains(document.activeElement) ? focusKeyOf(document.activeElement) : null;
    current.replaceWith(next);
    if (focusKey) {
      const target = $(focusKey, next);
      if (target) target.focus({ preventScroll: true });
    }
    updateTelegram(next.dataset.telegramLinked === 'true');
  }

  function focusKeyOf(el) {
    if (el.dataset.channelToggle) return `[data-channel-toggle="${el.dataset.channelToggle}"]`;
    if (el.dataset.channelDelete) return `[data-channel-delete="${el.dataset.channelDelete}"]`;
    return null;
  }

  function channelError(li, message) {
    const slot = $('.item-error', li);
    slot.textContent = message;
    slot.hidden = !message;
  }

  function initChannels() {
    const card = $('#channel-list')?.closest('.card');
    if (!card) return;

    card.addEventListener('change', async (e) => {
      const toggle = e.target.closest('[data-channel-toggle]');
      if (!toggle) return;
      const li = toggle.closest('li');
      const enabled = toggle.checked;
      toggle.disabled = true;
      channelError(li, '');
      try {
        await api('PATCH', `/me/channels/${toggle.dataset.channelToggle}`, { enabled });
        await refreshChannels();
      } catch (err) {
        toggle.checked = !enabled;
        channelError(li, err.message);
      } finally {
        toggle.disabled = false;
      }
    });

    card.addEventListener('click', async (e) => {
      const button = e.target.closest('[data-channel-delete]');
      if (!button || isBusy(button)) return;
      const li = button.closest('li');
      // Two steps, no dialog: the first press asks, the second deletes.
      if (!button.dataset.confirm) {
        button.dataset.confirm = 'true';
        $('.btn-text', button).textContent = 'Really delete?';
        setTimeout(() => {
          if (button.isConnected && !isBusy(button)) {
            delete button.dataset.confirm;
            $('.btn-text', button).textContent = 'Delete';
          }
        }, 4000);
        return;
      }
      setBusy(button, true);
      channelError(li, '');
      try {
        await api('DELETE', `/me/channels/${button.dataset.channelDelete}`);
        await refreshChannels();
      } catch (err) {
        channelError(li, err.message);
      } finally {
        setBusy(button, false);
      }
    });

    const form = $('#webhook-form');
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const secretBox = $('#webhook-secret');
      secretBox.hidden = true;
      submitWith(form, async () => {
        const config = { deliver_url: form.elements.deliver_url.value.trim() };
        const presence = form.elements.presence_url.value.trim();
        if (presence) config.presence_url = presence;
        const created = await api('POST', '/me/channels', { type: 'webhook', config });
        form.reset();
        if (created?.secret) {
          $('.secret-value', secretBox).textContent = created.secret;
          secretBox.hidden = false;
        }
        $('.form-status', form).textContent = 'Added';
        await refreshChannels();
      });
    });
  }

  // ------------------------------------------------------------------ Telegram

  let telegramPoll = null;

  function updateTelegram(linked) {
    const card = $('#telegram');
    if (card?.dataset.configured !== 'true') return;
    const was = card.dataset.linked === 'true';
    card.dataset.linked = String(linked);
    $('.tg-linked', card).hidden = !linked;
    $('.tg-unlinked', card).hidden = linked;
    $('#telegram-link .btn-text').textContent = linked ? 'Link another chat' : 'Link Telegram';
    if (linked && !was) {
      $('#telegram-code').hidden = true;
      stopTelegramPoll();
    }
  }

  function stopTelegramPoll() {
    if (telegramPoll !== null) clearInterval(telegramPoll);
    telegramPoll = null;
  }

  function initTelegram() {
    const card = $('#telegram');
    if (card?.dataset.configured !== 'true') return;
    card.dataset.linked = $('#channel-list')?.dataset.telegramLinked || 'false';
    const button = $('#telegram-link');
    const box = $('#telegram-code');
    const error = $('[data-error-for="_form"]', card);
    button.addEventListener('click', async () => {
      if (isBusy(button)) return;
      setBusy(button, true);
      error.hidden = true;
      try {
        const link = await api('POST', '/me/channels/telegram/link');
        $('.tg-command', box).textContent = `/start ${link.code}`;
        const open = $('.tg-open', box);
        open.href = link.start_url || link.bot_url;
        $('.tg-expiry', box).textContent = link.expires_at
          ? `The code works until ${new Date(link.expires_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`
          : '';
        box.hidden = false;
        card.dataset.linked = 'false';
        // The link completes in Telegram: look for the new channel until it appears.
        stopTelegramPoll();
        const until = Date.now() + 15 * 60_000;
        telegramPoll = setInterval(() => {
          if (Date.now() > until) stopTelegramPoll();
          else if (document.visibilityState === 'visible') refreshChannels().catch(() => {});
        }, 5000);
        open.focus();
      } catch (err) {
        error.textContent = err.message;
        error.hidden = false;
      } finally {
        setBusy(button, false);
      }
    });
  }

  // ------------------------------------------------------------------ start

  // Buttons with aria-disabled stay focusable but do nothing while busy.
  document.addEventListener(
    'click',
    (e) => {
      const b = e.target.closest('[aria-disabled="true"]');
      if (b && !b.matches('[data-action][aria-busy="true"]')) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    },
    true,
  );

  window.Hado = { on, api, refresh: refreshAll, refreshGroups, heartbeatActive: () => heartbeat.holds() };

  function start() {
    initSettings();
    initChannels();
    initTelegram();
    if ('EventSource' in window) connect();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && !source && retryTimer === null) connect();
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
