// The settings column of the inbox (SPEC A8): zone, quiet hours and
// language; this device's push; the channel list with what each type offers
// to add one (channel-offers.ts); the notification preferences. Server
// rendered like the rest of the page; the list is re-read after every change
// (GET /inbox/channels).
import type { Grid } from '../../core/preferences.ts';
import { CHANNEL_TYPES, type ChannelType } from '../../domain/channels.ts';
import { LOCALE_INFO, LOCALES } from '../../i18n/locales.ts';
import { t } from '../../i18n/messages.ts';
import { type OfferModel, OFFERS } from './channel-offers.ts';
import { html, type SafeHtml } from './html.ts';
import { say } from './page-text.ts';
import { renderPreferences } from './preferences.ts';

/** A channel as the list shows it: the row's switches and the channel's own description (Channel.describe). */
export interface ChannelItem {
  id: number;
  type: ChannelType;
  enabled: boolean;
  name: string;
  details: string[];
  /** The inbox itself: always there, without a switch or a delete button. */
  fixed: boolean;
}

/** A browser or phone another account registered, so it no longer reaches this user (issue 27, finding 6). */
export interface TakeoverItem {
  type: 'push' | 'mobile';
  label: string;
  /** The day it moved, in the user's zone, as calendarDate gives it. */
  day: Date;
}

export interface SettingsModel extends OfferModel {
  tz: string;
  quietStart: string;
  quietEnd: string;
  channels: ChannelItem[];
  grid: Grid;
  /** The last 30 days' takeovers, newest first. */
  takeovers: TakeoverItem[];
}

const offersAt = (place: 'device' | 'list' | 'card', m: OfferModel): SafeHtml[] =>
  CHANNEL_TYPES.flatMap((type) => {
    const offer = OFFERS[type];
    return offer?.place === place ? [offer.render(m)] : [];
  });

/** The whole column. */
export function renderSettings(m: SettingsModel): SafeHtml {
  const l = m.locale;
  return html`<aside id="settings" class="settings" aria-labelledby="settings-title">
    <h2 id="settings-title" class="settings-title">${t(l, 'settings.title')}</h2>

    ${renderZoneForm(m)}

    ${offersAt('device', m)}

    <section class="card" aria-labelledby="channels-title">
      <h3 id="channels-title" class="card-title">${t(l, 'settings.channels')}</h3>
      <p class="hint">${t(l, 'settings.channelsHint')}</p>
      ${renderTakeovers(m)}
      ${renderChannels(m)}
      ${offersAt('list', m)}
    </section>

    ${offersAt('card', m)}

    ${renderPreferences(m.grid, l)}
  </aside>`;
}

/** Devices that moved to another account: said on the page, never silently (issue 27, finding 6). */
function renderTakeovers(m: Pick<SettingsModel, 'locale' | 'takeovers'>): SafeHtml | null {
  if (m.takeovers.length === 0) return null;
  const l = m.locale;
  return html`<div id="device-takeovers" class="takeovers" role="status">
        <p class="takeovers-title"><strong>${t(l, 'settings.takeover.title')}</strong></p>
        <ul>${m.takeovers.map(
          (x) =>
            html`<li data-takeover="${x.type}">${t(l, x.type === 'push' ? 'settings.takeover.push' : 'settings.takeover.mobile', { label: x.label, date: x.day })}</li>`,
        )}</ul>
        <p class="hint">${t(l, 'settings.takeover.hint')}</p>
      </div>`;
}

