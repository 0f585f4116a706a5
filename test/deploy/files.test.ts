// The files in deploy/ agree with the code (issue 14): every metric the
// dashboard, the alert rules and the operations guide name exists; every `hado …`
// command line they run parses; the Dockerfile and the units keep the
// properties docs/deployment.md promises. (Images cannot be built here: see that page.)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/command.ts';
import { COMMANDS } from '../../src/cli/main.ts';
import { FakeClock } from '../../src/clock.ts';
import type { Db } from '../../src/db/connect.ts';
import { processRegistry } from '../../src/ops/process-metrics.ts';
// Loads every module that registers a metric, as a process does.
import '../../src/runtime.ts';
import { ROOT } from '../support/cli.ts';

const read = (p: string) => fs.readFileSync(path.join(ROOT, p), 'utf8');
const deployFiles = (dir = 'deploy'): string[] =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    return e.isDirectory() ? deployFiles(p) : [p];
  });

describe('metric names', () => {
  const registry = processRegistry({ db: null as unknown as Db, clock: new FakeClock('2026-08-01T00:00:00Z'), outbox: true, liveConnections: () => 0 });
  const known = new Set(registry.getMetricsAsArray().map((m) => m.name));

  // The operations guide's metrics section (elsewhere hado_live is the NOTIFY channel, not a metric).
  const DOC = 'docs/operations.md';
  const text = (file: string) => (file === DOC ? read(file).split('## Metrics')[1]!.split('\n## ')[0]! : read(file));

  it.each(['deploy/grafana/hado-dashboard.json', 'deploy/prometheus/alerts.yml', DOC])('%s names only metrics Hado has', (file) => {
    const named = new Set([...text(file).matchAll(/\bhado_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, '')));
    expect(named.size).toBeGreaterThan(file === DOC ? 5 : 3);
    expect([...named].filter((n) => !known.has(n))).toEqual([]);
  });

  it('the dashboard is valid JSON with a query in every panel; the rules cover backlog, tick lag and failure rate', () => {
    const dashboard = JSON.parse(read('deploy/grafana/hado-dashboard.json'));
    expect(dashboard.panels.length).toBeGreaterThan(5);
    for (const panel of dashboard.panels) expect(panel.targets.length).toBeGreaterThan(0);
    const rules = read('deploy/prometheus/alerts.yml');
    for (const alert of ['HadoOutboxBacklog', 'HadoTickLag', 'HadoTickStopped', 'HadoDeliveryFailureRate']) expect(rules).toContain(`alert: ${alert}`);
  });
});

