// Static files of the inbox under content-hashed URLs (/static/inbox.3f9a0c2e1b7d.js):
// a new deploy changes the URL, so browsers may cache each file forever and
// an open inbox never runs a stale script against a new page.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

export interface Assets {
  /** The hashed URL of a file in src/http/static ("inbox.js" → "/static/inbox.<hash>.js"). */
  url(name: string): string;
  /** A file by its hashed name; null for anything else (an old hash included). */
  get(hashedName: string): Asset | null;
}

export const STATIC_DIR = fileURLToPath(new URL('./static/', import.meta.url));

/** Reads every file once at start-up. */
export function loadAssets(dir: string = STATIC_DIR): Assets {
  const byName = new Map<string, string>();
  const byHashed = new Map<string, Asset>();
  for (const name of fs.readdirSync(dir)) {
    const ext = path.extname(name);
    const type = TYPES[ext];
    if (!type) continue;
    const body = fs.readFileSync(path.join(dir, name));
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    const hashed = `${path.basename(name, ext)}.${hash}${ext}`;
    byName.set(name, `/static/${hashed}`);
    byHashed.set(hashed, { body, type, etag: `"${hash}"` });
  }
  return {
    url: (name) => {
      const url = byName.get(name);
      if (!url) throw new Error(`No static file ${name} in ${dir}`);
      return url;
    },
    get: (hashedName) => byHashed.get(hashedName) ?? null,
  };
}
