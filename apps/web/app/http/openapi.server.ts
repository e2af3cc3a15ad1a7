/// <reference types="vite/client" />
import { z } from 'zod';
import { DomainError } from '@moncafe/domain/decider';
import { allowedFor, ruleFor, type Allowed } from '#app/auth/route-access';
import type { CallDescription, ErrorAnswer, JsonCall } from './json.server';
import { apiDocumentTexts as t } from './texts';

/**
 * The described API (decision 665): GET /api/openapi.json, an OpenAPI 3.1 document made from the
 * calls themselves. Every `/api` route module's loader and action is a `jsonCall`, which keeps its
 * spec (body, query, answer, methods, error table); this module turns those into paths and
 * operations, so the document is the code's own account and cannot say what the code does not.
 * A module whose loader or action is not a described call is an error, not a gap in the document.
 */

export interface RouteModule {
  loader?: unknown;
  action?: unknown;
}

type JsonSchema = Record<string, unknown>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

interface Operation {
  operationId: string;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security: Record<string, string[]>[];
  'x-moncafe-access': Allowed;
}

/**
 * The version of the calls' contract: calls gain fields and never rename them, so it changes only
 * if a call is ever taken away or changed incompatibly.
 */
export const API_VERSION = '1.0.0';

const ENVELOPE_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

/** The refusal every call answers with (json.server.ts `ErrorEnvelope`). */
const errorEnvelope: JsonSchema = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: { type: 'string' },
    field: { type: 'string', description: t.fieldDescription },
    message: { type: 'string' },
  },
};

/** `routes/api/admin/users/$id/route.ts` (a glob key, any prefix) → `/api/admin/users/{id}`; null for a splat. */
export function pathOfModule(file: string): string | null {
  const match = /(?:^|\/)routes\/(api(?:\/.*)?)\/route\.tsx?$/.exec(file);
  if (!match) return null;
  const segments = match[1]!.split('/');
  if (segments.includes('$')) return null;
  return `/${segments.map((s) => (s.startsWith('$') ? `{${s.slice(1)}}` : s)).join('/')}`;
}

function isDescribed(value: unknown): value is JsonCall<unknown> {
  return typeof value === 'function' && 'described' in value && typeof value.described === 'object';
}

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); what JSON cannot say (a transform's output) is left open. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** Each error code's status and shape; a table entry that is a function is asked with the code alone. */
function errorAnswers(errors: CallDescription['errors']): { status: number; envelope: boolean }[] {
  return Object.entries(errors ?? {}).flatMap(([code, entry]) => {
    try {
      const answer: ErrorAnswer = typeof entry === 'function' ? entry(new DomainError(code), 'ja') : entry;
      return [{ status: answer.status, envelope: !('answer' in answer) }];
    } catch {
      // An entry that needs the error's details to answer: its status is only known at run time.
      return [];
    }
  });
}

function responsesOf(call: CallDescription, pathParams: readonly string[]): Record<string, JsonSchema> {
  const answer = call.answer;
  // Each status an error code answers, and whether any code answers it with a whole answer rather than the envelope.
  const wholeAnswer = new Map<number, boolean>();
  for (const { status, envelope } of errorAnswers(call.errors)) wholeAnswer.set(status, (wholeAnswer.get(status) ?? false) || !envelope);
  const media = answer !== undefined && 'media' in answer ? answer.media : null;
  const json = answer === undefined || media !== null ? {} : schemaOf(answer as z.ZodType, 'output');
  const responses: Record<string, JsonSchema> = {
    '200': {
      description: t.ok,
      content:
        media !== null
          ? { [media]: { schema: { type: 'string', contentMediaType: media } } }
          : { 'application/json': { schema: wholeAnswer.get(200) ? { anyOf: [json, { type: 'object' }] } : json } },
    },
  };
  // The edge's own refusals: a body or query that does not parse, or a path parameter it cannot store.
  if (call.body !== undefined || call.query !== undefined || pathParams.length) wholeAnswer.set(400, wholeAnswer.get(400) ?? false);
  if (call.body !== undefined) wholeAnswer.set(413, wholeAnswer.get(413) ?? false);
  for (const [status, whole] of [...wholeAnswer].sort(([a], [b]) => a - b)) {
    if (status === 200) continue;
    const schema = whole ? { anyOf: [ENVELOPE_REF, { type: 'object' }] } : ENVELOPE_REF;
    responses[String(status)] = { description: t.statuses[status as keyof typeof t.statuses] ?? t.refused, content: { 'application/json': { schema } } };
  }
  // Any other status (401, 403, 429, 503, 500 from the edge and the route table) is the envelope too.
  responses.default = { description: t.refused, content: { 'application/json': { schema: ENVELOPE_REF } } };
  return responses;
}

function parametersOf(call: CallDescription, pathParams: readonly string[], method: Method): JsonSchema[] {
  const parameters: JsonSchema[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (call.query) {
    const query = schemaOf(call.query, 'input');
    const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((query.required ?? []) as string[]);
    if (query.type === 'object')
      for (const [name, schema] of Object.entries(properties)) parameters.push({ name, in: 'query', required: required.has(name), schema });
    else parameters.push({ name: 'query', in: 'query', style: 'form', explode: true, schema: query });
  }
  if (call.idempotent && method !== 'get')
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: t.idempotencyKey,
      schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,128}$' },
    });
  return parameters;
}

