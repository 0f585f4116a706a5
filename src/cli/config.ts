import { explainConfig, loadConfig } from '../config.ts';
import { ConfigError } from '../errors.ts';
import { defineCommand } from './command.ts';

export const configCommand = defineCommand({
  name: 'config',
  summary: 'print the effective configuration: every key, its value and where it came from',
  description:
    'Prints every configuration key with the value in effect and where it came from (environment or default); secrets are masked.\n' +
    'Exits 1 and names the keys when the configuration is invalid.',
  run: async () => {
    const rows = explainConfig();
    const table = [['KEY', 'VALUE', 'SOURCE'], ...rows.map((r) => [r.env, r.value ?? '(unset)', r.problem ? `${r.source} (invalid)` : r.source])];
    const widths = [0, 1].map((i) => Math.max(...table.map((row) => row[i]!.length)));
    for (const row of table) console.log(`${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padEnd(widths[1]!)}  ${row[2]}`.trimEnd());
    try {
      loadConfig();
    } catch (e) {
      if (e instanceof ConfigError) {
        console.error(`\nhado config: ${e.message}`);
        return 1;
      }
      throw e;
    }
    return 0;
  },
});
