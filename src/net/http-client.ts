// A small HTTP client for webhook receivers over node:http(s) with shared
// keep-alive agents — several times cheaper per request than fetch(), which
// matters when a tick asks a thousand presence URLs and a worker sends a
// thousand webhooks a second. Redirects are never followed; every request
// has a hard deadline; bodies are read up to a limit. Every URL here is a
// user's: the outbound policy (net/outbound.ts) judges it before the request
// and judges the resolved address of every new connection (the agents' lookup).
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { OutboundRefusedError, type OutboundPolicy } from './outbound.ts';

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as text, cut at `maxBody` characters. */
  body: string;
  /** The body was longer than `maxBody`. */
  truncated: boolean;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Text is sent as UTF-8; bytes as they are (an encrypted push message). */
  body?: string | Buffer;
  timeoutMs: number;
  /** Time to get a connection (name lookup included); the client's default, never above timeoutMs. */
  connectTimeoutMs?: number;
  maxBody: number;
}

export class HttpTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = 'TimeoutError';
  }
}

/** No connection within the connect timeout: the host is down or unreachable (the request never left). */
export class HttpConnectTimeoutError extends Error {
  constructor(ms: number) {
    super(`no connection within ${ms / 1000} s`);
    this.name = 'ConnectTimeoutError';
  }
}

/** Issue 16: a dead host is known in seconds, well before the answer's timeout. */
export const CONNECT_TIMEOUT_MS = 5_000;

export interface HttpClient {
  request(url: string, opts: HttpRequest): Promise<HttpResponse>;
}

/**
 * A client whose every connection obeys `policy`; one per process (its agents
 * keep connections alive). `connectTimeoutMs` bounds getting a connection,
 * shorter than a request's whole timeout: a host that does not accept one is
 * given up in seconds.
 */
export function httpClient(policy: OutboundPolicy, opts: { connectTimeoutMs?: number } = {}): HttpClient {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64, lookup: policy.lookup }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64, lookup: policy.lookup }),
  };
  const connectTimeoutMs = opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  return { request: (url, req) => send(policy, agents, url, { connectTimeoutMs, ...req }) };
}

function send(policy: OutboundPolicy, agents: Record<'http:' | 'https:', http.Agent>, url: string, opts: HttpRequest): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new Error(`not a URL: ${url}`));
      return;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      reject(new Error(`not an http(s) URL: ${url}`));
      return;
    }
    // A literal address never reaches the lookup (node:net connects to it directly): judged here.
    const why = policy.urlRefusal(target);
    if (why) {
      reject(new OutboundRefusedError(`outbound policy refused ${target.host}: ${why}`));
      return;
    }
    const body = opts.body === undefined ? undefined : typeof opts.body === 'string' ? Buffer.from(opts.body, 'utf8') : opts.body;
    const headers: Record<string, string> = { ...opts.headers };
    if (body) headers['content-length'] = String(body.length);
    const mod = target.protocol === 'https:' ? https : http;
    const req = mod.request(target, { method: opts.method, headers, agent: agents[target.protocol] }, (res) => {
      let text = '';
      let truncated = false;
      res.setEncoding('utf8');
      // Read to the end (the socket goes back to the pool), keeping at most maxBody characters.
      res.on('data', (chunk: string) => {
        if (text.length < opts.maxBody) text += chunk;
        if (text.length > opts.maxBody) {
          text = text.slice(0, opts.maxBody);
          truncated = true;
        }
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, truncated });
      });
      res.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
    const timer = setTimeout(() => req.destroy(new HttpTimeoutError(opts.timeoutMs)), opts.timeoutMs);
    const connectMs = Math.min(opts.connectTimeoutMs ?? opts.timeoutMs, opts.timeoutMs);
    let connectTimer: NodeJS.Timeout | undefined;
    // A kept-alive socket is connected already; a new one gets connectMs to look the name up and connect.
    req.on('socket', (socket) => {
      if (!socket.connecting || connectMs >= opts.timeoutMs) return;
      connectTimer = setTimeout(() => req.destroy(new HttpConnectTimeoutError(connectMs)), connectMs);
      socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('error', (e) => {
      clearTimeout(timer);
      clearTimeout(connectTimer);
      reject(e);
    });
    req.on('close', () => clearTimeout(connectTimer));
    req.end(body);
  });
}
