// `hado <command>`: one binary, one file per subcommand. Exit codes: 0 done,
// 1 failed (bad configuration, an error the command explains), 2 usage error.
import fs from 'node:fs';
import { describeFailure } from '../describe-failure.ts';
import { ConfigError, HadoError } from '../errors.ts';
import { backupCommand, restoreCommand } from './backup.ts';
import { type Command, commandUsage, parseCommandArgs, UsageError } from './command.ts';
import { configCommand } from './config.ts';
import { demoCommand } from './demo.ts';
import { doctorCommand } from './doctor.ts';
import { healthcheckCommand } from './healthcheck.ts';
import { migrateCommand } from './migrate.ts';
import { schedulerCommand, serveCommand, startCommand, workerCommand } from './serve.ts';
import { sourceCreateCommand, sourceGrantCommand, sourceListCommand, sourceRevokeCommand, sourceRotateKeyCommand } from './source.ts';
import { tickCommand } from './tick.ts';

export const COMMANDS: Command[] = [
  startCommand,
  serveCommand,
  schedulerCommand,
  workerCommand,
  migrateCommand,
  tickCommand,
  sourceCreateCommand,
  sourceListCommand,
  sourceGrantCommand,
  sourceRevokeCommand,
  sourceRotateKeyCommand,
  configCommand,
  healthcheckCommand,
  doctorCommand,
  demoCommand,
  backupCommand,
  restoreCommand,
];

export function version(): string {
  // dist/cli/ and src/cli/ both sit two levels below the package root.
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: hado <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options: hado --help, hado --version, hado <command> --help.',
    'Configuration comes from the environment: "hado config" shows it; the README lists every key.',
  ].join('\n');
}

function usageError(reason: string, help: string): number {
  console.error(`${reason}\n\n${help}`);
  return 2;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) return usageError('hado: no command given', usage());
  if (name === '--help' || name === '-h' || name === 'help') {
    const about = rest[0] === undefined ? null : COMMANDS.find((c) => c.name === rest[0]);
    if (rest[0] !== undefined && !about) return usageError(`hado: unknown command "${rest[0]}"`, usage());
    console.log(about ? commandUsage(about) : usage());
    return 0;
  }
  if (name === '--version' || name === '-V') {
    console.log(version());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    const what = name.startsWith('-') ? `unknown option ${name}` : `unknown command "${name}"`;
    return usageError(`hado: ${what}`, usage());
  }
  try {
    const parsed = parseCommandArgs(command, rest);
    if (parsed.help) {
      console.log(commandUsage(command));
      return 0;
    }
    return await command.run(parsed);
  } catch (e) {
    if (e instanceof UsageError) return usageError(`hado ${name}: ${e.message}`, commandUsage(command));
    if (e instanceof ConfigError || e instanceof HadoError) {
      console.error(`hado ${name}: ${e.message}`);
      return 1;
    }
    // Anything else (a refused connection, a full disk): one line; the stack only when debugging.
    const debug = process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace';
    console.error(`hado ${name}: ${debug && e instanceof Error ? e.stack : describeFailure(e)}`);
    return 1;
  }
}
