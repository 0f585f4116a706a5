// Static files of the inbox under content-hashed URLs (/static/inbox.3f9a0c2e1b7d.js):
// a new deploy changes the URL, so browsers may cache each file forever and
// an open inbox never runs a stale script against a new page.
//
// The page's script is ES modules importing each other ("./hado.js"). Those
// imports are rewritten to the hashed names, and a module is hashed after its
// imports are, so a change in hado.js changes the URL of every module that
// imports it, up to the entry: a page never mixes two deploys' modules
// (the same idea as a bundler's content hashes, without a bundler).
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
  /** The hashed URL of a file in src/http/static ("inbox.js" → "/static/inbox.<hash>.js"), or under the prefix given. */
  url(name: string): string;
  /** The hashed URLs of every module a module imports, directly or not (for modulepreload). */
  imports(name: string): string[];
  /** A file by its hashed name; null for anything else (an old hash included). */
  get(hashedName: string): Asset | null;
}

export const STATIC_DIR = fileURLToPath(new URL('./static/', import.meta.url));

/** A relative import or re-export of a sibling module: `from './x.js'`, `import './x.js'`, `import('./x.js')`. */
const IMPORT = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])\.\/([\w.-]+\.js)\2/g;

interface Loaded {
  hashed: string;
  asset: Asset;
  deps: string[];
}

export interface AssetOptions {
  /** Where the files are served ("/static/"; the embedded inbox's are under "/embed/"). */
  prefix?: string;
  /** Files made at start-up rather than read (the embed's words from the catalogs): name → text. */
  generated?: Record<string, string>;
}

/** Reads every file once at start-up. */
export function loadAssets(dir: string = STATIC_DIR, { prefix = '/static/', generated = {} }: AssetOptions = {}): Assets {
  const sources = new Map<string, Buffer>();
  for (const name of fs.readdirSync(dir)) {
    if (TYPES[path.extname(name)]) sources.set(name, fs.readFileSync(path.join(dir, name)));
  }
  for (const [name, text] of Object.entries(generated)) sources.set(name, Buffer.from(text, 'utf8'));
  const done = new Map<string, Loaded>();
  const visiting = new Set<string>();

  function load(name: string): Loaded {
    const known = done.get(name);
    if (known) return known;
    const source = sources.get(name);
    if (!source) throw new Error(`No static file ${name} in ${dir}`);
    if (visiting.has(name)) throw new Error(`Static modules import each other in a cycle through ${name}: hashes need an order`);
    visiting.add(name);
    const ext = path.extname(name);
    let body = source;
    const deps: string[] = [];
    if (ext === '.js') {
      const text = source.toString('utf8').replace(IMPORT, (_whole, lead: string, quote: string, dep: string) => {
        deps.push(dep);
        return `${lead}${quote}./${load(dep).hashed}${quote}`;
      });
      body = Buffer.from(text, 'utf8');
    }
    visiting.delete(name);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    const loaded = { hashed: `${path.basename(name, ext)}.${hash}${ext}`, asset: { body, type: TYPES[ext]!, etag: `"${hash}"` }, deps };
    done.set(name, loaded);
    return loaded;
  }

  for (const name of sources.keys()) load(name);
  const byHashed = new Map([...done.values()].map((l) => [l.hashed, l.asset]));

  function closure(name: string, into: Set<string>): Set<string> {
    for (const dep of load(name).deps) {
      if (!into.has(dep)) closure(dep, into.add(dep));
    }
    return into;
  }

  return {
    url: (name) => `${prefix}${load(name).hashed}`,
    imports: (name) => [...closure(name, new Set())].map((dep) => `${prefix}${load(dep).hashed}`),
    get: (hashedName) => byHashed.get(hashedName) ?? null,
  };
}