describe('commands in deploy files', () => {
  // "hado <command> [--flags]" in shell form and ["hado", "<command>", …] in exec form.
  const lines = deployFiles().flatMap((file) => {
    const text = read(file);
    const shell = [...text.matchAll(/(?:^|[\s/])hado ([a-z][a-z:-]*(?: --?[a-z-]+)*)(?=[\s"',)\]]|$)/gm)].map((m) => m[1]!.split(' '));
    const exec = [...text.matchAll(/\["hado"((?:, "[^"]+")+)\]/g)].map((m) => [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!));
    const command = [...text.matchAll(/command: \["([a-z:]+)"\]/g)].map((m) => [m[1]!]);
    return [...shell, ...exec, ...command].map((argv) => ({ file, argv }));
  });

  it('there are some', () => {
    expect(lines.length).toBeGreaterThan(10);
  });

  it('each is a command Hado has, with options it takes', () => {
    const bad = lines.filter(({ argv }) => {
      const command = COMMANDS.find((c) => c.name === argv[0]);
      if (!command) return true;
      try {
        // Only the options are captured: the arguments (a file name…) stand in as placeholders.
        parseCommandArgs(command, [...argv.slice(1).filter((a) => a.startsWith('-')), ...(command.args ?? []).map((a) => a.name)]);
        return false;
      } catch {
        return true;
      }
    });
    expect(bad.map((b) => `${b.file}: hado ${b.argv.join(' ')}`)).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('is multi-stage and runs plain Node as a non-root user, on 0.0.0.0, with /data and a health check', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBe(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HOST=0\.0\.0\.0/);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/HADO_DATA_DIR=\/data/);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*CMD \["hado", "healthcheck"\]$/m);
    // The run stage gets the compiled output, never the TypeScript sources.
    const run = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    expect(run).not.toMatch(/COPY .*\/src\/src\b/);
    expect(run).toMatch(/COPY --from=build \/src\/dist/);
  });

  it('copies only paths that exist', () => {
    for (const m of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const p of m[1]!.split(' ')) expect(fs.existsSync(path.join(ROOT, p)), p).toBe(true);
    }
  });
});

describe('compose file and systemd units', () => {
  it('compose runs PostgreSQL, two serve, one scheduler, two workers and a forward-auth proxy', () => {
    const compose = read('deploy/compose/compose.yaml');
    for (const service of ['postgres', 'migrate', 'serve', 'scheduler', 'worker', 'auth', 'proxy']) {
      expect(compose).toMatch(new RegExp(`^ {2}${service}:$`, 'm'));
    }
    const replicas = (service: string) => new RegExp(`^ {2}${service}:\\n(?: {4}.*\\n)*? {4}deploy: \\{ replicas: 2 \\}`, 'm');
    expect(compose).toMatch(replicas('serve'));
    expect(compose).toMatch(replicas('worker'));
    expect(compose).toContain('../nginx/hado.conf:/etc/nginx/conf.d/hado.conf');
  });

  it("compose's PostgreSQL has the settings the scale-out guide recommends", () => {
    const postgres = read('deploy/compose/compose.yaml')
      .split(/^ {2}postgres:$/m)[1]!
      .split(/^ {2}\S/m)[0]!;
    const command = /^ {4}command: (\[.*\])$/m.exec(postgres)?.[1];
    const flags = (JSON.parse(command!) as string[]).filter((_, i, all) => all[i - 1] === '-c');
    expect(flags).toEqual(expect.arrayContaining(['max_connections=200', 'max_locks_per_transaction=256', 'idle_in_transaction_session_timeout=60s']));
    expect(read('docs/deployment.md')).toMatch(/raise `max_locks_per_transaction` to 256 or more/);
  });

  it('every unit is hardened and stops with SIGTERM', () => {
    const units = fs.readdirSync(path.join(ROOT, 'deploy/systemd')).filter((f) => f.endsWith('.service'));
    expect(units.sort()).toEqual([
      'hado-backup.service',
      'hado-migrate.service',
      'hado-scheduler.service',
      'hado-serve@.service',
      'hado-worker@.service',
      'hado.service',
    ]);
    for (const unit of units) {
      const text = read(`deploy/systemd/${unit}`);
      for (const option of [
        'NoNewPrivileges=yes',
        'ProtectSystem=strict',
        'ProtectHome=yes',
        'PrivateTmp=yes',
        'RestrictAddressFamilies=',
        'CapabilityBoundingSet=',
        'SystemCallFilter=@system-service',
      ]) {
        expect(text, `${unit}: ${option}`).toContain(option);
      }
      // V8 and WebAssembly write code at run time.
      expect(text).not.toMatch(/^MemoryDenyWriteExecute=yes/m);
    }
  });

  /** A unit's `Environment=HADO_METRICS_ADDR=` with systemd's %i replaced by the instance. */
  const metricsAddr = (unit: string, instance: string) =>
    /^Environment=HADO_METRICS_ADDR=(.*)$/m.exec(read(`deploy/systemd/${unit}`))![1]!.replaceAll('%i', instance);
  const port = (addr: string) => Number(addr.split(':').pop());

  it('every process of the split has its own metrics port, also past the ninth worker, and Prometheus scrapes them', () => {
    const wants = /^Wants=(.*)$/m.exec(read('deploy/systemd/hado-split.target'))![1]!.split(' ');
    const addresses = wants.flatMap((name) => {
      const m = /^([a-z-]+@)(\d+)\.service$/.exec(name);
      if (m) return [metricsAddr(`${m[1]}.service`, m[2]!)];
      return name === 'hado-migrate.service' ? [] : [metricsAddr(name, '')];
    });
    expect(addresses).toHaveLength(5);
    expect(new Set(addresses).size).toBe(5);
    const scraped = read('deploy/prometheus/prometheus.yml');
    for (const addr of addresses) expect(scraped).toContain(`- ${addr} `);
    // Ten, twenty workers: each instance still names a valid port of its own.
    const workers = Array.from({ length: 20 }, (_, i) => port(metricsAddr('hado-worker@.service', String(9471 + i))));
    for (const p of workers) expect(p).toBeLessThanOrEqual(65_535);
    expect(new Set(workers).size).toBe(20);
  });

  it("the environment file is root's alone: DynamicUser= has no static group to share it with", () => {
    for (const file of [...deployFiles('deploy/systemd'), 'docs/deployment.md', 'docs/operations.md']) {
      expect(read(file), file).not.toMatch(/-g hado\b|root:hado/);
    }
    expect(read('deploy/systemd/hado.service')).toMatch(/install -D -m 0600 -o root -g root hado\.env \/etc\/hado\/hado\.env/);
  });

  it("the backup unit runs as hado.service's own dynamic user, with its data directory, started by a nightly timer", () => {
    const unit = read('deploy/systemd/hado-backup.service');
    const main = read('deploy/systemd/hado.service');
    for (const text of [unit, main]) {
      expect(text).toMatch(/^DynamicUser=yes$/m);
      expect(text).toMatch(/^User=hado$/m);
      expect(text).toMatch(/^StateDirectory=hado\b/m);
      expect(text).toMatch(/^StateDirectoryMode=0700$/m);
      expect(text).toMatch(/^Environment=HADO_DATA_DIR=\/var\/lib\/hado$/m);
    }
    expect(unit).toMatch(/^StateDirectory=hado hado-backups$/m);
    expect(unit).toMatch(/^Type=oneshot$/m);
    const timer = read('deploy/systemd/hado-backup.timer');
    expect(timer).toMatch(/^OnCalendar=\*-\*-\* 03:15:00$/m);
    expect(timer).toMatch(/^Persistent=true$/m);
    expect(timer).toMatch(/^WantedBy=timers\.target$/m);
  });

  describe('the backup script', () => {
    // The ExecStart= as systemd hands it to sh: continuation lines joined, %% and $$ unescaped.
    const unit = read('deploy/systemd/hado-backup.service').replace(/\\\n/g, ' ');
    const script = /^ExecStart=\/bin\/sh -c '([^']*)'$/m.exec(unit)![1]!.replaceAll('%%', '%').replaceAll('$$', '$');
    let dir = '';
    let run: (day: string, ok?: boolean) => void;
    const ls = (sub: string) => fs.readdirSync(path.join(dir, 'backups', sub)).sort();

    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-backup-unit-'));
      const bin = path.join(dir, 'bin');
      fs.mkdirSync(bin);
      fs.mkdirSync(path.join(dir, 'backups'));
      // A stand-in for hado (writes FILE, or fails) and for date (the day under test).
      fs.writeFileSync(
        path.join(bin, 'hado'),
        '#!/bin/sh\n[ "$1 $2" = "backup --force" ] || exit 2\n[ "$FAKE_OK" = 1 ] || { echo "hado backup: failed" >&2; exit 1; }\necho "$FAKE_DAY" > "$3"\n',
        { mode: 0o755 },
      );
      fs.writeFileSync(path.join(bin, 'date'), '#!/bin/sh\nexec /usr/bin/date -d "$FAKE_DAY" "$@"\n', { mode: 0o755 });
      const local = script
        .replaceAll('/var/lib/hado-backups', path.join(dir, 'backups'))
        .replaceAll('/opt/hado/node_modules/.bin/hado', path.join(bin, 'hado'));
      run = (day, ok = true) =>
        execFileSync('/bin/sh', ['-c', local], { env: { PATH: `${bin}:/usr/bin:/bin`, FAKE_DAY: day, FAKE_OK: ok ? '1' : '0' }, stdio: 'pipe' });
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('after 90 nights: the 14 newest daily snapshots and the 8 newest weekly ones', () => {
      const start = new Date('2026-01-01T12:00:00Z');
      const days = Array.from({ length: 90 }, (_, i) => new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10));
      for (const day of days) run(day);
      expect(ls('daily')).toEqual(days.slice(-14).map((d) => `hado-${d}.tar.gz`));
      const weeks = ls('weekly');
      expect(weeks).toHaveLength(8);
      // ISO weeks 2026-W07 … W14 (Tuesday 31 March is in W14), each kept from its Monday, the week's first night.
      expect(weeks).toEqual(['07', '08', '09', '10', '11', '12', '13', '14'].map((w) => `hado-2026-W${w}.tar.gz`));
      expect(fs.readFileSync(path.join(dir, 'backups', 'weekly', 'hado-2026-W14.tar.gz'), 'utf8').trim()).toBe('2026-03-30');
      expect(fs.readFileSync(path.join(dir, 'backups', 'weekly', 'hado-2026-W07.tar.gz'), 'utf8').trim()).toBe('2026-02-09');
    });

    it('a failed snapshot fails the unit and deletes nothing', () => {
      const before = { daily: ls('daily'), weekly: ls('weekly') };
      expect(() => run('2026-05-01', false)).toThrow(/hado backup: failed/);
      expect({ daily: ls('daily'), weekly: ls('weekly') }).toEqual(before);
    });
  });
});
