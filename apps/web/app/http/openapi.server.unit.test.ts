import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonCall } from './json.server';
import { openApiDocument, pathOfModule } from './openapi.server';

/** The document builder on made-up route modules: what each part of a call's spec becomes. */
describe('the described API', () => {
  it('names a module by its URL path, a `$param` folder as `{param}`, and leaves the catch-all out', () => {
    expect(pathOfModule('../routes/api/admin/users/$id/route.ts')).toBe('/api/admin/users/{id}');
    expect(pathOfModule('../routes/api/admin/orders/export.csv/route.ts')).toBe('/api/admin/orders/export.csv');
    expect(pathOfModule('../routes/api/$/route.ts')).toBeNull();
    expect(pathOfModule('../routes/admin/users/route.tsx')).toBeNull();
  });

  it('describes the body, query, answer, methods and refusals a call declares', () => {
    const document = openApiDocument(
      {
        '../routes/api/things/$id/route.ts': {
          loader: jsonCall({
            query: z.object({ store_id: z.string(), date: z.string().optional() }),
            answer: z.object({ id: z.string() }),
            handle: () => ({ id: 'x' }),
          }),
          action: jsonCall({
            methods: ['PUT', 'DELETE'],
            idempotent: true,
            body: z.object({ name: z.string().min(1) }),
            errors: { taken: { status: 409, error: 'taken' }, full: () => ({ status: 200, answer: { seat_ids: [] } }) },
            handle: () => ({}),
          }),
        },
        '../routes/api/things/export.csv/route.ts': { loader: jsonCall({ answer: { media: 'text/csv' }, handle: () => new Response('a,b') }) },
      },
      '1.0.0',
    );
    const thing = document.paths['/api/things/{id}']!;
    expect(Object.keys(thing).sort()).toEqual(['delete', 'get', 'put']);
    expect(thing.get!.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'store_id', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'date', in: 'query', required: false, schema: { type: 'string' } },
    ]);
    expect(thing.get!.responses['200']).toMatchObject({ content: { 'application/json': { schema: { type: 'object', required: ['id'] } } } });
    expect(thing.put!.requestBody).toMatchObject({ content: { 'application/json': { schema: { properties: { name: { type: 'string', minLength: 1 } } } } } });
    expect(thing.put!.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    // A code answered with the envelope, one answered with a whole answer on 200, and the shared ones.
    expect(thing.put!.responses['409']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } });
    expect(thing.put!.responses['200']).toMatchObject({ content: { 'application/json': { schema: { anyOf: [{}, { type: 'object' }] } } } });
    expect(thing.put!.responses['404']).toBeDefined();
    expect(thing.put!.responses['413']).toBeDefined();
    expect(thing.put!.responses.default).toBeDefined();
    expect(document.paths['/api/things/export.csv']!.get!.responses['200']).toMatchObject({ content: { 'text/csv': {} } });
  });

  it('refuses a module whose loader or action is not a described call, so no call is left out', () => {
    expect(() => openApiDocument({ '../routes/api/bare/route.ts': { loader: async () => new Response('{}') } }, '1.0.0')).toThrow(
      /bare\/route\.ts: its loader is not a jsonCall/,
    );
  });
});
