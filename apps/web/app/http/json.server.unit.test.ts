import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@moncafe/domain/decider';
import { hmacSigning } from '@moncafe/infra/auth/signing';
import type { Runtime } from '@moncafe/infra/runtime';
import { billingErrors } from '#app/billing/call-errors';
import { billingTexts } from '#app/billing/texts';
import { createAppLoadContext, type WebApp } from '#app/context';
import { errorsByLanguage, jsonCall, refuse } from './json.server';
import { READ_AFTER_COOKIE, readAfterPosition } from './read-after.server';

/** The edge on its own: a fake app, requests made by hand, the answers read back. */
function harness() {
  const logged: Record<string, unknown>[] = [];
  const runtime = {
    ids: { uuid: () => 'corr-1', token: () => 't' },
    logger: { error: (fields: Record<string, unknown>) => void logged.push(fields) },
    waitForProjections: async () => {},
    signing: hmacSigning('a-test-secret-of-enough-length-for-hmac'),
    config: { production: false, publicUrl: 'http://cafe.test' },
  } as unknown as Runtime;
  const app = { runtime, services: {}, queries: {}, oidc: null } as unknown as WebApp;
  const call = async (route: ReturnType<typeof jsonCall>, init: { body?: string; url?: string; headers?: Record<string, string> } = {}) => {
    const request = new Request(init.url ?? 'http://cafe.test/api/x', {
      method: init.body === undefined ? 'GET' : 'POST',
      ...(init.body === undefined ? { headers: init.headers ?? {} } : { body: init.body, headers: { 'content-type': 'application/json', ...init.headers } }),
    });
    const response = await route({ request, params: {}, context: createAppLoadContext(app) });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  };
  return { call, logged };
}

const body = z.object({ date: z.iso.date(), people: z.number().int().min(1) });

