// Regenerates the Python client's TypedDicts (clients/python/src/hado_client/types.py)
// from the OpenAPI document this checkout serves, with the generator in
// clients/python/tools/generate_types.py (Python, standard library only).
//   npm run client:python-types
// clients/python/tests/test_types.py fails when the file is not current.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from './client-types.ts';

const generator = fileURLToPath(new URL('../clients/python/tools/generate_types.py', import.meta.url));
const python = process.env.PYTHON ?? 'python3';
const run = spawnSync(python, [generator, '-'], { input: JSON.stringify(await openApiDocument()), stdio: ['pipe', 'inherit', 'inherit'] });
if (run.error) throw run.error;
process.exit(run.status ?? 1);
