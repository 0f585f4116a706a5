// The inbox as an installable app (issue 12): the web app manifest the page
// links to, and the service worker at /sw.js (scope /) that shows Web Push
// messages. Neither needs a user: they are the page's own files.
//   GET /manifest.webmanifest
//   GET /sw.js
import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import type { Assets } from '../assets.ts';
import { PAGE_SCHEMA } from '../html-reply.ts';
import { THEME_COLOR } from '../views/inbox-page.ts';

export const SW_SOURCE = new URL('../pwa/sw.js', import.meta.url);
const BACKGROUND_COLOR = '#f4f3ef';

/** The manifest (https://w3c.github.io/manifest/), its icons under their hashed URLs. */
export function manifestOf(assets: Assets) {
  return {
    name: 'Hado',
    short_name: 'Hado',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: assets.url('icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: assets.url('icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: assets.url('icon-maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export function pwaRoutes(assets: Assets): FastifyPluginAsync {
  const manifest = JSON.stringify(manifestOf(assets));
  // The worker names its icon by hashed URL: a new icon is a new worker script, which browsers then install.
  const worker = fs.readFileSync(SW_SOURCE, 'utf8').replace('__HADO_ICON__', assets.url('icon-192.png'));
  return async (app) => {
    app.get('/manifest.webmanifest', { schema: PAGE_SCHEMA }, async (_request, reply) =>
      reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(manifest),
    );
    app.get('/sw.js', { schema: PAGE_SCHEMA }, async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        // Always revalidated: a deploy's worker reaches open browsers at their next check.
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(worker),
    );
  };
}
