// CLI manners (issue 14): every command's --help prints its usage and exits
// 0 without touching anything; --version; an unknown command or option, or a
// missing argument, exits 2 with a one-line reason and the usage on stderr;
// bad configuration exits 1 naming the variable; `hado config` shows every
// key, its value and its source with secrets masked; `hado healthcheck`.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMANDS, main } from '../../src/cli/main.ts';
import { KEYS } from '../../src/config.ts';
import { cleanEnv, ROOT, runProcess } from '../support/cli.ts';

const BIN = path.join(ROOT, 'bin/hado.js');
let scratch: string;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-manners-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const ENV_KEYS = Object.values(KEYS).map((k) => k.env);
const saved = new Map<string, string | undefined>();

/** Runs main() in this process with exactly this environment, capturing its output. */
async function inProcess(argv: string[], env: Record<string, string> = {}) {
  for (const k of ENV_KEYS) {
    if (!saved.has(k)) saved.set(k, process.env[k]);
    delete process.env[k];
  }
  Object.assign(process.env, env);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void stdout.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void stderr.push(a.join(' ')));
  try {
    const code = await main(argv);
    return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

afterEach(() => {
  for (const [k, v] of saved) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('--help', () => {
  it.each(COMMANDS.map((c) => c.name))('hado %s --help prints its usage and options, exits 0 and touches nothing', async (name) => {
    const dataDir = path.join(scratch, `help-${name.replace(':', '-')}`);
    // DATABASE_URL points nowhere: a command that tried to connect would fail or hang.
    const envs: Record<string, string>[] = [{ HADO_DATA_DIR: dataDir }, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }];
    for (const env of envs) {
      for (const flag of ['--help', '-h']) {
        const res = await inProcess([name, flag, ...(name === 'tick' ? ['--at', 'not-an-instant'] : [])], env);
        expect(res.code, res.stderr).toBe(0);
        expect(res.stderr).toBe('');
        expect(res.stdout).toMatch(new RegExp(`^Usage: hado ${name}\\b`));
        expect(res.stdout).toMatch(/^ {2}-h, --help +show this help$/m);
      }
    }
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('hado --help and hado help list every command; hado help <command> shows that command', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const res = await inProcess(argv);
      expect(res.code).toBe(0);
      for (const c of COMMANDS) expect(res.stdout).toMatch(new RegExp(`^ {2}${c.name} +\\S`, 'm'));
    }
    const one = await inProcess(['help', 'backup']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^Usage: hado backup <file> \[--force\]/);
  });
});

describe('usage errors exit 2 with a one-line reason, then the usage, on stderr', () => {
  it.each([
    [['tick', '--bogus'], "hado tick: unknown option '--bogus'", 'Usage: hado tick'],
    [['tick', '--at'], "hado tick: option '--at <value>' argument missing", 'Usage: hado tick'],
    [['migrate', 'now'], 'hado migrate: unexpected argument "now"', 'Usage: hado migrate'],
    [['source:create'], 'hado source:create: missing <name>', 'Usage: hado source:create <name>'],
    [['source:create', 'Bad Name'], 'hado source:create: "Bad Name" is not a valid name', 'Usage: hado source:create'],
    [['backup'], 'hado backup: missing <file>', 'Usage: hado backup'],
    [['start', '--port', '80'], "hado start: unknown option '--port'", 'Usage: hado start'],
    [['healthcheck', '--timeout', 'soon'], 'hado healthcheck: --timeout must be a number of seconds', 'Usage: hado healthcheck'],
    [['nope'], 'hado: unknown command "nope"', 'Usage: hado <command>'],
    [['--nope'], 'hado: unknown option --nope', 'Usage: hado <command>'],
    [['help', 'nope'], 'hado: unknown command "nope"', 'Usage: hado <command>'],
  ])('hado %j', async (argv, reason, usage) => {
    const res = await inProcess(argv, { HADO_DATA_DIR: path.join(scratch, 'usage') });
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    const [first, blank, third] = res.stderr.split('\n');
    expect(first!.startsWith(reason), first).toBe(true);
    expect(blank).toBe('');
    expect(third!.startsWith(usage), third).toBe(true);
    expect(fs.existsSync(path.join(scratch, 'usage'))).toBe(false);
  });
});

// Child processes: each loads Node and the app (through tsx when dist/ is older than src/), slow on a busy machine.
describe('through bin/hado.js (real exit codes)', { timeout: 120_000 }, () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    runProcess(process.execPath, [BIN, ...args], { env: cleanEnv({ HADO_DATA_DIR: path.join(scratch, 'bin'), ...env }) });

  it('bare hado is a usage error: exit 2, the usage on stderr, nothing on stdout', async () => {
    const res = await run([]);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^hado: no command given\n\nUsage: hado <command> \[options\]/);
  });

  it('hado --version prints the package version', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) {
      const res = await run([flag]);
      expect(res.code).toBe(0);
      expect(res.stdout).toBe(`${pkg.version}\n`);
    }
  });

  it('an unknown option exits 2; a bad configuration exits 1 naming each variable, before touching anything', async () => {
    const unknown = await run(['migrate', '--all']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe("hado migrate: unknown option '--all'");
    const bad = await run(['migrate'], { HADO_METRICS_ADDR: 'everywhere', HADO_SHUTDOWN_GRACE: '0' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/HADO_METRICS_ADDR must be host:port/);
    expect(bad.stderr).toMatch(/HADO_SHUTDOWN_GRACE must be between 1 and 600, got 0/);
    expect(bad.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(fs.existsSync(path.join(scratch, 'bin'))).toBe(false);
  });
});

describe('hado config', () => {
  it('prints every key with its value and source; secrets are masked', async () => {
    const res = await inProcess(['config'], {
      PORT: '9090',
      DATABASE_URL: 'postgres://hado:s3cret-pw@db.internal:5432/hado',
      TELEGRAM_BOT_TOKEN: '123456:AAH-very-secret-token',
      TELEGRAM_WEBHOOK_SECRET: 'another-secret-value',
      HADO_METRICS_ADDR: '127.0.0.1:9464',
    });
    expect(res.code, res.stderr).toBe(0);
    const rows = new Map(
      res.stdout
        .split('\n')
        .slice(1)
        .map((line) => {
          const [key, value, source] = line.split(/ {2,}/);
          return [key!, { value, source }];
        }),
    );
    expect([...rows.keys()].sort()).toEqual([...ENV_KEYS].sort());
    expect(res.stdout.split('\n')[0]).toMatch(/^KEY +VALUE +SOURCE$/);
    expect(rows.get('PORT')).toEqual({ value: '9090', source: 'environment' });
    expect(rows.get('HOST')).toEqual({ value: '127.0.0.1', source: 'default' });
    expect(rows.get('APP_URL')).toEqual({ value: 'http://localhost:9090', source: 'default' });
    expect(rows.get('DATABASE_URL')).toEqual({ value: 'postgres://hado:****@db.internal:5432/hado', source: 'environment' });
    expect(rows.get('TELEGRAM_BOT_TOKEN')).toEqual({ value: '****', source: 'environment' });
    expect(rows.get('TELEGRAM_WEBHOOK_SECRET')).toEqual({ value: '****', source: 'environment' });
    expect(rows.get('HADO_LOCAL_USER')).toEqual({ value: '(unset)', source: 'default' });
    expect(rows.get('HADO_METRICS_ADDR')).toEqual({ value: '127.0.0.1:9464', source: 'environment' });
    for (const secret of ['s3cret-pw', 'AAH-very-secret-token', 'another-secret-value']) expect(res.stdout).not.toContain(secret);
  });

  it('an invalid configuration is shown, marked, and exits 1 naming the variable', async () => {
    const res = await inProcess(['config'], { PORT: 'eighty' });
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/^PORT +eighty +environment \(invalid\)$/m);
    expect(res.stderr).toMatch(/PORT must be an integer, got "eighty"/);
  });
});

