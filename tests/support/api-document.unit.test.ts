import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerProblem, templateOf } from './api-document';

/**
 * The HTTP suites' check of answers against the described API, on a document of two calls served
 * by a server of its own: what it lets through and what it fails.
 */
const document = {
  openapi: '3.1.0',
  paths: {
    '/api/seats/{id}': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': { schema: { type: 'object', required: ['id', 'seats'], properties: { id: { type: 'string' }, seats: { type: 'integer' } } } },
            },
          },
          '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
          default: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
        },
      },
    },
    '/api/seats/export.csv': { get: { responses: { '200': { content: { 'text/csv': { schema: { type: 'string' } } } } } } },
  },
  components: {
    schemas: { ErrorEnvelope: { type: 'object', required: ['success', 'error'], properties: { success: { const: false }, error: { type: 'string' } } } },
  },
};

let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('answers held to the described API', () => {
  it('finds the template of a path, literal segments before parameters', () => {
    const paths = Object.keys(document.paths);
    expect(templateOf(paths, '/api/seats/export.csv')).toBe('/api/seats/export.csv');
    expect(templateOf(paths, '/api/seats/t1')).toBe('/api/seats/{id}');
    expect(templateOf(paths, '/api/seats')).toBeNull();
  });

  it('lets an answer the document describes through', async () => {
    expect(await answerProblem(baseUrl, 'GET', '/api/seats/t1', 200, 'application/json', { id: 't1', seats: 4, extra: true })).toBeNull();
    expect(await answerProblem(baseUrl, 'GET', '/api/seats/t1', 404, 'application/json', { success: false, error: '見つかりません' })).toBeNull();
    // A status the call does not name is the envelope of `default`.
    expect(await answerProblem(baseUrl, 'GET', '/api/seats/t1', 429, 'application/json', { success: false, error: '多すぎます' })).toBeNull();
    // Calls the document does not have (the unknown-call catch-all) are not its to judge.
    expect(await answerProblem(baseUrl, 'GET', '/api/nothing', 404, 'application/json', { anything: 1 })).toBeNull();
  });

  it('fails an answer that lost or renamed a field, a refusal off the envelope, and JSON where the document says CSV', async () => {
    expect(await answerProblem(baseUrl, 'GET', '/api/seats/t1', 200, 'application/json', { id: 't1', seat_count: 4 })).toMatch(/off the document: .*seats/);
    expect(await answerProblem(baseUrl, 'GET', '/api/seats/t1', 200, 'application/json', { id: 't1', seats: '4' })).toMatch(/\/seats must be integer/);
    expect(await answerProblem(baseUrl, 'GET', '/api/seats/t1', 500, 'application/json', { message: 'boom' })).toMatch(/off the document/);
    expect(await answerProblem(baseUrl, 'GET', '/api/seats/export.csv', 200, 'application/json', { rows: [] })).toMatch(/the document says text\/csv/);
  });
});
