import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * The described API as the HTTP suites hold the server to it (decision 665): every JSON answer a
 * test client receives from an `/api` call is checked against the schema GET /api/openapi.json
 * gives for that path, method and status (the `default` response for a status it does not
 * name). An answer the document does not describe fails the request, so the document cannot
 * drift from what the calls answer.
 */

interface ApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
}

interface Checker {
  document: ApiDocument;
  ajv: Ajv2020;
  compiled: Map<string, ValidateFunction>;
}

const checkers = new Map<string, Promise<Checker | null>>();

async function checkerFor(baseUrl: string): Promise<Checker | null> {
  let checker = checkers.get(baseUrl);
  if (!checker) {
    checker = (async () => {
      const response = await fetch(new URL('/api/openapi.json', baseUrl), {
        // A device of its own, so the document's request is nobody's rate-limit allowance.
        headers: { 'x-forwarded-for': '198.51.100.250' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
      const document = (await response.json()) as ApiDocument;
      const ajv = new Ajv2020({ strict: false, validateFormats: false, validateSchema: false, allErrors: false });
      ajv.addSchema(document as object, 'openapi.json');
      return { document, ajv, compiled: new Map() };
    })();
    checkers.set(baseUrl, checker);
    // A server that is away (a fault test's stopped process) is asked again by the next answer.
    checker.catch(() => checkers.delete(baseUrl));
  }
  return checker.catch(() => null);
}

/** The document's path template for a request path: literal segments before `{param}` ones. */
export function templateOf(paths: readonly string[], pathname: string): string | null {
  const segments = pathname.split('/');
  let best: { template: string; literals: number } | null = null;
  for (const template of paths) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    let literals = 0;
    const fits = parts.every((part, i) => {
      if (/^\{[^}]+\}$/.test(part)) return segments[i] !== '';
      if (part !== decodeURIComponent(segments[i]!)) return false;
      literals += 1;
      return true;
    });
    if (fits && (!best || literals > best.literals)) best = { template, literals };
  }
  return best?.template ?? null;
}

const pointer = (...parts: string[]) => parts.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

/**
 * What is wrong with this answer by the document, or null when it fits (or the call is not in
 * the document: the unknown-call catch-all, a page).
 */
export async function answerProblem(
  baseUrl: string,
  method: string,
  pathname: string,
  status: number,
  contentType: string,
  body: unknown,
): Promise<string | null> {
  const checker = await checkerFor(baseUrl);
  if (!checker) return null;
  const template = templateOf(Object.keys(checker.document.paths), pathname);
  const operation = template ? checker.document.paths[template]?.[method.toLowerCase()] : undefined;
  if (!template || !operation) return null;
  const key = String(status) in operation.responses ? String(status) : 'default';
  const response = operation.responses[key];
  if (!response) return `${method} ${template} answered ${status}, which the document does not list`;
  const isJson = contentType.includes('application/json');
  if (!isJson) return null;
  if (!response.content?.['application/json'])
    return `${method} ${template} answered JSON with ${status}; the document says ${Object.keys(response.content ?? {}).join(', ') || 'no body'}`;
  const ref = `openapi.json#/${pointer('paths', template, method.toLowerCase(), 'responses', key, 'content', 'application/json', 'schema')}`;
  let validate = checker.compiled.get(ref);
  if (!validate) {
    validate = checker.ajv.compile({ $ref: ref });
    checker.compiled.set(ref, validate);
  }
  if (validate(body)) return null;
  const why = (validate.errors ?? []).map((e) => `${e.instancePath || '(answer)'} ${e.message ?? ''}`).join('; ');
  return `${method} ${template} answered ${status} off the document: ${why} — ${JSON.stringify(body).slice(0, 300)}`;
}
