// The entry point bin/hado.js loads (compiled to dist/cli/bin.js).
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
