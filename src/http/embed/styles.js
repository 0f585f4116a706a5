// The look of <hado-inbox>, inside its shadow root. A page themes it with
// custom properties on the element (they cross the shadow boundary):
//   --hado-accent  buttons, links, focus      --hado-badge      the badge's colour
//   --hado-bg      the popover's background   --hado-fg         its text
//   --hado-muted   secondary text             --hado-border     lines
//   --hado-radius  corners                    --hado-font       the font
//   --hado-bell    the bell's colour          --hado-z          the stacking level
// Light by default, dark when the system prefers it, or as the `theme`
// attribute says ("light", "dark").
const LIGHT = `--_bg: var(--hado-bg, #ffffff); --_fg: var(--hado-fg, #1d1f23); --_muted: var(--hado-muted, #5d6470);
  --_border: var(--hado-border, #dcdfe4); --_hover: color-mix(in srgb, var(--_fg) 6%, transparent);
  --_unread: color-mix(in srgb, var(--_accent) 8%, var(--_bg)); --_shadow: 0 12px 32px rgb(20 24 31 / 18%);`;
const DARK = `--_bg: var(--hado-bg, #1f2227); --_fg: var(--hado-fg, #e8eaed); --_muted: var(--hado-muted, #a3a9b3);
  --_border: var(--hado-border, #3a3f47); --_hover: color-mix(in srgb, var(--_fg) 8%, transparent);
  --_unread: color-mix(in srgb, var(--_accent) 16%, var(--_bg)); --_shadow: 0 12px 32px rgb(0 0 0 / 50%);`;

