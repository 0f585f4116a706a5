// The files in deploy/ agree with the code (issue 14): every metric the
// dashboard, the alert rules and the README name exists; every `hado …`
// command line they run parses; the Dockerfile and the units keep the
// properties the README promises. (Images cannot be built here: see the README.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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

  // The README's metrics section (elsewhere hado_live is the NOTIFY channel, not a metric).
  const text = (file: string) => (file === 'README.md' ? read(file).split('### Metrics')[1]!.split('\n## ')[0]! : read(file));

  it.each(['deploy/grafana/hado-dashboard.json', 'deploy/prometheus/alerts.yml', 'README.md'])('%s names only metrics Hado has', (file) => {
    const named = new Set([...text(file).matchAll(/\bhado_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, '')));
    expect(named.size).toBeGreaterThan(file === 'README.md' ? 5 : 3);
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
        parseCommandArgs(command, argv.slice(1).filter((a) => a.startsWith('-')));
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

  it('every unit is hardened and stops with SIGTERM', () => {
    const units = fs.readdirSync(path.join(ROOT, 'deploy/systemd')).filter((f) => f.endsWith('.service'));
    expect(units.sort()).toEqual(['hado-migrate.service', 'hado-scheduler.service', 'hado-serve@.service', 'hado-worker@.service', 'hado.service']);
    for (const unit of units) {
      const text = read(`deploy/systemd/${unit}`);
      for (const option of ['NoNewPrivileges=yes', 'ProtectSystem=strict', 'ProtectHome=yes', 'PrivateTmp=yes', 'RestrictAddressFamilies=', 'CapabilityBoundingSet=', 'SystemCallFilter=@system-service']) {
        expect(text, `${unit}: ${option}`).toContain(option);
      }
      // V8 and WebAssembly write code at run time.
      expect(text).not.toMatch(/^MemoryDenyWriteExecute=yes/m);
    }
  });
});
