// What a subcommand declares — its arguments and options, each with a line of
// help — and the one parser every command goes through (node:util's
// parseArgs, strict), so `--help`, unknown options and missing arguments
// behave the same everywhere: help on stdout and exit 0 before anything is
// touched; a usage error on stderr (one line, then the usage) and exit 2.
import { parseArgs } from 'node:util';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** The value's placeholder in the help ("instant" → `--at <instant>`). */
  value?: string;
  doc: string;
}

type Values<O extends Record<string, OptionSpec>> = {
  [K in keyof O]: O[K]['type'] extends 'string' ? string | undefined : boolean;
};

interface CommandSpec<O extends Record<string, OptionSpec>> {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  /** More about what it does, for its --help. */
  description?: string;
  /** Required positional arguments, in order. */
  args?: Array<{ name: string; doc: string }>;
  options?: O;
  run(input: { values: Values<O>; args: string[] }): Promise<number>;
}

/** A command as main() sees it: the option values are checked by parseCommandArgs against its declaration. */
export type Command = Omit<CommandSpec<Record<string, OptionSpec>>, 'run'> & {
  run(input: { values: Record<string, string | boolean | undefined>; args: string[] }): Promise<number>;
};

/** Declares a command with its option values typed from the declaration. */
export const defineCommand = <O extends Record<string, OptionSpec>>(c: CommandSpec<O>): Command => c as unknown as Command;

/** A bad argument: exit 2 with the reason and the command's usage on stderr. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const HELP: OptionSpec = { type: 'boolean', short: 'h', doc: 'show this help' };

function optionLabel(name: string, o: OptionSpec): string {
  const flag = `${o.short ? `-${o.short}, ` : ''}--${name}`;
  return o.type === 'string' ? `${flag} <${o.value ?? 'value'}>` : flag;
}

export function commandUsage(c: Command): string {
  const options = { ...c.options, help: HELP };
  const synopsis = [
    `hado ${c.name}`,
    ...(c.args ?? []).map((a) => `<${a.name}>`),
    ...Object.entries(c.options ?? {}).map(([n, o]) => `[${optionLabel(n, o).replace(/^-\w, /, '')}]`),
  ].join(' ');
  const rows = [...(c.args ?? []).map((a) => [`<${a.name}>`, a.doc]), ...Object.entries(options).map(([n, o]) => [optionLabel(n, o), o.doc])];
  const width = Math.max(...rows.map((r) => r[0]!.length));
  return [
    `Usage: ${synopsis}`,
    '',
    c.description ?? c.summary,
    '',
    'Arguments and options:',
    ...rows.map(([label, doc]) => `  ${label!.padEnd(width)}  ${doc}`),
  ].join('\n');
}

export type Parsed = { help: true } | { help: false; values: Record<string, string | boolean | undefined>; args: string[] };

/** Parses a command's argv; throws UsageError with a one-line reason. */
export function parseCommandArgs(c: Command, argv: string[]): Parsed {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: Object.fromEntries(Object.entries({ ...c.options, help: HELP }).map(([n, o]) => [n, { type: o.type, ...(o.short ? { short: o.short } : {}) }])),
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    // parseArgs' messages add advice after the first sentence; the reason is the first one.
    const first = (e as Error).message.split(/\.\s/)[0]!.replace(/\.$/, '');
    throw new UsageError(first.charAt(0).toLowerCase() + first.slice(1));
  }
  if (parsed.values.help === true) return { help: true };
  const expected = c.args ?? [];
  if (parsed.positionals.length < expected.length) {
    throw new UsageError(
      `missing ${expected
        .slice(parsed.positionals.length)
        .map((a) => `<${a.name}>`)
        .join(' ')}`,
    );
  }
  if (parsed.positionals.length > expected.length) {
    throw new UsageError(`unexpected argument "${parsed.positionals[expected.length]}"`);
  }
  const values: Record<string, string | boolean | undefined> = {};
  for (const [n, o] of Object.entries(c.options ?? {})) {
    const v = parsed.values[n];
    values[n] = o.type === 'boolean' ? v === true : (v as string | undefined);
  }
  return { help: false, values, args: parsed.positionals };
}