describe('hado healthcheck', () => {
  let server: http.Server;
  let status = 200;
  let port = 0;
  const asked: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(status).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('exits 0 when HOST:PORT answers /healthz with 200, 1 otherwise; --ready asks /readyz', async () => {
    status = 200;
    const ok = await inProcess(['healthcheck'], { PORT: String(port) });
    expect(ok.code).toBe(0);
    expect(asked.at(-1)).toBe('/healthz');
    // A wildcard listening address is asked on loopback.
    expect((await inProcess(['healthcheck', '--ready'], { PORT: String(port), HOST: '0.0.0.0' })).code).toBe(0);
    expect(asked.at(-1)).toBe('/readyz');
    status = 503;
    const down = await inProcess(['healthcheck'], { PORT: String(port) });
    expect(down.code).toBe(1);
    expect(down.stderr).toBe(`unhealthy: http://127.0.0.1:${port}/healthz answered 503`);
  });

  it('--url and --metrics choose another address; nothing listening is a 1', async () => {
    status = 200;
    expect((await inProcess(['healthcheck', '--url', `http://127.0.0.1:${port}/custom`])).code).toBe(0);
    expect(asked.at(-1)).toBe('/custom');
    expect((await inProcess(['healthcheck', '--metrics'], { HADO_METRICS_ADDR: `127.0.0.1:${port}` })).code).toBe(0);
    expect(asked.at(-1)).toBe('/healthz');
    const unset = await inProcess(['healthcheck', '--metrics']);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/^hado healthcheck: --metrics needs HADO_METRICS_ADDR to be set/);
    // A port nobody listens on: the server just closed.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const dead = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const res = await inProcess(['healthcheck', '--timeout', '2'], { PORT: String(dead) });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`^unhealthy: http://127.0.0.1:${dead}/healthz: .*ECONNREFUSED`));
  });
});
