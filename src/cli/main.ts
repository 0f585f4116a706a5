// `hado <command>`: one binary, one file per subcommand.
import { ConfigError, HadoError } from '../errors.ts';
import { migrate } from './migrate.ts';
import { serve, start } from './serve.ts';
import { sourceCreate, sourceList } from './source.ts';
import { tick } from './tick.ts';

const COMMANDS: Record<string, { run: (args: string[]) => Promise<number>; help: string }> = {
  start: { run: start, help: 'HTTP, scheduler and worker in one process; migrates first (what npm start runs)' },
  serve: { run: serve, help: 'HTTP only (run "hado migrate" first)' },
  scheduler: { run: (a) => start(a, { http: false, worker: false }), help: 'the one-minute tick only (safe to run twice)' },
  worker: { run: (a) => start(a, { http: false, scheduler: false }), help: 'the delivery worker only (run as many as you like)' },
  migrate: { run: migrate, help: 'apply pending database migrations' },
  tick: { run: tick, help: 'run one tick: hado tick [--at <ISO instant>] [--dry-run]' },
  'source:create': { run: sourceCreate, help: 'register a client service and print its token once: hado source:create <name>' },
  'source:list': { run: sourceList, help: 'list registered sources' },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  return `Usage: hado <command> [options]\n\nCommands:\n${Object.entries(COMMANDS)
    .map(([name, c]) => `  ${name.padEnd(width)}  ${c.help}`)
    .join('\n')}\n\nConfiguration comes from the environment; see the README.`;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(usage());
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(args);
  } catch (e) {
    if (e instanceof ConfigError || e instanceof HadoError) {
      console.error(`hado ${name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
