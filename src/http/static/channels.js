// Settings: channels (SPEC A7, A8) — switch a channel on or off, delete it
// (two presses, no dialog), add a webhook (its signing secret shown once),
// and link Telegram (a code for the bot, then the page looks for the new
// channel until it appears). The server renders the list (#channel-list,
// GET /inbox/channels); this module re-reads it after every change.
import { $, api, field, fragment, isBusy, say, setBusy, setStatus, showMessage, submitWith } from './hado.js';
import { onCatchUp } from './live.js';

const CONFIRM_MS = 4000;
const TELEGRAM_POLL_MS = 5000;
const TELEGRAM_POLL_FOR_MS = 15 * 60_000;

/** The control to focus again after the list is replaced. */
function focusKeyOf(el) {
  if (el.dataset.channelToggle) return `[data-channel-toggle="${el.dataset.channelToggle}"]`;
  if (el.dataset.channelDelete) return `[data-channel-delete="${el.dataset.channelDelete}"]`;
  return null;
}

export async function refreshChannels() {
  const current = $('#channel-list');
  if (!current) return;
  const next = await fragment('/inbox/channels');
  if (!next) return;
  const focusKey = current.contains(document.activeElement) ? focusKeyOf(document.activeElement) : null;
  current.replaceWith(next);
  if (focusKey) $(focusKey, next)?.focus({ preventScroll: true });
  telegramLinked(next.dataset.telegramLinked === 'true');
}

async function toggle(e) {
  const input = e.target.closest('[data-channel-toggle]');
  if (!input) return;
  const slot = $('.item-error', input.closest('li'));
  const enabled = input.checked;
  input.disabled = true;
  showMessage(slot, '');
  try {
    await api('PATCH', `/me/channels/${input.dataset.channelToggle}`, { enabled });
    await refreshChannels();
  } catch (err) {
    input.checked = !enabled;
    showMessage(slot, err.message);
  } finally {
    input.disabled = false;
  }
}

async function remove(e) {
  const button = e.target.closest('[data-channel-delete]');
  if (!button || isBusy(button)) return;
  const slot = $('.item-error', button.closest('li'));
  const label = $('.btn-text', button);
  // Two steps, no dialog: the first press asks, the second deletes.
  if (!button.dataset.confirm) {
    button.dataset.confirm = 'true';
    label.textContent = say('channel.confirm');
    setTimeout(() => {
      if (button.isConnected && !isBusy(button)) {
        delete button.dataset.confirm;
        label.textContent = say('channel.delete');
      }
    }, CONFIRM_MS);
    return;
  }
  setBusy(button, true);
  showMessage(slot, '');
  try {
    await api('DELETE', `/me/channels/${button.dataset.channelDelete}`);
    await refreshChannels();
  } catch (err) {
    showMessage(slot, err.message);
  } finally {
    setBusy(button, false);
  }
}

/**
 * The "Home Assistant person" preset: presence from HA's REST API with the
 * user's token, "home" = present (README, Home Assistant). Empty unless the
 * preset is open and filled; it replaces the presence URL.
 */
/** @param {HTMLFormElement} form */
function homeAssistantPreset(form) {
  if (!(/** @type {HTMLDetailsElement | null} */ ($('#ha-preset', form))?.open)) return {};
  const base = field(form, 'ha_url').value.trim().replace(/\/+$/, '');
  const person = field(form, 'ha_person')
    .value.trim()
    .replace(/^person\./, '');
  const token = field(form, 'ha_token').value.trim();
  if (!base && !person && !token) return {};
  return {
    presence_url: `${base}/api/states/person.${person}`,
    ...(token ? { presence_headers: { Authorization: `Bearer ${token}` } } : {}),
    presence_field: 'state',
    presence_present: ['home'],
  };
}

