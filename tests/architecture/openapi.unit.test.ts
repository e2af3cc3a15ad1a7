import { readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import routes from '../../apps/web/app/routes';
import { allowedFor, ruleFor } from '../../apps/web/app/auth/route-access';
import { describedApi, type ApiDocument } from '../../apps/web/app/http/openapi.server';
import { repoRoot } from '../support/production';

/**
 * The described API (decision 665) against the route table: GET /api/openapi.json is made from
 * the route modules themselves, and this test holds it to apps/web/app/routes.ts — every `/api`
 * route is a path of the document with an operation for its loader (GET) and for each method its
 * action is sent with (the methods its module's comment names), the access of each operation is
 * the route-access table's, and the whole validates as OpenAPI 3.1.
 */

interface RouteEntry {
  file: string;
  path?: string | undefined;
  children?: RouteEntry[] | undefined;
}

const webApp = path.join(repoRoot, 'apps/web/app');

/** Every `/api` route of the table as the document's path, with its module file. */
function apiRoutes(entries: readonly RouteEntry[]): { path: string; file: string }[] {
  return entries.flatMap((entry) => [
    ...(entry.path?.startsWith('api/') && !entry.path.endsWith('*') ? [{ path: `/${entry.path.replace(/:([^/]+)/g, '{$1}')}`, file: entry.file }] : []),
    ...apiRoutes(entry.children ?? []),
  ]);
}

/** The methods a module's source exports and names: GET for a loader, the write methods its comment states for an action (POST when none). */
function methodsOf(file: string): string[] {
  const source = readFileSync(path.join(webApp, file), 'utf8');
  const methods: string[] = [];
  if (/export const loader\b/.test(source)) methods.push('get');
  if (/export const action\b/.test(source)) {
    const comments = source
      .split('\n')
      .filter((line) => /^\s*(\/\*\*|\*|\/\/)/.test(line))
      .join('\n');
    const named = [...new Set([...comments.matchAll(/\b(PUT|PATCH|DELETE|POST)\b/g)].map((m) => m[1]!.toLowerCase()))];
    methods.push(...(named.length ? named : ['post']));
  }
  return methods.sort();
}

const document: ApiDocument = await describedApi();
const table = apiRoutes(routes as RouteEntry[]);

describe('GET /api/openapi.json', () => {
  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('lists every JSON call of the route table, each with the methods it is sent with', () => {
    expect(table.length).toBeGreaterThan(150);
    const missing = table.filter((route) => !document.paths[route.path]).map((route) => route.path);
    expect(missing).toEqual([]);
    const wrongMethods = table
      .map((route) => ({ path: route.path, module: methodsOf(route.file), document: Object.keys(document.paths[route.path] ?? {}).sort() }))
      .filter((route) => route.module.join() !== route.document.join());
    expect(wrongMethods).toEqual([]);
    // Nothing in the document that the table does not route.
    expect(Object.keys(document.paths).sort()).toEqual(table.map((route) => route.path).sort());
  });

  it('says who may use each operation as the route-access table does, and that the rest need the session', () => {
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const allowed = allowedFor(ruleFor(template.replace(/\{[^}]+\}/g, ':p')).rule, method.toUpperCase());
        expect(operation?.['x-moncafe-access'], `${method} ${template}`).toEqual(allowed);
        expect(operation?.security, `${method} ${template}`).toEqual(allowed === 'public' ? [] : [{ session: [] }]);
      }
    }
  });

  it('describes bodies and queries from the calls’ schemas, and every refusal as the error envelope', () => {
    const allocate = document.paths['/api/customery-day/allocate-seat']?.post;
    const body = allocate?.requestBody as { content: { 'application/json': { schema: { required: string[]; properties: Record<string, unknown> } } } };
    expect(body.content['application/json'].schema.required).toEqual(expect.arrayContaining(['date', 'time', 'people']));
    expect(body.content['application/json'].schema.properties.people).toMatchObject({ type: 'integer', minimum: 1 });
    expect(allocate?.responses.default).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } });
    const hours = document.paths['/api/admin/business-hours']?.get;
    expect(hours?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['month', 'start_date', 'end_date']));
    // A PUT/DELETE pair keeps its path parameter.
    expect(document.paths['/api/admin/seats/{id}']?.delete?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]),
    );
  });
});
