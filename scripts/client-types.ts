// Generates the client's types (src/client/api.ts) from the OpenAPI document
// the server builds (GET /openapi.json), with openapi-typescript.
//   npm run client:types          rewrite src/client/api.ts
// test/client/types-current.test.ts fails when the file is not current.
import { writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { FakeClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openStore } from '../src/db/connect.ts';
import { buildApp } from '../src/http/app.ts';
import { buildContext, closeContext } from '../src/runtime.ts';

export const CLIENT_TYPES_FILE = new URL('../src/client/api.ts', import.meta.url);

/** The OpenAPI document as the server serves it (no database is touched: an empty in-memory store). */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const store = await openStore({ dataDir: null });
  // A fixed APP_URL: the document's servers entry must not depend on where this runs.
  const config = loadConfig({ APP_URL: 'http://localhost:8080', HADO_LOCAL_USER: '' });
  const ctx = buildContext(store, config, new FakeClock('2026-01-01T00:00:00Z'));
  const app = await buildApp(ctx);
  try {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    return JSON.parse(res.body) as Record<string, unknown>;
  } finally {
    await app.close();
    await closeContext(ctx);
    await store.close();
  }
}

export async function clientTypes(): Promise<string> {
  const ast = await openapiTS((await openApiDocument()) as unknown as Parameters<typeof openapiTS>[0]);
  return `${[
    '// Types of Hado\'s HTTP API, generated from its OpenAPI document by openapi-typescript.',
    '// Do not edit: run `npm run client:types` (CI checks that this file is current).',
    '/* eslint-disable */',
  ].join('\n')}\n${astToString(ast)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(CLIENT_TYPES_FILE, await clientTypes());
  console.log(`wrote ${CLIENT_TYPES_FILE.pathname}`);
}
