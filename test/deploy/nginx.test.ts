// deploy/nginx/hado.conf for real (issue 14): Debian's nginx, run as a
// normal process from a temporary prefix, in front of Hado and a small
// forward-auth service that speaks oauth2-proxy's /oauth2/auth convention.
// The shipped file is used as it is, except for what a deployment changes
// anyway: the listening ports, the certificate (a throw-away self-signed
// one) and the upstream addresses (upstreams.conf, written here).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';
import { freePort, ROOT } from '../support/cli.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
// CI installs nginx (.ci/run); elsewhere a machine without it skips this file.
if (!NGINX && process.env.CI) throw new Error('nginx is not installed: .ci/run installs it (apt-get install nginx)');

const SESSION = 'session=alice-session';

let t: TestApp;
let token: string;
let prefix: string;
let nginx: ChildProcess;
let auth: http.Server;
let port = 0;
let ca: Buffer;
/** What reached Hado, and what reached the auth service. */
const atHado: Array<{ url: string; user: string | undefined; forwardedFor: string | undefined }> = [];
const atAuth: Array<{ uri: string | undefined }> = [];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        ca,
        servername: 'localhost',
        headers: {
          host: `localhost:${port}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The shipped config, with this machine's ports, certificate and upstreams. */
function configFor(dir: string, ports: { https: number; http: number; hado: number; auth: number }): void {
  let conf = fs.readFileSync(path.join(ROOT, 'deploy/nginx/hado.conf'), 'utf8');
  const replace = (from: RegExp, to: string) => {
    expect(conf, `deploy/nginx/hado.conf no longer has ${from}`).toMatch(from);
    conf = conf.replace(from, to);
  };
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl;`);
  replace(/ *listen \[::\]:443 ssl http2;\n/, '');
  replace(/listen 80;/, `listen 127.0.0.1:${ports.http};`);
  replace(/ *listen \[::\]:80;\n/, '');
  replace(/ssl_certificate +\S+;/, `ssl_certificate ${dir}/cert.pem;`);
  replace(/ssl_certificate_key +\S+;/, `ssl_certificate_key ${dir}/key.pem;`);
  fs.writeFileSync(path.join(dir, 'hado.conf'), conf);
  let upstreams = fs.readFileSync(path.join(ROOT, 'deploy/nginx/upstreams.conf'), 'utf8');
  upstreams = upstreams.replace('server 127.0.0.1:8080;', `server 127.0.0.1:${ports.hado};`);
  upstreams = upstreams.replace('server 127.0.0.1:4180;', `server 127.0.0.1:${ports.auth};`);
  fs.writeFileSync(path.join(dir, 'upstreams.conf'), upstreams);
  // Everything nginx would otherwise write under /var: inside the prefix.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/upstreams.conf;
  include ${dir}/hado.conf;
}
`,
  );
}

async function waitForPort(p: number): Promise<void> {
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    try {
      await request('GET', '/oauth2/ping');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nginx did not listen on ${p}: ${fs.readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
}

describe.skipIf(!NGINX)('nginx with forward auth in front of Hado (deploy/nginx)', () => {
  beforeAll(async () => {
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-nginx-'));
    port = await freePort();
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        `${prefix}/key.pem`,
        '-out',
        `${prefix}/cert.pem`,
      ],
      { stdio: 'ignore' },
    );
    ca = fs.readFileSync(`${prefix}/cert.pem`);

    t = await createTestApp({ env: { APP_URL: `https://localhost:${port}`, HADO_TRUSTED_PROXIES: '127.0.0.1,::1' } });
    token = await createSource(t, 'docs');
    t.app.addHook('onRequest', async (request) => {
      const user = request.headers['x-remote-user'];
      const forwardedFor = request.headers['x-forwarded-for'];
      atHado.push({
        url: request.url,
        user: typeof user === 'string' ? user : undefined,
        forwardedFor: typeof forwardedFor === 'string' ? forwardedFor : undefined,
      });
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const hadoPort = (t.app.server.address() as AddressInfo).port;

    auth = http.createServer((req, res) => {
      if (req.url === '/oauth2/auth') {
        atAuth.push({ uri: req.headers['x-forwarded-uri'] as string | undefined });
        if ((req.headers.cookie ?? '').includes(SESSION)) res.writeHead(202, { 'x-auth-request-user': 'alice' }).end();
        else res.writeHead(401).end();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('the auth service');
      }
    });
    await new Promise<void>((resolve) => auth.listen(0, '127.0.0.1', resolve));

    configFor(prefix, { https: port, http: await freePort(), hado: hadoPort, auth: (auth.address() as AddressInfo).port });
    execFileSync(NGINX!, ['-t', '-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`], { stdio: 'pipe' });
    nginx = spawn(NGINX!, ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`, '-g', 'daemon off;'], { stdio: 'ignore' });
    await waitForPort(port);
  }, 180_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    auth?.closeAllConnections();
    await new Promise<void>((resolve) => (auth ? auth.close(() => resolve()) : resolve()));
    await t?.close();
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  });

  it('/me without the auth service’s yes never reaches Hado: a redirect to sign in', async () => {
    atHado.length = 0;
    const res = await request('GET', '/me', { 'x-remote-user': 'alice' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`https://localhost:${port}/oauth2/start?rd=https://localhost:${port}/me`);
    expect(atHado).toEqual([]);
    expect(atAuth.at(-1)).toEqual({ uri: '/me' });
  });

  it('with it, Hado gets the user the auth service named; a client-sent X-Remote-User is dropped', async () => {
    atHado.length = 0;
    const me = await request('GET', '/me', { cookie: SESSION });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body).login).toBe('alice');
    const forged = await request('GET', '/me', { cookie: SESSION, 'x-remote-user': 'mallory' });
    expect(forged.status).toBe(200);
    expect(JSON.parse(forged.body).login).toBe('alice');
    expect(atHado.map((r) => r.user)).toEqual(['alice', 'alice']);
    // Always forwarded-for: Hado's local mode never applies to a proxied request.
    expect(atHado.every((r) => r.forwardedFor === '127.0.0.1')).toBe(true);
  });

  it('/api/*, /a/* and /hooks/* pass without forward auth, and without any X-Remote-User', async () => {
    atHado.length = 0;
    const asked = atAuth.length;
    const api = await request('GET', '/api/events?source_ref=none', { authorization: `Bearer ${token}`, 'x-remote-user': 'mallory' });
    expect(api.status).toBe(404); // authenticated by the token; no such event
    expect(JSON.parse(api.body).error.code).toBe('not_found');
    const action = await request('POST', '/a/not-a-real-token/ack', { 'x-remote-user': 'mallory' });
    expect(action.status).toBe(404);
    expect(JSON.parse(action.body)).toEqual({ error: { code: 'not_found', message: 'Unknown or expired action link' } });
    const hook = await request('POST', '/hooks/telegram', { 'x-remote-user': 'mallory' }, { update_id: 1 });
    expect(hook.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(hook.body).error.code).toBeDefined(); // Hado's answer, not nginx's
    expect(atHado.map((r) => r.url)).toEqual(['/api/events?source_ref=none', '/a/not-a-real-token/ack', '/hooks/telegram']);
    expect(atHado.map((r) => r.user)).toEqual([undefined, undefined, undefined]);
    expect(atAuth.length).toBe(asked);
  });

  it('/metrics is not served through the proxy', async () => {
    expect((await request('GET', '/metrics', { cookie: SESSION })).status).toBe(404);
  });

  it('the live stream passes through unbuffered: a frame arrives as soon as Hado writes it', async () => {
    const frames: string[] = [];
    let onFrame = () => {};
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port,
          path: '/me/stream',
          ca,
          servername: 'localhost',
          headers: { host: `localhost:${port}`, cookie: SESSION, 'x-remote-user': 'mallory' },
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    try {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        frames.push(d);
        onFrame();
      });
      const seen = (pattern: RegExp, timeoutMs: number) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs);
          onFrame = () => {
            if (pattern.test(frames.join(''))) {
              clearTimeout(timer);
              resolve();
            }
          };
          onFrame();
        });
      await seen(/^retry: \d+\n: connected\n\n/, 10_000);
      // A client writes an event for alice: its frame must come through at once, not when a buffer fills.
      const put = await request(
        'PUT',
        '/api/events',
        { authorization: `Bearer ${token}` },
        {
          events: [{ user: 'alice', source_ref: 'person:42', due_at: '2026-08-14', payload: { title: 'Birthday' } }],
        },
      );
      expect(put.status).toBe(200);
      await seen(/event: event\ndata: \{"id":\d+,"state":"scheduled"\}/, 5_000);
    } finally {
      res.destroy();
    }
  });
});
