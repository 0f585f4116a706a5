// A sibling web app ("Kumquat") on its own origin that shows Hado's bell
// (docs/embedding.md, issue 25). Its backend hands the signed-in person a
// user token at /hado-token: signed here with the source's signing key
// (jose, HS256), or, with only the source's API token, minted by
// POST /api/user-tokens. Hado must list this app's origin in
// HADO_CORS_ORIGINS.
//
//   HADO_URL=http://127.0.0.1:8080 HADO_SOURCE=kumquat HADO_SIGNING_KEY=hado_sk_… node examples/embed/server.js
//   (or HADO_TOKEN=hado_… instead of HADO_SIGNING_KEY)  then open http://127.0.0.1:8090/?as=ana
//
// "?as=ana" stands in for the app's own sign-in: it sets a cookie.
import fs from 'node:fs';
import http from 'node:http';
import { SignJWT } from 'jose';

const PAGE = fs.readFileSync(new URL('./index.html', import.meta.url), 'utf8');

/** The person signed in to the sibling app (here: a demo cookie). */
const userOf = (req) => /(?:^|;\s*)demo_user=([\w.@+-]+)/.exec(req.headers.cookie ?? '')?.[1] ?? null;

/** A user token for `login`: signed with the key, or minted by Hado. `now` is the clock (ms). */
async function tokenFor(opts, login) {
  const ttl = opts.ttlSeconds ?? 600;
  if (opts.signingKey) {
    const now = Math.floor((opts.now ?? Date.now)() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(login)
      .setIssuer(opts.source)
      .setAudience('hado')
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .sign(new TextEncoder().encode(opts.signingKey));
  }
  const res = await fetch(`${opts.hadoUrl}/api/user-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${opts.apiToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ login, ttl_seconds: ttl }),
  });
  if (!res.ok) throw new Error(`POST /api/user-tokens: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** The app's server; `opts` is read on every request ({ hadoUrl, source, signingKey | apiToken, ttlSeconds, now }). */
export function createSiblingServer(opts) {
  const issued = new Map(); // login → tokens handed out
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://sibling');
    if (url.pathname === '/') {
      const as = url.searchParams.get('as');
      if (as) res.setHeader('set-cookie', `demo_user=${encodeURIComponent(as)}; Path=/; HttpOnly; SameSite=Lax`);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(PAGE.replaceAll('%HADO_URL%', opts.hadoUrl));
    }
    if (url.pathname === '/hado-token') {
      const login = userOf(req);
      if (!login) return res.writeHead(401).end();
      try {
        const token = await tokenFor(opts, login);
        issued.set(login, (issued.get(login) ?? 0) + 1);
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        return res.end(JSON.stringify({ token }));
      } catch (e) {
        return res.writeHead(502, { 'content-type': 'text/plain' }).end(String(e.message));
      }
    }
    res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
  });
  return { server, issued };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const opts = {
    hadoUrl: process.env.HADO_URL ?? 'http://127.0.0.1:8080',
    source: process.env.HADO_SOURCE,
    signingKey: process.env.HADO_SIGNING_KEY,
    apiToken: process.env.HADO_TOKEN,
  };
  const port = Number(process.env.PORT ?? 8090);
  createSiblingServer(opts).server.listen(port, '127.0.0.1', () => console.log(`Kumquat on http://127.0.0.1:${port}/?as=ana`));
}