function renderZoneForm(m: Pick<SettingsModel, 'locale' | 'tz' | 'quietStart' | 'quietEnd'>): SafeHtml {
  const l = m.locale;
  return html`<form id="settings-form" class="card" novalidate>
      <h3 class="card-title">${t(l, 'settings.zoneCard')}</h3>
      <div class="field">
        <label for="tz">${t(l, 'settings.tz')}</label>
        <input id="tz" name="tz" type="text" list="tz-list" value="${m.tz}" autocomplete="off" spellcheck="false"
          aria-describedby="tz-hint tz-error" required>
        <datalist id="tz-list"></datalist>
        <p id="tz-hint" class="hint">${t(l, 'settings.tzHint')}</p>
        <button type="button" id="use-device-tz" class="chip" hidden>${t(l, 'settings.useDeviceTz')} <span></span></button>
        <p id="tz-error" class="field-error" data-error-for="tz" role="alert" hidden></p>
      </div>
      <fieldset class="field">
        <legend>${t(l, 'settings.quiet')}</legend>
        <div class="pair">
          <label class="inline" for="quiet_start"><span class="label-text">${t(l, 'settings.quietFrom')}</span> <input id="quiet_start" name="quiet_start" type="time" value="${m.quietStart}" required aria-describedby="quiet-hint quiet_start-error"></label>
          <label class="inline" for="quiet_end"><span class="label-text">${t(l, 'settings.quietTo')}</span> <input id="quiet_end" name="quiet_end" type="time" value="${m.quietEnd}" required aria-describedby="quiet-hint quiet_end-error"></label>
        </div>
        <p id="quiet-hint" class="hint">${t(l, 'settings.quietHint')}</p>
        <p id="quiet_start-error" class="field-error" data-error-for="quiet_start" role="alert" hidden></p>
        <p id="quiet_end-error" class="field-error" data-error-for="quiet_end" role="alert" hidden></p>
      </fieldset>
      <div class="field">
        <label for="locale">${t(l, 'settings.language')}</label>
        <select id="locale" name="locale" data-current="${l}" aria-describedby="locale-hint locale-error">${LOCALES.map(
          (code) => html`<option value="${code}" lang="${code}" ${code === l ? html`selected` : null}>${LOCALE_INFO[code].name}</option>`,
        )}</select>
        <p id="locale-hint" class="hint">${t(l, 'settings.languageHint')}</p>
        <p id="locale-error" class="field-error" data-error-for="locale" role="alert" hidden></p>
      </div>
      <div class="form-actions">
        <button type="submit" class="btn primary"><span class="btn-text">${t(l, 'settings.save')}</span></button>
        <p class="form-status" role="status"></p>
      </div>
      <p class="field-error" data-error-for="_form" role="alert" hidden></p>
    </form>`;
}

/** The channel list: `#channel-list`, re-read after every change. */
export function renderChannels(m: Pick<SettingsModel, 'channels' | 'locale' | 'present'>): SafeHtml {
  const l = m.locale;
  const items = m.channels.map((c) => {
    const onOff = t(l, c.enabled ? 'settings.channel.on' : 'settings.channel.off');
    return html`<li class="channel" data-channel="${c.id}" data-type="${c.type}" data-enabled="${c.enabled ? 'true' : 'false'}">
        <div class="channel-main">
          <span class="channel-name">${c.name}</span>
          ${c.details.map((d) => html`<span class="channel-detail" title="${d}">${d}</span>`)}
        </div>
        ${
          c.fixed
            ? html`<span class="channel-fixed">${t(l, 'settings.channel.alwaysOn')}</span>`
            : html`<div class="channel-actions">
          <label class="switch"><input type="checkbox" role="switch" data-channel-toggle="${c.id}" ${c.enabled ? html`checked` : null}><span class="switch-track" aria-hidden="true"></span><span class="switch-label" data-on="${t(l, 'settings.channel.on')}" data-off="${t(l, 'settings.channel.off')}">${onOff}</span><span class="visually-hidden"> ${c.name}</span></label>
          <button type="button" class="btn subtle danger" data-channel-delete="${c.id}"><span class="btn-text">${say(l, 'channel.delete')}</span><span class="visually-hidden"> ${c.name}</span></button>
        </div>`
        }
        <p class="item-error" role="alert" hidden></p>
      </li>`;
  });
  return html`<ul id="channel-list" class="channels" data-telegram-linked="${m.present.has('telegram') ? 'true' : 'false'}">${items}</ul>`;
}
