// Reading Hado's OpenAPI document in tests: the document itself, and a
// JSON Schema 2020-12 validator (OpenAPI 3.1's dialect) for its schemas.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { sample } from 'openapi-sampler';
import type { TestApp } from './app.ts';

export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Record<string, unknown> }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}

export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, unknown>> };
}

export const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

export async function getDocument(t: TestApp): Promise<OpenApiDoc> {
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /openapi.json: ${res.statusCode}`);
  return JSON.parse(res.body) as OpenApiDoc;
}

export function operations(doc: OpenApiDoc): Array<{ path: string; method: string; op: Operation }> {
  const out: Array<{ path: string; method: string; op: Operation }> = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) if (item[method]) out.push({ path, method, op: item[method]! });
  }
  return out;
}

/** Strict: a keyword the validator does not know is an error, so a schema cannot silently check nothing. */
export function schemaValidator(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, strictRequired: false, allowUnionTypes: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
}

/** Fastify's `/a/:token/ack` as OpenAPI writes it: `/a/{token}/ack`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

/** A parameter or a body as the document gives it. */
export interface WithExamples {
  schema: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}

/** The document's example (example, else the first of examples), else one sampled from its schema. */
export function exampleOf(doc: OpenApiDoc, x: WithExamples): unknown {
  if (x.example !== undefined) return x.example;
  const first = Object.values(x.examples ?? {})[0];
  if (first !== undefined) return first.value;
  return sample(x.schema as object, { quiet: true }, doc);
}
