// How Settings offers each channel type (SPEC A8): a table keyed by every
// ChannelType, so a new type without a line here is a compile error. Each
// offer renders what a user needs to add one of that type — a form for its
// config (POST /me/channels), Telegram's link code, this browser's push
// switch — or, when the deployment lacks what the type needs, what an
// administrator sets (Channel.settings). The page's script (channels.js,
// push.js) drives them.
import type { ChannelSettings } from '../../channels/types.ts';
import type { ChannelType } from '../../domain/channels.ts';
import type { Locale } from '../../i18n/locales.ts';
import { t } from '../../i18n/messages.ts';
import { html, type SafeHtml } from './html.ts';
import { say, sayHtml } from './page-text.ts';

/** What the offers read. */
export interface OfferModel {
  login: string;
  locale: Locale;
  /** Each type's deployment settings, from the registry. */
  settings: Record<ChannelType, ChannelSettings>;
  /** The types the user has a channel of (Telegram's card says "linked"). */
  present: ReadonlySet<ChannelType>;
}

/**
 * Where an offer goes: `device`, a card about this browser before the
 * channel list; `list`, a form under the list; `card`, a card of its own
 * after it. Null: not offered here (the inbox comes with the user; the
 * Hado app registers its phone itself).
 */
export type Offer = { place: 'device' | 'list' | 'card'; render: (m: OfferModel) => SafeHtml } | null;

export const OFFERS: Record<ChannelType, Offer> = {
  web: null,
  telegram: { place: 'card', render: renderTelegramCard },
  webhook: { place: 'list', render: renderWebhookForm },
  push: { place: 'device', render: (m) => renderPushDevice(m.locale, m.login) },
  mobile: null,
  email: { place: 'card', render: renderEmailCard },
  slack: { place: 'card', render: renderSlackCard },
};

/** The keys a type needs, as `<code>` placeholders of its "not set up" hint. */
function keys(settings: ChannelSettings, ...names: string[]): Record<string, SafeHtml> {
  return Object.fromEntries(names.map((name, i) => [name, html`<code>${settings.keys[i] ?? ''}</code>`]));
}

/**
 * "Notifications on this device": Web Push for this browser (push.js). Every
 * state's words are here, hidden; the script shows those of the state it
 * finds (data-when: one state or several), so it says nothing by itself.
 * data-login tells the script whose page it is: on a browser profile shared
 * by two people, the subscription one of them made is "other" to the second.
 */
function renderPushDevice(l: Locale, login: string): SafeHtml {
  return html`<section id="push-device" class="card" aria-labelledby="push-title" data-state="unknown" data-login="${login}">
      <h3 id="push-title" class="card-title">${t(l, 'settings.push.title')}</h3>
      <p class="hint">${t(l, 'settings.push.hint')}</p>
      <p class="push-state" data-when="on" hidden><span class="ok-mark" aria-hidden="true"></span>${t(l, 'settings.push.on')}</p>
      <p class="push-state hint" data-when="off" hidden>${t(l, 'settings.push.off')}</p>
      <p class="push-state hint" data-when="other" hidden>${t(l, 'settings.push.other')}</p>
      <p class="push-state hint" data-when="denied" hidden>${t(l, 'settings.push.denied')}</p>
      <p class="push-state hint" data-when="unsupported" hidden>${t(l, 'settings.push.unsupported')}</p>
      <div class="form-actions">
        <button type="button" id="push-on" class="btn primary" data-when="off other" hidden><span class="btn-text">${t(l, 'settings.push.turnOn')}</span></button>
        <button type="button" id="push-off" class="btn" data-when="on" hidden><span class="btn-text">${t(l, 'settings.push.turnOff')}</span></button>
      </div>
      <p class="field-error" data-error-for="_form" role="alert" hidden></p>
    </section>`;
}

function renderWebhookForm(m: OfferModel): SafeHtml {
  const l = m.locale;
  return html`<form id="webhook-form" class="subform" novalidate>
        <h4 class="subform-title">${t(l, 'settings.webhook.title')}</h4>
        <div class="field">
          <label for="deliver_url">${t(l, 'settings.webhook.deliverUrl')}</label>
          <input id="deliver_url" name="deliver_url" type="url" inputmode="url" placeholder="https://home.example/api/webhook/hado" required aria-describedby="deliver_url-error">
          <p id="deliver_url-error" class="field-error" data-error-for="config.deliver_url" role="alert" hidden></p>
        </div>
        <div class="field">
          <label for="presence_url">${t(l, 'settings.webhook.presenceUrl')} <span class="optional">${t(l, 'settings.webhook.optional')}</span></label>
          <input id="presence_url" name="presence_url" type="url" inputmode="url" placeholder="https://home.example/api/hado/presence" aria-describedby="presence_url-hint presence_url-error">
          <p id="presence_url-hint" class="hint">${sayHtml(l, 'settings.webhook.presenceHint', { json: html`<code>{"present": true}</code>` })}</p>
          <p id="presence_url-error" class="field-error" data-error-for="config.presence_url" role="alert" hidden></p>
        </div>
        <details id="ha-preset" class="preset">
          <summary>${t(l, 'settings.ha.title')}</summary>
          <p class="hint">${sayHtml(l, 'settings.ha.hint', { path: html`<code>/api/states/person.&lt;name&gt;</code>` })}</p>
          <div class="field">
            <label for="ha_url">${t(l, 'settings.ha.url')}</label>
            <input id="ha_url" name="ha_url" type="url" inputmode="url" placeholder="http://homeassistant.local:8123">
          </div>
          <div class="field">
            <label for="ha_person">${t(l, 'settings.ha.person')}</label>
            <input id="ha_person" name="ha_person" type="text" placeholder="nikita" autocomplete="off" spellcheck="false" aria-describedby="ha_person-hint">
            <p id="ha_person-hint" class="hint">${sayHtml(l, 'settings.ha.personHint', { prefix: html`<code>person.</code>` })}</p>
          </div>
          <div class="field">
            <label for="ha_token">${t(l, 'settings.ha.token')}</label>
            <input id="ha_token" name="ha_token" type="password" autocomplete="off" aria-describedby="ha_token-error">
            <p id="ha_token-error" class="field-error" data-error-for="config.presence_headers" role="alert" hidden></p>
          </div>
        </details>
        <div class="form-actions">
          <button type="submit" class="btn"><span class="btn-text">${t(l, 'settings.webhook.submit')}</span></button>
          <p class="form-status" role="status"></p>
        </div>
        <p class="field-error" data-error-for="_form" role="alert" hidden></p>
        <div id="webhook-secret" class="secret" hidden>
          <p><strong>${t(l, 'settings.webhook.added')}</strong> ${t(l, 'settings.webhook.secret')}</p>
          <code class="secret-value"></code>
        </div>
      </form>`;
}