function startWebhookForm() {
  const form = /** @type {HTMLFormElement} */ ($('#webhook-form'));
  const secretBox = $('#webhook-secret');
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    secretBox.hidden = true;
    submitWith(form, async () => {
      const config = { deliver_url: field(form, 'deliver_url').value.trim() };
      const presence = field(form, 'presence_url').value.trim();
      if (presence) config.presence_url = presence;
      Object.assign(config, homeAssistantPreset(form));
      const created = await api('POST', '/me/channels', { type: 'webhook', config });
      form.reset();
      if (created?.secret) {
        $('.secret-value', secretBox).textContent = created.secret;
        secretBox.hidden = false;
      }
      setStatus(form, 'form.added');
      await refreshChannels();
    });
  });
}

/** The email and Slack forms: one field each, the channel made unconfirmed (a mail or a Slack DM asks its owner). */
function startChannelForms() {
  for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll('form[data-channel-form]'))) {
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitWith(form, async () => {
        const input = form.querySelector('input');
        await api('POST', '/me/channels', { type: form.dataset.channelForm, config: { [input.name]: input.value.trim() } });
        form.reset();
        setStatus(form, 'form.added');
        await refreshChannels();
      });
    });
  }
}

// ------------------------------------------------------------------ Telegram

let telegramPoll = null;

function stopTelegramPoll() {
  if (telegramPoll !== null) clearInterval(telegramPoll);
  telegramPoll = null;
}

/** Shows the card's linked or unlinked state; a new link ends the wait for it. */
function telegramLinked(linked) {
  const card = $('#telegram');
  if (card?.dataset.configured !== 'true') return;
  const was = card.dataset.linked === 'true';
  card.dataset.linked = String(linked);
  $('.tg-linked', card).hidden = !linked;
  $('.tg-unlinked', card).hidden = linked;
  $('#telegram-link .btn-text').textContent = linked ? say('telegram.another') : say('telegram.link');
  if (linked && !was) {
    $('#telegram-code').hidden = true;
    stopTelegramPoll();
  }
}

/**
 * The code's expiry ("10:15") in the user's language and zone, as the rest of
 * the page shows times — not the browser's: the page names both (<body
 * data-intl>, the Intl tag of its language; #zone-name, kept current by
 * settings.js).
 */
function clock(iso) {
  const locale = document.body.dataset.intl || document.documentElement.lang || 'en';
  /** @type {Intl.DateTimeFormatOptions} */
  const options = { hour: '2-digit', minute: '2-digit' };
  const zone = $('#zone-name')?.textContent.trim();
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: zone || undefined }).format(new Date(iso));
  } catch {
    // A zone this browser does not know: the language still holds.
    return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
  }
}

function startTelegram() {
  const card = $('#telegram');
  if (card?.dataset.configured !== 'true') return;
  card.dataset.linked = $('#channel-list')?.dataset.telegramLinked || 'false';
  const button = $('#telegram-link');
  const box = $('#telegram-code');
  const error = $('[data-error-for="_form"]', card);
  button.addEventListener('click', async () => {
    if (isBusy(button)) return;
    setBusy(button, true);
    showMessage(error, '');
    try {
      const link = await api('POST', '/me/channels/telegram/link');
      $('.tg-command', box).textContent = `/start ${link.code}`;
      const open = /** @type {HTMLAnchorElement} */ ($('.tg-open', box));
      open.href = link.start_url || link.bot_url;
      $('.tg-expiry', box).textContent = link.expires_at ? say('telegram.expiry', { time: clock(link.expires_at) }) : '';
      box.hidden = false;
      card.dataset.linked = 'false';
      // The link completes in Telegram: look for the new channel until it appears.
      stopTelegramPoll();
      const until = Date.now() + TELEGRAM_POLL_FOR_MS;
      telegramPoll = setInterval(() => {
        if (Date.now() > until) stopTelegramPoll();
        else if (document.visibilityState === 'visible') refreshChannels().catch(() => {});
      }, TELEGRAM_POLL_MS);
      open.focus();
    } catch (err) {
      showMessage(error, err.message);
    } finally {
      setBusy(button, false);
    }
  });
}

export function startChannels() {
  const card = $('#channel-list')?.closest('.card');
  if (!card) return;
  card.addEventListener('change', toggle);
  card.addEventListener('click', remove);
  startWebhookForm();
  startChannelForms();
  startTelegram();
  onCatchUp((first) => {
    if (!first) refreshChannels().catch(() => {});
  });
}