function requestBodyOf(call: CallDescription): JsonSchema | undefined {
  if (call.body === undefined) return undefined;
  if (call.body === 'bytes')
    return { required: true, content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } };
  return { required: true, content: { 'application/json': { schema: schemaOf(call.body, 'input') } } };
}

function securityOf(allowed: Allowed): Record<string, string[]>[] {
  return allowed === 'public' ? [] : [{ session: [] }];
}

function operationOf(path: string, method: Method, call: CallDescription): Operation {
  const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const allowed = allowedFor(ruleFor(path.replace(/\{[^}]+\}/g, ':p')).rule, method.toUpperCase());
  const requestBody = requestBodyOf(call);
  const parameters = parametersOf(call, pathParams, method);
  return {
    operationId: `${method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(call, pathParams),
    security: securityOf(allowed),
    'x-moncafe-access': allowed,
  };
}

/**
 * The document of these route modules (keyed by file, as `import.meta.glob` gives them). Throws
 * on a module whose loader or action is not a described call: every JSON call is in the document.
 */
export function openApiDocument(modules: Readonly<Record<string, RouteModule>>, version: string): ApiDocument {
  const paths: ApiDocument['paths'] = {};
  for (const [file, module] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    const path = pathOfModule(file);
    if (path === null) continue;
    const operations: Partial<Record<Method, Operation>> = {};
    for (const kind of ['loader', 'action'] as const) {
      const call = module[kind];
      if (call === undefined) continue;
      if (!isDescribed(call)) throw new Error(`${file}: its ${kind} is not a jsonCall, so the described API cannot list it`);
      const methods: Method[] = kind === 'loader' ? ['get'] : (call.described.methods ?? ['POST']).map((m) => m.toLowerCase() as Method);
      for (const method of methods) operations[method] = operationOf(path, method, call.described);
    }
    if (Object.keys(operations).length) paths[path] = operations;
  }
  return {
    openapi: '3.1.0',
    info: { title: t.title, version, description: t.description },
    paths,
    components: {
      schemas: { ErrorEnvelope: errorEnvelope },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'moncafe_session', description: t.session } },
    },
  };
}

let described: Promise<ApiDocument> | null = null;

/** The document of this build's calls, made once per process from every `/api` route module (its own route's too). */
export function describedApi(): Promise<ApiDocument> {
  described ??= (async () => {
    const loaders = import.meta.glob<RouteModule>('../routes/api/**/route.ts');
    const modules = await Promise.all(Object.entries(loaders).map(async ([file, load]) => [file, await load()] as const));
    return openApiDocument(Object.fromEntries(modules), API_VERSION);
  })();
  return described;
}