function renderTelegramCard(m: OfferModel): SafeHtml {
  const l = m.locale;
  const linked = m.present.has('telegram');
  return html`<section id="telegram" class="card" aria-labelledby="telegram-title" data-configured="${m.settings.telegram.configured ? 'true' : 'false'}">
      <h3 id="telegram-title" class="card-title">Telegram</h3>
      ${
        m.settings.telegram.configured
          ? html`<p class="tg-linked" ${linked ? null : html`hidden`}><span class="ok-mark" aria-hidden="true"></span>${t(l, 'settings.telegram.linked')}</p>
      <p class="tg-unlinked hint" ${linked ? html`hidden` : null}>${t(l, 'settings.telegram.unlinked')}</p>
      <button type="button" id="telegram-link" class="btn"><span class="btn-text">${linked ? say(l, 'telegram.another') : say(l, 'telegram.link')}</span></button>
      <div id="telegram-code" class="code-box" hidden>
        <p>${sayHtml(l, 'settings.telegram.codeIntro', { start: html`<strong>${t(l, 'settings.telegram.startButton')}</strong>` })}</p>
        <p><code class="tg-command"></code></p>
        <p><a class="btn primary tg-open" href="#" target="_blank" rel="noopener noreferrer">${t(l, 'settings.telegram.openBot')}</a></p>
        <p class="hint tg-expiry"></p>
      </div>
      <p class="field-error" data-error-for="_form" role="alert" hidden></p>`
          : html`<p class="hint">${sayHtml(l, 'settings.telegram.notSetUp', keys(m.settings.telegram, 'token', 'secret'))}</p>`
      }
    </section>`;
}

function renderEmailCard(m: OfferModel): SafeHtml {
  const l = m.locale;
  return html`<section id="email" class="card" aria-labelledby="email-title">
      <h3 id="email-title" class="card-title">${t(l, 'settings.channel.email')}</h3>
      ${
        m.settings.email.configured
          ? html`<p class="hint">${t(l, 'settings.email.hint')}</p>
      <form class="subform" data-channel-form="email" novalidate>
        <div class="field">
          <label for="email_address">${t(l, 'settings.email.address')}</label>
          <input id="email_address" name="address" type="email" autocomplete="email" placeholder="ana@example.org" required aria-describedby="email_address-error">
          <p id="email_address-error" class="field-error" data-error-for="config.address" role="alert" hidden></p>
        </div>
        <div class="form-actions">
          <button type="submit" class="btn"><span class="btn-text">${t(l, 'settings.email.submit')}</span></button>
          <p class="form-status" role="status"></p>
        </div>
        <p class="field-error" data-error-for="_form" role="alert" hidden></p>
      </form>`
          : html`<p class="hint">${sayHtml(l, 'settings.email.notSetUp', keys(m.settings.email, 'url', 'from'))}</p>`
      }
    </section>`;
}

function renderSlackCard(m: OfferModel): SafeHtml {
  const l = m.locale;
  return html`<section id="slack" class="card" aria-labelledby="slack-title">
      <h3 id="slack-title" class="card-title">Slack</h3>
      ${
        m.settings.slack.configured
          ? html`<p class="hint">${t(l, 'settings.slack.hint')}</p>
      <form class="subform" data-channel-form="slack" novalidate>
        <div class="field">
          <label for="slack_user_id">${t(l, 'settings.slack.user')}</label>
          <input id="slack_user_id" name="slack_user_id" type="text" autocomplete="off" spellcheck="false" placeholder="U024BE7LH" required aria-describedby="slack_user_id-error">
          <p id="slack_user_id-error" class="field-error" data-error-for="config.slack_user_id" role="alert" hidden></p>
        </div>
        <div class="form-actions">
          <button type="submit" class="btn"><span class="btn-text">${t(l, 'settings.slack.submit')}</span></button>
          <p class="form-status" role="status"></p>
        </div>
        <p class="field-error" data-error-for="_form" role="alert" hidden></p>
      </form>`
          : html`<p class="hint">${sayHtml(l, 'settings.slack.notSetUp', keys(m.settings.slack, 'token', 'secret'))}</p>`
      }
    </section>`;
}
