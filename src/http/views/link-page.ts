// The small pages behind links in mails (issue 17): confirm an address,
// stop the mails, Ack or Done a reminder. A GET only shows the page with
// its one button (mail scanners open links); the button POSTs the same URL.
import type { Locale } from '../../i18n/locales.ts';
import { html } from './html.ts';

export interface LinkPage {
  locale: Locale;
  title: string;
  /** What the page says. */
  text: string;
  /** The one button, posting to this very URL; none when there is nothing left to do. */
  button?: string;
  /** Marks a finished action ("Done ✓"). */
  ok?: boolean;
  css: string[];
}

export function renderLinkPage(p: LinkPage): string {
  return html`<!doctype html>
<html lang="${p.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${p.title}</title>
${p.css.map((href) => html`<link rel="stylesheet" href="${href}">`)}</head>
<body><main class="wrap signed-out link-page"><h1>${p.title}</h1>
<p${p.ok ? html` class="link-ok"` : null}>${p.text}</p>
${p.button ? html`<form method="post"><button type="submit" class="btn primary"><span class="btn-text">${p.button}</span></button></form>` : null}
</main></body></html>
`.text;
}
