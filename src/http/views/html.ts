// A tagged template that escapes every interpolation, so a payload title
// such as `<script>` is shown as text. Only values built by `html` itself
// (or, rarely, `trusted()`) pass through unescaped; arrays are joined.

export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and for quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Markup the code itself wrote (never user or client data). */
export const trusted = (text: string): SafeHtml => new SafeHtml(text);

/** A link target that cannot run script: http(s), or a path/relative reference; anything else is dropped. */
export function safeHref(href: string | undefined | null): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  // Browsers ignore tabs, newlines and other controls inside a scheme ("java\nscript:"): so must the check.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  const probe = trimmed.replace(/[\u0000-\u0020\u007f]/g, '');
  if (/^https?:/i.test(probe)) return trimmed;
  // "//host", "/\\host": browsers read "\\" as "/", so these leave the site.
  if (probe.replace(/\\/g, '/').startsWith('//')) return null;
  // No scheme at all ("/people/42", "people/42", "?x", "#y"); "javascript:", "data:" etc. have one.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(probe)) return trimmed;
  return null;
}

/** JSON for a `<script type="application/json">` block: `<` escaped so it cannot close the element. */
export function jsonForScript(value: unknown): SafeHtml {
  return new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}