export const CSS = `
:host { --_accent: var(--hado-accent, #2f6fde); --_badge: var(--hado-badge, #d93a3a); --_radius: var(--hado-radius, 10px);
  ${LIGHT} position: relative; display: inline-block; font: 14px/1.4 var(--hado-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  color: var(--_fg); }
:host([theme="dark"]) { ${DARK} }
@media (prefers-color-scheme: dark) { :host(:not([theme="light"])) { ${DARK} } }
[hidden] { display: none !important; }
button { font: inherit; color: inherit; background: none; border: 0; cursor: pointer; border-radius: 6px; }
button:focus-visible, a:focus-visible, input:focus-visible, [tabindex]:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
.bell { position: relative; width: 40px; height: 40px; display: grid; place-items: center; color: var(--hado-bell, currentColor); }
.bell:hover { background: var(--_hover); }
.bell svg { width: 22px; height: 22px; }
.badge { position: absolute; top: 2px; right: 0; min-width: 18px; height: 18px; padding: 0 5px; box-sizing: border-box;
  border-radius: 9px; background: var(--_badge); color: #fff; font-size: 11px; font-weight: 700; line-height: 18px; text-align: center; }
.pop { position: absolute; right: 0; top: calc(100% + 6px); z-index: var(--hado-z, 1000); width: min(400px, calc(100vw - 16px));
  max-height: min(72vh, 600px); display: flex; flex-direction: column; background: var(--_bg); color: var(--_fg);
  border: 1px solid var(--_border); border-radius: var(--_radius); box-shadow: var(--_shadow); overflow: hidden; text-align: start; }
@media (max-width: 520px) { .pop { position: fixed; left: 8px; right: 8px; top: 56px; width: auto; max-height: calc(100vh - 72px); } }
.head { display: flex; align-items: center; gap: 4px; padding: 8px 8px 0 14px; }
.head h2 { flex: 1; margin: 0; font-size: 15px; font-weight: 650; }
.icon { width: 32px; height: 32px; display: grid; place-items: center; color: var(--_muted); font-size: 18px; }
.icon:hover { background: var(--_hover); color: var(--_fg); }
.tabs { display: flex; align-items: center; gap: 4px; padding: 6px 8px 6px 10px; border-bottom: 1px solid var(--_border); }
[role="tablist"] { display: flex; gap: 2px; flex: none; }
[role="tab"] { padding: 5px 10px; color: var(--_muted); white-space: nowrap; }
.tabs .link { color: var(--_accent); }
.readall { display: flex; align-items: center; gap: 6px; white-space: nowrap; min-width: 0; }
.readall svg { flex: none; }
@media (max-width: 520px) { .readall-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); } }
[role="tab"][aria-selected="true"] { color: var(--_fg); background: var(--_hover); font-weight: 600; }
.tabs .grow { flex: 1; }
.link { color: var(--_accent); padding: 5px 8px; }
.link:hover { background: var(--_hover); }
.link:disabled { color: var(--_muted); cursor: default; background: none; }
.body { overflow-y: auto; overscroll-behavior: contain; flex: 1; }
ul { list-style: none; margin: 0; padding: 0; }
.item { display: flex; gap: 10px; padding: 10px 12px 10px 14px; border-bottom: 1px solid var(--_border); }
.item.unread { background: var(--_unread); }
.dot { flex: none; width: 8px; height: 8px; margin-top: 6px; border-radius: 50%; background: transparent; }
.unread .dot { background: var(--_accent); }
.main { flex: 1; min-width: 0; }
.title { display: block; font-weight: 600; color: inherit; text-decoration: none; overflow-wrap: anywhere; }
a.title:hover { text-decoration: underline; }
.text, .meta { color: var(--_muted); font-size: 13px; overflow-wrap: anywhere; }
.md :is(h1, h2, h3, h4, h5, h6) { margin: 6px 0 2px; font-size: 13px; font-weight: 650; color: var(--_fg); }
.md :is(p, ul, ol, pre, blockquote) { margin: 4px 0; }
.md ul { list-style: disc; padding-inline-start: 18px; }
.md ol { padding-inline-start: 20px; }
.md a { color: var(--_accent); }
.md pre { overflow-x: auto; padding: 6px 8px; border-radius: 6px; background: var(--_hover); }
.md blockquote { padding-inline-start: 8px; border-inline-start: 3px solid var(--_border); }
.text { color: var(--_fg); opacity: 0.9; margin-top: 2px; }
.md a:not([href]) { color: inherit; text-decoration: none; }
.meta { margin-top: 4px; display: flex; flex-wrap: wrap; gap: 0 8px; }
.urgent { color: var(--_badge); font-weight: 600; }
.acts { display: flex; align-items: flex-start; gap: 2px; }
.acts .icon { width: 28px; height: 28px; font-size: 15px; }
.claim { margin-top: 6px; display: flex; align-items: center; gap: 8px; flex-wrap: wrap; font-size: 13px; color: var(--_muted); }
.btn { padding: 4px 12px; border: 1px solid var(--_accent); color: var(--_accent); font-weight: 600; }
.btn:hover { background: var(--_accent); color: #fff; }
.empty, .note { padding: 28px 18px; color: var(--_muted); text-align: center; }
.more { display: block; margin: 8px auto; }
.error { padding: 8px 14px; color: var(--_badge); font-size: 13px; }
.status { padding: 0 14px 8px; color: var(--_muted); font-size: 13px; min-height: 1em; }
.prefs-body { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { padding: 6px 4px; text-align: center; border-bottom: 1px solid var(--_border); }
th[scope="row"], thead th:first-child { text-align: start; font-weight: 500; padding-inline-start: 12px; }
/* The kind's name stays in view while the channels scroll sideways. */
th[scope="row"], thead th:first-child { position: sticky; left: 0; background: var(--_bg); }
thead th { color: var(--_muted); font-weight: 600; font-size: 11px; line-height: 1.2; }
tr.section th { text-align: start; font-weight: 650; padding: 12px 4px 6px 12px; color: var(--_fg); }
.na { color: var(--_muted); }
input[type="checkbox"] { width: 16px; height: 16px; accent-color: var(--_accent); }
.toasts { position: fixed; right: 16px; bottom: 16px; z-index: var(--hado-z, 1000); display: flex; flex-direction: column; gap: 8px;
  width: min(360px, calc(100vw - 32px)); }
.toast { display: flex; align-items: flex-start; background: var(--_bg); color: var(--_fg); border: 1px solid var(--_border);
  border-left: 4px solid var(--_accent); border-radius: var(--_radius); box-shadow: var(--_shadow); }
.toast .open { flex: 1; text-align: start; padding: 10px 12px; min-width: 0; }
.toast .title { font-weight: 600; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media (prefers-reduced-motion: no-preference) { .pop, .toast { animation: hado-in 0.14s ease-out; } }
@keyframes hado-in { from { opacity: 0; transform: translateY(-4px); } }
`;

export const BELL_SVG =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0"/></svg>';

export const READ_ALL_SVG =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" d="M1.5 12.5l5 5L17 7M11 16.5l1 1L22.5 7"/></svg>';
