// The inbox for sibling web apps (issue 25): the <hado-inbox> element and
// the `hado` connection API as ES modules under content-hashed URLs.
//   GET /embed.js               the entry a page imports: one line re-exporting the hashed module;
//                               revalidated on every load (no-cache + ETag), so a deploy reaches
//                               pages at once and never points them at a hash that is gone
//   GET /embed/<name>.<hash>.js the modules (src/http/embed/, words.js made from the catalogs);
//                               immutable, cached for a year
// Pages on any origin load them (a module script is a CORS request), so
// both answer `Access-Control-Allow-Origin: *`: they are public files with
// no credential; what the element then reads under /me/* needs a user token
// and an origin in HADO_CORS_ORIGINS.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { type Assets, loadAssets } from '../assets.ts';
import { embedWordsModule } from '../embed-words.ts';
import { PAGE_SCHEMA } from '../html-reply.ts';

export const EMBED_DIR = fileURLToPath(new URL('../embed/', import.meta.url));
export const EMBED_ENTRY = 'inbox.js';

/** The element's modules, hashed like the page's (assets.ts), words.js among them. */
export const loadEmbedAssets = (): Assets => loadAssets(EMBED_DIR, { prefix: '/embed/', generated: { 'words.js': embedWordsModule() } });

const publicFile = (reply: FastifyReply, type: string, etag: string): FastifyReply =>
  reply
    .header('content-type', type)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin');

export function embedRoutes(assets: Assets = loadEmbedAssets()): FastifyPluginAsync {
  // Relative, so it holds behind a path prefix too: /embed.js → /embed/inbox.<hash>.js.
  const entry = `// <hado-inbox> and the hado connection API (docs/embedding.md).\nexport * from '.${assets.url(EMBED_ENTRY)}';\n`;
  const entryEtag = `"${createHash('sha256').update(entry).digest('hex').slice(0, 12)}"`;

  return async (app) => {
    app.get('/embed.js', { schema: PAGE_SCHEMA }, async (request, reply) => {
      publicFile(reply, 'text/javascript; charset=utf-8', entryEtag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === entryEtag) return reply.status(304).send();
      return reply.send(entry);
    });

    app.get<{ Params: { file: string } }>('/embed/:file', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const asset = assets.get(request.params.file);
      if (!asset) {
        // An old hash after a deploy, or a typo: never other content under it.
        return reply
          .status(404)
          .header('cache-control', 'no-store')
          .header('access-control-allow-origin', '*')
          .send({ error: { code: 'not_found', message: 'No such embed file' } });
      }
      publicFile(reply, asset.type, asset.etag).header('cache-control', 'public, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
      return reply.send(asset.body);
    });
  };
}
