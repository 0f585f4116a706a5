// The documentation site: `npm run docs:build` builds docs/ into
// docs/.vitepress/dist with VitePress. A dead link fails the build; the links
// that leave docs/ (RELIABILITY.md, examples/ …) are for readers of the
// repository and are checked by scripts/check-links.ts instead.
import { defineConfig } from 'vitepress';

const channels = [
  { text: 'Overview, delivery and retries', link: '/channels/' },
  { text: 'Webhooks and Home Assistant', link: '/channels/webhook' },
  { text: 'Telegram', link: '/channels/telegram' },
  { text: 'Web Push', link: '/channels/web-push' },
  { text: 'Email', link: '/channels/email' },
  { text: 'Mobile app push (Expo)', link: '/channels/mobile' },
  { text: 'Slack', link: '/channels/slack' },
];

export default defineConfig({
  title: 'Hado',
  description: 'Self-hosted notification core: dated events and notices, delivered by presence inside active hours.',
  srcExclude: ['CONTRIBUTING-HELPERS.md'],
  cleanUrls: true,
  // Only links that leave docs/ for the repository: every other dead link fails the build.
  ignoreDeadLinks: [/^(\.\/)?(\.\.\/)+(RELIABILITY|SECURITY|BENCHMARKS|CHANGELOG|CONTRIBUTING|LICENSE|examples\/|clients\/|deploy\/)/],
  themeConfig: {
    nav: [
      { text: 'Getting started', link: '/getting-started' },
      { text: 'Reference', link: '/reference/configuration' },
    ],
    sidebar: [
      {
        text: 'Using Hado',
        items: [
          { text: 'Quick start', link: '/quickstart' },
          { text: 'Getting started', link: '/getting-started' },
          { text: 'Concepts', link: '/concepts' },
          { text: 'Events', link: '/events' },
          { text: 'Notices', link: '/notices' },
          { text: 'Topics', link: '/topics' },
          { text: 'Recipients', link: '/recipients' },
          { text: 'Warnings on a push', link: '/push-warnings' },
          { text: 'The web inbox', link: '/inbox' },
          { text: 'Live stream', link: '/live' },
          { text: 'Embedding the inbox', link: '/embedding' },
          { text: 'Languages', link: '/languages' },
          { text: 'Local mode', link: '/local-mode' },
        ],
      },
      { text: 'Channels', items: channels },
      {
        text: 'Clients',
        items: [
          { text: 'The API and its clients', link: '/api' },
          { text: 'Python client', link: '/python' },
        ],
      },
      {
        text: 'Running Hado',
        items: [
          { text: 'Why no reminder? (doctor, Why?)', link: '/why-and-doctor' },
          { text: 'Security', link: '/security' },
          { text: 'Security limits', link: '/security-limits' },
          { text: 'Security review, round 3', link: '/security-round-3' },
          { text: 'Operations', link: '/operations' },
          { text: 'Deployment', link: '/deployment' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Configuration', link: '/reference/configuration' },
          { text: 'CLI', link: '/reference/cli' },
          { text: 'Error codes', link: '/reference/errors' },
        ],
      },
      {
        text: 'Contributors',
        items: [
          { text: 'Development', link: '/development' },
          { text: 'Architecture', link: '/architecture' },
          { text: 'Adding a channel', link: '/channels-recipe' },
          { text: 'The page', link: '/page' },
          { text: 'The reminder simulator', link: '/simulation' },
        ],
      },
    ],
    outline: 'deep',
    search: { provider: 'local' },
  },
});
