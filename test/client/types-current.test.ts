// The client's types (src/client/api.ts) are generated from the OpenAPI
// document; this fails when a schema changed and `npm run client:types` was
// not run.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, clientTypes } from '../../scripts/client-types.ts';

it('src/client/api.ts is what openapi-typescript makes of the current document', async () => {
  const current = readFileSync(CLIENT_TYPES_FILE, 'utf8');
  const fresh = await clientTypes();
  // A message that says what to do rather than a 4000-line diff.
  if (current !== fresh) expect.fail('src/client/api.ts is out of date: run `npm run client:types` and commit it');
  expect(current).toContain('export interface paths');
}, 120_000);