describe('the JSON edge', () => {
  it('answers what the call returns, with its cache lifetime and a correlation id', async () => {
    const { call } = harness();
    const answer = await call(jsonCall({ cache: 'menu', handle: () => [{ id: 'm1' }] }));
    expect(answer).toMatchObject({ status: 200, body: [{ id: 'm1' }] });
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(answer.headers.get('x-correlation-id')).toBe('corr-1');
    expect((await call(jsonCall({ handle: () => ({ ok: true }) }))).headers.get('cache-control')).toBe('no-store');
  });

  it('answers a command that leaves the read models to its readers with a read-after cookie for its position, and none for a resend', async () => {
    const { call } = harness();
    const placed = await call(jsonCall({ handle: (input) => (input.readersWaitFor(31), { ok: true }) }));
    expect(placed.body).toEqual({ ok: true });
    const cookies = placed.headers.getSetCookie().filter((c) => c.startsWith(`${READ_AFTER_COOKIE}=`));
    expect(cookies).toHaveLength(1);
    const signing = hmacSigning('a-test-secret-of-enough-length-for-hmac');
    expect(readAfterPosition(new Request('http://cafe.test/', { headers: { cookie: cookies[0]!.split(';')[0]! } }), signing)).toBe(31);
    const resent = await call(jsonCall({ handle: (input) => (input.readersWaitFor(null), { ok: true }) }));
    expect(resent.headers.getSetCookie().some((c) => c.startsWith(`${READ_AFTER_COOKIE}=`))).toBe(false);
  });

  it('refuses a body that is not the call’s, naming the first bad field, and one that is not JSON', async () => {
    const { call } = harness();
    const route = jsonCall({ body, handle: ({ body: b }) => b });
    expect(await call(route, { body: JSON.stringify({ date: '2026-12-20', people: 0 }) })).toMatchObject({
      status: 400,
      body: { success: false, error: '必須項目を確認してください', field: 'people' },
    });
    expect(await call(route, { body: '{not json' })).toMatchObject({ status: 400, body: { success: false, field: 'body', message: 'JSON の本文が必要です' } });
  });

  it('refuses a body over the call’s cap with 413, and a bad query naming the field', async () => {
    const { call } = harness();
    const capped = await call(jsonCall({ body, maxBodyBytes: 16, handle: () => ({}) }), { body: JSON.stringify({ date: '2026-12-20', people: 2 }) });
    expect(capped).toMatchObject({ status: 413, body: { success: false, field: 'body' } });
    // The connection is kept: the outermost layer drains what was not read (answer-edge.ts, decision 166).
    expect(capped.headers.get('connection')).toBeNull();
    const query = await call(jsonCall({ query: z.object({ store_id: z.string().regex(/^\w+$/) }), handle: () => ({}) }), {
      url: 'http://cafe.test/api/x?store_id=%20',
    });
    expect(query).toMatchObject({ status: 400, body: { error: 'invalid query', field: 'store_id' } });
  });

  it('turns the DomainError codes a call expects into its answers, and refusals it decides itself into the envelope', async () => {
    const { call } = harness();
    const route = (code: string) =>
      jsonCall({
        errors: {
          seats_full: { status: 409, error: '満席', field: 'time' },
          date_refused: (e) => ({ status: 400, error: `refused ${e.message}` }),
          otherwise: { status: 404, answer: { success: false, error: 'none', message: 'none' } },
        },
        handle: () => {
          throw new DomainError(code, 'closed');
        },
      });
    expect(await call(route('seats_full'))).toMatchObject({ status: 409, body: { success: false, error: '満席', field: 'time' } });
    expect(await call(route('date_refused'))).toMatchObject({ status: 400, body: { success: false, error: 'refused closed' } });
    expect(await call(route('not_found'))).toMatchObject({ status: 404, body: { success: false, error: 'none', message: 'none' } });
    expect(await call(route('no_store'))).toMatchObject({ status: 404, body: { success: false, error: '店舗が登録されていません' } });
    expect(await call(jsonCall({ handle: () => refuse(404, 'not found', { message: 'store not found' }) }))).toMatchObject({
      status: 404,
      body: { success: false, error: 'not found', message: 'store not found' },
    });
  });

  it('answers a table made per language in the request’s language: the lang cookie, else Accept-Language; Japanese on the operations paths', async () => {
    const { call } = harness();
    const answer = (message: string) => ({ status: 409, answer: { success: false, error: 'sold_out', message } });
    const route = jsonCall({
      errors: errorsByLanguage({
        ja: { sold_out: answer('品切れ') },
        en: { sold_out: (e) => answer(`Sold out (${e.message})`) },
      }),
      handle: () => {
        throw new DomainError('sold_out', 'blend');
      },
    });
    expect((await call(route)).body.message).toBe('品切れ');
    expect((await call(route, { headers: { 'accept-language': 'en-GB,en;q=0.9' } })).body.message).toBe('Sold out (blend)');
    expect((await call(route, { headers: { 'accept-language': 'en', cookie: 'lang=ja' } })).body.message).toBe('品切れ');
    expect((await call(route, { headers: { cookie: 'a=1; lang=en' } })).body.message).toBe('Sold out (blend)');
    expect((await call(route, { url: 'http://cafe.test/api/monitor/x', headers: { 'accept-language': 'en' } })).body.message).toBe('品切れ');
  });

  it('answers billing’s refusals to a guest’s split in the guest’s language, Japanese by default and by the guest’s choice (decision 394)', async () => {
    const { call } = harness();
    const route = jsonCall({
      errors: billingErrors,
      handle: () => {
        throw new DomainError('split_mismatch', 'lines');
      },
    });
    const english = { 'accept-language': 'en-GB,en;q=0.9' };
    expect((await call(route, { url: 'http://cafe.test/api/orders/split' })).body).toMatchObject({
      error: 'split_mismatch',
      message: billingTexts.splitMismatch,
    });
    expect((await call(route, { url: 'http://cafe.test/api/orders/split', headers: english })).body).toMatchObject({
      error: 'split_mismatch',
      message: 'The split does not match the order. Please put every item on one of the bills.',
    });
    // The guest's 日本語 (the cookie) wins over the browser's English.
    expect((await call(route, { url: 'http://cafe.test/api/orders/split', headers: { ...english, cookie: 'lang=ja' } })).body.message).toBe(
      billingTexts.splitMismatch,
    );
  });

  it('logs an unexpected error with the correlation id and answers 500 without its details', async () => {
    const { call, logged } = harness();
    const answer = await call(
      jsonCall({
        handle: () => {
          throw new Error('database password is hunter2');
        },
      }),
    );
    expect(answer).toEqual({
      status: 500,
      headers: answer.headers,
      body: { success: false, error: 'サーバーエラーが発生しました。しばらくしてから再試行してください。' },
    });
    expect(JSON.stringify(answer.body)).not.toContain('hunter2');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ correlationId: 'corr-1', path: '/api/x' });
  });
});

describe('the JSON edge’s field errors', () => {
  it('words zod’s own checks in Japanese naming the field (never "Too big: expected number to be <=8"), keeping a schema’s own message', async () => {
    const { call } = harness();
    const people = z.object({ people: z.number().int().max(8), name: z.string().min(1, 'お名前を入力してください').optional() });
    const route = jsonCall({ body: people, query: z.object({ page: z.coerce.number().int().min(1).optional() }), handle: () => ({}) });
    expect(await call(route, { body: JSON.stringify({ people: 9 }) })).toMatchObject({
      status: 400,
      body: { success: false, field: 'people', message: '「people」は8以下で入力してください' },
    });
    expect(await call(route, { body: JSON.stringify({}) })).toMatchObject({ body: { field: 'people', message: '「people」を入力してください' } });
    expect(await call(route, { body: JSON.stringify({ people: 2, name: '' }) })).toMatchObject({
      body: { field: 'name', message: 'お名前を入力してください' },
    });
    expect(await call(route, { url: 'http://cafe.test/api/x?page=0', body: JSON.stringify({ people: 2 }) })).toMatchObject({
      body: { field: 'page', message: '「page」は1以上で入力してください' },
    });
  });
});
