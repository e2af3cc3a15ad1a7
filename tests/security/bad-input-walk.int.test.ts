import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@moncafe/domain/account/events';
import routes from '../../apps/web/app/routes';
import { allowedFor, normalizePattern, permits, routeAccess, ruleFor } from '../../apps/web/app/auth/route-access';
import { signUp } from '../support/accounts';
import { httpClient, type HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { AT_DEMO_STORE, DEMO_SEATS, DEMO_STORE, moveToOpenHours, seatCodeOf, signedInAdmin, waitForOrderMenu } from '../support/table-order';
import { startTestWebServer, type TestWebServer } from '../support/web-server';
import {
  encodeLoose,
  hostileFormValue,
  hostileObject,
  hostileUrlPart,
  hostileValue,
  rawRequest,
  type Plausible,
  type RawAnswer,
  type RawRequest,
} from './support/bad-input';
import { generators } from './bad-input-generators';

/**
 * The bad-input walk (decision 270), bad input walked from the route table itself: every pattern of
 * apps/web/app/routes.ts and of the route-access table gets property-based requests (fast-check,
 * a fixed seed) as anonymous and as each role that may call it — wrong types, missing and extra
 * fields, huge strings and arrays, U+0000 and unpaired surrogates, bidi overrides, negative and
 * huge numbers, far dates and months, malformed JSON, wrong content types, bodies on calls that
 * take none, oversize bodies; and, for every route, each of its date, month and time fields with
 * a value that only looks like one (`2026-02-30`, `0000-01-01`, trailing junk). Over PostgreSQL, so the test reads the event log itself:
 *
 * - never an answer ≥ 500;
 * - never an event appended by a request answered 4xx (each request sends its own X-Request-Id,
 *   which becomes the correlation id of whatever it appends);
 * - every 4xx names the field or carries a message (the JSON envelope's `error`, the page's text);
 * - the connection survives: the next request on the same kept-alive socket is answered.
 *
 * CI runs BAD_INPUT_RUNS (default 2, decision 310) requests per route and identity; `npm run test:soak` 200.
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 2);
const SEED = Number(process.env.BAD_INPUT_SEED ?? 280_4);

const pgUrl = await postgresUrl();
const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/app');

interface RouteEntry {
  file: string;
  path?: string | undefined;
  index?: boolean | undefined;
  children?: RouteEntry[] | undefined;
}

/** Every pattern of app/routes.ts with its module files (a layout and its index share one pattern). */
function modulesOf(entries: readonly RouteEntry[], parent = '', into = new Map<string, string[]>()): Map<string, string[]> {
  for (const entry of entries) {
    const own = entry.index ? parent : [parent, entry.path ?? ''].filter(Boolean).join('/');
    if (entry.index || entry.path !== undefined) {
      const pattern = normalizePattern(own);
      into.set(pattern, [...(into.get(pattern) ?? []), entry.file]);
    }
    modulesOf(entry.children ?? [], own, into);
  }
  return into;
}
const modules = modulesOf(routes as RouteEntry[]);
/** The table walked: every route of app/routes.ts and every entry of the access table (one without a module is answered by the `/api/*` catch-all). */
const table = [...new Set([...modules.keys(), ...Object.keys(routeAccess).map(normalizePattern)])].sort();

/** The names a module reads from bodies and queries (`name: z.…`, `name: someSchema`, `.get('name')`), from its source. */
function namesIn(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/\b([a-z][A-Za-z0-9_]*)\??\s*:\s*(?:z\.|[A-Za-z]+(?:Schema|Body|Field)\b)/g)) names.add(m[1]!);
  for (const m of source.matchAll(/\.get(?:All)?\(['"]([A-Za-z_][A-Za-z0-9_]*)['"]\)/g)) names.add(m[1]!);
  return [...names];
}
const namesByPattern = new Map(
  [...modules].map(([pattern, files]) => [pattern, files.flatMap((file) => namesIn(readFileSync(path.join(appRoot, file), 'utf8')))]),
);
/** The `#app/…` modules a route module imports (its shared query schemas live there, e.g. the admin day's and the sales range's). */
function importedFiles(file: string): string[] {
  const source = readFileSync(path.join(appRoot, file), 'utf8');
  return [...source.matchAll(/from '#app\/([^']+)'/g)].flatMap(([, specifier]) =>
    ['.ts', '.tsx', '/index.ts'].map((ext) => `${specifier}${ext}`).filter((candidate) => existsSync(path.join(appRoot, candidate))),
  );
}
/** The names a route reads in its module and the modules it imports, for the day fields' probes. */
const dayNamesByPattern = new Map(
  [...modules].map(([pattern, files]) => [
    pattern,
    [...new Set(files.flatMap((file) => [file, ...importedFiles(file)]).flatMap((file) => namesIn(readFileSync(path.join(appRoot, file), 'utf8'))))],
  ]),
);
/** Names any module reads: a route whose schema lives elsewhere (the domain) still gets plausible field names. */
const commonNames = [
  'store_id',
  'date',
  'month',
  'time',
  'people',
  'seat_id',
  'menu_id',
  'reservation_id',
  'token',
  'name',
  'email',
  'id',
  'intent',
  'quantity',
];

type IdentityName = 'anonymous' | 'customer' | 'staff' | 'monitor' | 'admin' | 'guest';
const signedIn: readonly { name: IdentityName; roles: Role[] }[] = [
  { name: 'customer', roles: ['customer'] },
  { name: 'staff', roles: ['customer', 'staff'] },
  { name: 'monitor', roles: ['customer', 'monitor'] },
  { name: 'admin', roles: ['customer', 'admin'] },
];
/** The guest at a table (a table-order token) walks the table-order screens and calls. */
const guestRoutes = /^\/(api\/orders|api\/qr-token|order|checkout)/;

/** Anonymous, and the roles the table lets through for this method (staff is on the demo store's staff list). */
function identitiesFor(pattern: string, write: boolean): IdentityName[] {
  const kind = generators[pattern];
  if (kind === 'ends-session') return ['anonymous'];
  const allowed = allowedFor(ruleFor(pattern).rule, write ? 'POST' : 'GET');
  const names: IdentityName[] = ['anonymous'];
  if (allowed !== 'public') names.push(...signedIn.filter((s) => permits(allowed, s.roles)).map((s) => s.name));
  else if (pattern.startsWith('/admin') || pattern.startsWith('/api/admin')) names.push('admin');
  if (guestRoutes.test(pattern)) names.push('guest');
  return [...new Set(names)];
}

interface Probe {
  identity: IdentityName;
  request: RawRequest;
  /** Shown in a failure: what the request carried. */
  what: string;
}

function fill(pattern: string, segments: readonly string[]): string {
  let i = 0;
  const concrete = pattern.replace(/:/g, () => segments[i++] ?? 'x1').replace(/\*$/, segments[i] ?? 'no-such-thing');
  return concrete;
}

function queryString(entries: readonly (readonly [string, string])[]): string {
  return entries.length ? `?${entries.map(([k, v]) => `${encodeLoose(k)}=${v}`).join('&')}` : '';
}

const malformedJson = ['{', '{"a":', '{"a":1}}', 'nul', "{'a':1}", '\uFEFF{}', '[1,]', '{"a":1,"a":2,', '"\\uD800"', '{"store_id":"\\u0000"}', '1e99999'];

/** The probes for one route: fast-check's sample of hostile requests, fixed by the seed. */
function probesFor(pattern: string, plausible: Plausible, seed: number): Probe[] {
  const kind = generators[pattern]!;
  const names = [...new Set([...(namesByPattern.get(pattern) ?? []), ...commonNames])];
  const api = kind === 'call' || kind === 'upload' || kind === 'ends-session' ? pattern.startsWith('/api') : false;
  const segmentCount = (pattern.match(/:/g)?.length ?? 0) + (pattern.endsWith('*') ? 1 : 0);
  const readers = identitiesFor(pattern, false);
  const writers = identitiesFor(pattern, true);

  const url = fc
    .tuple(
      fc.array(hostileUrlPart(plausible), { minLength: segmentCount, maxLength: segmentCount }),
      fc.array(fc.tuple(fc.constantFrom(...names), hostileUrlPart(plausible)), { maxLength: 4 }),
    )
    .map(([segments, query]) => ({ path: fill(pattern, segments), query: queryString(query) }));

  const jsonBody = fc.oneof(
    { weight: 6, arbitrary: hostileObject(names, plausible).map((o) => ({ type: 'application/json', body: JSON.stringify(o), what: 'fields' })) },
    { weight: 1, arbitrary: hostileValue(plausible, 1).map((v) => ({ type: 'application/json', body: JSON.stringify(v) ?? 'null', what: 'not an object' })) },
    { weight: 2, arbitrary: fc.constantFrom(...malformedJson).map((body) => ({ type: 'application/json', body, what: 'malformed JSON' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'image/png', '')
        .map((type) => ({
          type,
          body: type.startsWith('multipart') ? '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--' : '{"store_id":"2"}',
          what: 'wrong content type',
        })),
    },
    { weight: 1, arbitrary: fc.constant({ type: 'application/json', body: '', what: 'empty body' }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(65_537, 1_100_000)
        .map((n) => ({ type: 'application/json', body: JSON.stringify({ store_id: DEMO_STORE, name: 'x'.repeat(n) }), what: `oversize ${n}` })),
    },
  );
  const formBody = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .dictionary(fc.constantFrom(...names, 'intent', 'extra'), hostileFormValue(plausible), { maxKeys: 6 })
        .map((form) => ({ type: 'application/x-www-form-urlencoded', body: formEncode(form), what: 'form fields' })),
    },
    { weight: 2, arbitrary: jsonBody },
  );
  const bytesBody = fc.oneof(
    { weight: 3, arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((bytes) => ({ type: 'image/png', body: Buffer.from(bytes), what: 'random bytes' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('\u0000', '<svg onload=alert(1)>', '{"x":1}\n{', '\uD800')
        .map((text) => ({ type: 'image/jpeg', body: text, what: 'not a picture' })),
    },
    { weight: 2, arbitrary: jsonBody },
  );
  const body = kind === 'upload' ? bytesBody : kind === 'page' ? formBody : jsonBody;

  const read = fc.record({
    identity: fc.constantFrom(...readers),
    url,
    dataRequest: fc.boolean(),
    // A body on a GET (a call that takes none).
    getBody: fc.option(jsonBody, { freq: 4 }),
  });
  const write = fc.record({
    identity: fc.constantFrom(...writers),
    url,
    method: api ? fc.constantFrom('POST', 'POST', 'PUT', 'PATCH', 'DELETE') : fc.constant('POST'),
    body,
    // A screen's fetcher posts to `<page>.data`; a form without scripts to the page.
    dataRequest: fc.boolean(),
  });
  const probe = fc.oneof(
    read.map(({ identity, url, dataRequest, getBody }): Probe => {
      const page = kind === 'page' && dataRequest;
      const pathname = page ? dataPath(url.path) : url.path;
      return {
        identity,
        request: {
          method: 'GET',
          path: `${pathname}${url.query}`,
          headers: getBody ? { 'content-type': getBody.type } : ({} as Record<string, string>),
          body: getBody ? Buffer.from(getBody.body) : undefined,
        },
        what: getBody ? `GET with a body (${getBody.what})` : 'GET',
      };
    }),
    write.map(({ identity, url, method, body, dataRequest }): Probe => {
      const pathname = kind === 'page' && dataRequest ? dataPath(url.path) : url.path;
      return {
        identity,
        request: { method, path: `${pathname}${url.query}`, headers: body.type ? { 'content-type': body.type } : {}, body: Buffer.from(body.body) },
        what: `${method} ${body.what}`,
      };
    }),
  );
  return [
    ...fc.sample(probe, { seed, numRuns: RUNS * Math.max(readers.length, writers.length) }),
    ...impossibleDayProbes(pattern, plausible),
    ...everyKindProbes(pattern, plausible),
  ];
}

/**
 * The kinds of bad input every call, form action and page loader gets at least once, whatever
 * fast-check's sample drew (the sample is a few requests per route and identity at CI's seed).
 */
const everyKind = ['impossible date', 'trailing junk', 'huge number', 'negative number', 'wrong type', 'unicode control', 'oversized body'] as const;
type EveryKind = (typeof everyKind)[number];

/** Each kind's value for every field a route reads at once (`null`: the kind is the body's size, not a value). */
function valueOfKind(kind: EveryKind, p: Plausible): unknown {
  switch (kind) {
    case 'impossible date':
      return '2026-02-30';
    case 'trailing junk':
      return `${p.storeId}x`;
    case 'huge number':
      return 1e308;
    case 'negative number':
      return -2147483649;
    case 'wrong type':
      return [{ x: [true] }];
    case 'unicode control':
      return 'a\u0000b\u202Ec\u0007';
    case 'oversized body':
      return null;
  }
}

/**
 * One request of each kind per route, by the most trusted identity the route lets in (so the role
 * gate does not answer first): every field the route reads set to the kind's value, in the query
 * of a GET (the loader's) and in the body of a POST (the call's JSON, the page's form), and a body
 * over every limit.
 */
function everyKindProbes(pattern: string, p: Plausible): (Probe & { kind: EveryKind })[] {
  const routeKind = generators[pattern]!;
  if (routeKind !== 'call' && routeKind !== 'page') return [];
  const names = [...new Set([...(dayNamesByPattern.get(pattern) ?? []), 'store_id', 'date'])];
  const path = fill(pattern, []);
  const reader = identitiesFor(pattern, false).at(-1)!;
  const writer = identitiesFor(pattern, true).at(-1)!;
  const type = routeKind === 'page' ? 'application/x-www-form-urlencoded' : 'application/json';
  const post = (kind: EveryKind, body: string): Probe & { kind: EveryKind } => ({
    kind,
    identity: writer,
    request: { method: 'POST', path, headers: { 'content-type': type }, body: Buffer.from(body) },
    what: `POST ${kind}`,
  });
  const probes: (Probe & { kind: EveryKind })[] = [];
  for (const kind of everyKind) {
    const value = valueOfKind(kind, p);
    if (value === null) {
      const name = routeKind === 'page' ? 'あ'.repeat(400_000) : 'x'.repeat(1_100_000);
      probes.push(post(kind, routeKind === 'page' ? formEncode({ intent: 'save', store_id: p.storeId, name }) : JSON.stringify({ store_id: p.storeId, name })));
      continue;
    }
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const query = queryString(names.map((name) => [name, encodeLoose(text)] as const));
    const readPath = `${routeKind === 'page' ? dataPath(path) : path}${query}`;
    probes.push({ kind, identity: reader, request: { method: 'GET', path: readPath, headers: {} }, what: `GET ${kind}` });
    const each = (v: unknown) => Object.fromEntries(names.map((name) => [name, v]));
    probes.push(post(kind, routeKind === 'page' ? formEncode({ intent: 'save', ...(each(text) as Record<string, string>) }) : JSON.stringify(each(value))));
  }
  return probes;
}

/** The names of a route's dates, months and times, and what a plausible request puts in each. */
function dayValueOf(name: string, p: Plausible): string | null {
  if (/month/.test(name)) return p.month;
  if (/time/.test(name)) return '12:00';
  if (/date|^(from|to|day)$/.test(name)) return p.today;
  return null;
}

/**
 * Values that look like a day, a month or a time but are none (decision 531): a day that does not
 * exist, the year 0, trailing junk, a month 13, 24:00. Each is sent, one field at a time, with the
 * route's other day fields plausible, so a range check after the field's is reached too.
 */
function notADay(name: string, p: Plausible): string[] {
  if (/month/.test(name)) return ['0000-01', '2026-13', `${p.month}x`];
  if (/time/.test(name)) return ['24:00', '12:60', '12:00x'];
  return ['2026-02-30', '0000-01-01', `${p.today}x`];
}

/** Every day field of a route with each value of `notADay`, in the query (GET) and the body (writes), by the most trusted identity the route lets in. */
function impossibleDayProbes(pattern: string, p: Plausible): Probe[] {
  const kind = generators[pattern]!;
  if (kind !== 'call' && kind !== 'page') return [];
  const days = (dayNamesByPattern.get(pattern) ?? []).filter((name) => dayValueOf(name, p) !== null);
  const plausibleDays = Object.fromEntries(days.map((name) => [name, dayValueOf(name, p)!]));
  const path = fill(pattern, []);
  const probes: Probe[] = [];
  for (const name of days) {
    for (const bad of notADay(name, p)) {
      const fields = { store_id: p.storeId, ...plausibleDays, [name]: bad };
      const query = queryString(Object.entries(fields).map(([k, v]) => [k, encodeURIComponent(v)] as const));
      const reader = identitiesFor(pattern, false).at(-1)!;
      const writer = identitiesFor(pattern, true).at(-1)!;
      probes.push({ identity: reader, request: { method: 'GET', path: `${path}${query}`, headers: {} }, what: `GET ${name}=${bad}` });
      if (kind === 'page')
        probes.push({ identity: reader, request: { method: 'GET', path: `${dataPath(path)}${query}`, headers: {} }, what: `GET .data ${name}=${bad}` });
      const body = kind === 'page' ? formEncode({ intent: 'save', ...fields }) : JSON.stringify(fields);
      probes.push({
        identity: writer,
        request: {
          method: 'POST',
          path,
          headers: { 'content-type': kind === 'page' ? 'application/x-www-form-urlencoded' : 'application/json' },
          body: Buffer.from(body),
        },
        what: `POST ${name}=${bad}`,
      });
    }
  }
  return probes;
}

/** The single-fetch URL of a page (what a screen's fetcher and client navigation request). */
function dataPath(pathname: string): string {
  return `${pathname === '/' ? '/_root' : pathname.replace(/\/$/, '')}.data`;
}

function formEncode(form: Record<string, string>): string {
  return Object.entries(form)
    .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`)
    .join('&');
}

/** Whether a 4xx says what is wrong: the JSON envelope's error (or message), or a page's text. */
function saysWhy(answer: RawAnswer): boolean {
  const type = String(answer.headers['content-type'] ?? '');
  if (type.includes('json')) {
    try {
      const body = JSON.parse(answer.body) as { error?: unknown; message?: unknown };
      return (typeof body.error === 'string' && body.error.trim() !== '') || (typeof body.message === 'string' && body.message.trim() !== '');
    } catch {
      return false;
    }
  }
  if (type.includes('text/html')) return /[\u3040-\u30ff\u4e00-\u9fff]/.test(answer.body.replace(/<script[\s\S]*?<\/script>/g, ''));
  // A page's `.data` answer (turbo-stream): the action's or the boundary's words travel in it, or
  // the name of the text the page words the refusal with in the guest's language (`problem`).
  if (type.includes('text/x-script')) return /[\u3040-\u30ff\u4e00-\u9fff]|"error"|"message"|"problem"/.test(answer.body);
  return answer.body.trim() !== '';
}

describe.skipIf(!pgUrl)('issue 28: bad input, walked from the route table', () => {
  it('has a generator for every route of app/routes.ts and of the route-access table, and none for a route that is gone', () => {
    const missing = table.filter((pattern) => !generators[pattern]);
    expect(missing, 'add these routes to `generators` in tests/security/bad-input-generators.ts').toEqual([]);
    expect(Object.keys(generators).filter((pattern) => !table.includes(pattern))).toEqual([]);
  });

  it('sends every call, form action and page loader each kind of bad input, so a new route cannot be walked with fewer', () => {
    const sample: Plausible = { storeId: DEMO_STORE, today: '2026-12-01', month: '2026-12', ids: ['1'] };
    const short = table
      .filter((pattern) => generators[pattern] === 'call' || generators[pattern] === 'page')
      .map((pattern) => {
        const probes = everyKindProbes(pattern, sample);
        const reads = new Set(probes.filter((probe) => probe.request.method === 'GET').map((probe) => probe.kind));
        const writes = new Set(probes.filter((probe) => probe.request.method === 'POST').map((probe) => probe.kind));
        const missing = everyKind.filter((kind) => !writes.has(kind) || (kind !== 'oversized body' && !reads.has(kind)));
        return { pattern, missing };
      })
      .filter(({ missing }) => missing.length > 0);
    expect(short).toEqual([]);
    expect(table.filter((pattern) => generators[pattern] === 'call').length).toBeGreaterThan(100);
    expect(table.filter((pattern) => generators[pattern] === 'page').length).toBeGreaterThan(50);
  });

  let database: TestDatabase;
  let server: TestWebServer;
  let pool: pg.Pool;
  const cookies = new Map<IdentityName, Record<string, string>>();
  let plausible: Plausible;

  beforeAll(async () => {
    database = await createTestDatabase(pgUrl!, 'moncafe_bad_input');
    server = await startTestWebServer({ env: { DATABASE_URL: database.url } });
    pool = database.pool(2);
    const menu = await waitForOrderMenu(server.url);
    const today = await moveToOpenHours(server);

    const admin = await signedInAdmin(server.url);
    const member = async (name: 'customer' | 'staff' | 'monitor'): Promise<HttpClient> => {
      const client = httpClient(server.url);
      const user = await signUp(client, { name: `${name} さん`, email: `${name}.bad-input@moncafe.test`, password: `${name}-password-123` });
      if (name !== 'customer') expect((await admin.postJson(`/api/admin/users/${user.id}/roles`, { role: name, grant: true })).status).toBe(200);
      if (name === 'staff') expect((await admin.send('PUT', `/api/users/${user.id}`, { json: { store_id: DEMO_STORE, wage: 1200 } })).status).toBe(200);
      return client;
    };
    const guest = await httpClient(server.url).post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: DEMO_SEATS[0],
      number_of_people: 1,
      seat_code: await seatCodeOf(server.url, DEMO_SEATS[0]),
      ...AT_DEMO_STORE,
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);

    cookies.set('anonymous', {});
    cookies.set('admin', { cookie: admin.cookie! });
    for (const name of ['customer', 'staff', 'monitor'] as const) cookies.set(name, { cookie: (await member(name)).cookie! });
    cookies.set('guest', { authorization: `Bearer ${guest.body.token}` });
    plausible = {
      storeId: DEMO_STORE,
      today,
      month: today.slice(0, 7),
      ids: [...DEMO_SEATS.slice(0, 3), ...menu.slice(0, 3).map((m) => m.id), guest.body.reservation_id, guest.body.token, '1', 'sample-1'],
    };
  }, 240_000);

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  describe('what the walk found (kept as regressions)', () => {
    const eventCount = async () => Number((await pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);

    it('answers a page form between the forms’ 8 KiB and the pages’ 64 KiB with 413, not a 500 (readBody’s refusal reached page actions)', async () => {
      const before = await eventCount();
      const big = 'あ'.repeat(5_001);
      for (const [identity, page, form] of [
        ['admin', '/admin/users', { accountId: '1', role: 'staff', grant: 'true', quantity: big }],
        ['admin', '/monitor/qr-codes', { intent: 'issue', store_id: DEMO_STORE, email: big }],
        ['anonymous', '/login', { email: 'a@moncafe.test', password: big }],
        ['anonymous', '/verify-email', { token: big }],
      ] as const) {
        const body = Buffer.from(formEncode(form));
        expect(body.length, page).toBeGreaterThan(8 * 1024);
        expect(body.length, page).toBeLessThan(64 * 1024);
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const answer = await rawRequest(new URL(server.url), agent, {
            method: 'POST',
            path: page,
            headers: {
              ...cookies.get(identity),
              origin: server.url,
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': String(body.length),
            },
            body,
          });
          expect(answer.status, `${page}: ${answer.body.slice(0, 300)}`).toBe(413);
          expect(saysWhy(answer), page).toBe(true);
          // The JSON sign-in call reads its body the same way: the envelope naming the body.
        } finally {
          agent.destroy();
        }
      }
      const call = await httpClient(server.url).send('POST', '/api/auth/login', { json: { email: 'a@moncafe.test', password: 'あ'.repeat(5_001) } });
      expect(call.status).toBe(413);
      expect(await call.json()).toMatchObject({ success: false, field: 'body', error: '送信されたデータが大きすぎます' });
      expect(await eventCount()).toBe(before);
    });

    it('answers a provider’s callback with a code and state on a server without a provider with the failure card, not a 500', async () => {
      const before = await eventCount();
      for (const path of ['/auth/callback?code=2x&state=2x', '/auth/callback.data?code=2x&state=2x']) {
        const answer = await httpClient(server.url).get(path);
        expect(answer.status, path).toBe(200);
      }
      expect(await eventCount()).toBe(before);
    });

    it('refuses bytes that are not UTF-8 sent to the database import with 400 naming the line, not a 500', async () => {
      const admin = await signedInAdmin(server.url);
      const answer = await admin.send('POST', '/api/admin/database/import', { bytes: new Uint8Array([0x4c, 0xff, 0x78, 0x2b, 0x4a, 0x47]) });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false, error: 'invalid_line', line: 1 });
    });

    it('answers a request Node refuses before any handler (a URL over 16 KiB, a malformed request line) with the JSON envelope, not an empty 431 or 400', async () => {
      const raw = (text: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write(text));
          let answer = '';
          socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
          socket.on('end', () => resolve(answer));
          socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
        });
      const long = await raw(`GET /moncafe?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(long).toMatch(/^HTTP\/1\.1 431 /);
      expect(long).toContain('"error":"送信されたデータが大きすぎます"');
      const malformed = await raw('GET /moncafe HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
      expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
      expect(malformed).toContain('"error":"リクエストが正しくありません"');
    });
  });

  it(
    'answers every route never ≥ 500, appends nothing on a 4xx, says why on every 4xx, and keeps the connection',
    async () => {
      const base = new URL(server.url);
      const agents = new Map<IdentityName, { agent: http.Agent; open: boolean; lastUsed: number }>();
      const laneOf = (identity: IdentityName) => {
        let lane = agents.get(identity);
        if (!lane) {
          lane = { agent: new http.Agent({ keepAlive: true, maxSockets: 1 }), open: false, lastUsed: 0 };
          agents.set(identity, lane);
        }
        return lane;
      };
      const maxPosition = async () => Number((await pool.query<{ p: string | null }>('select max(position) as p from events')).rows[0]!.p ?? 0);

      const failures: string[] = [];
      const report: { route: string; sent: number; statuses: Record<string, number> }[] = [];
      let sequence = 0;
      let reused = 0;
      let appendedBy2xx = 0;

      for (const [index, pattern] of table.entries()) {
        const probes = probesFor(pattern, plausible, SEED + index);
        const statusOf = new Map<string, number>();
        const counts: Record<string, number> = {};
        const before = await maxPosition();
        for (const probe of probes) {
          sequence += 1;
          const requestId = `bad-input-${sequence}`;
          const lane = laneOf(probe.identity);
          const headers: Record<string, string> = {
            ...probe.request.headers,
            ...cookies.get(probe.identity),
            'x-request-id': requestId,
            // Each request from an address of its own: the per-address limits do not end the walk early.
            'x-forwarded-for': `198.19.${(sequence >> 8) & 255}.${sequence & 255}`,
          };
          if (probe.request.method !== 'GET') headers.origin = server.url;
          if (probe.request.body !== undefined) headers['content-length'] = String(probe.request.body.length);
          const shown = `${probe.identity} ${probe.request.method} ${probe.request.path.slice(0, 160)} [${probe.what}] (${requestId})`;
          // An idle kept-alive socket may be closed by the server after 5 s: only a fresh one must be reused.
          const mustReuse = lane.open && Date.now() - lane.lastUsed < 3_000;
          let answer: RawAnswer;
          try {
            answer = await rawRequest(base, lane.agent, { ...probe.request, headers });
          } catch (error) {
            failures.push(`${shown}: no answer (${String(error)})`);
            lane.open = false;
            continue;
          }
          if (answer.reusedSocket) reused++;
          lane.lastUsed = Date.now();
          lane.open = answer.headers.connection !== 'close' && !String(answer.headers['content-type'] ?? '').startsWith('text/event-stream');
          statusOf.set(requestId, answer.status);
          const bucket = `${Math.floor(answer.status / 100)}xx`;
          counts[bucket] = (counts[bucket] ?? 0) + 1;
          if (mustReuse && !answer.reusedSocket) failures.push(`${shown}: the kept-alive connection did not survive the request before it`);
          if (answer.status >= 500) {
            const logged = server
              .output()
              .split('\n')
              .filter((line) => line.includes(requestId) && !line.includes('"msg":"request"'))
              .map((line) => line.slice(0, 600));
            const sent = probe.request.body?.toString('utf8').slice(0, 400) ?? '';
            failures.push(`${shown}: ${answer.status} ${answer.body.slice(0, 120)}\nsent: ${sent}\n${logged.join('\n')}`);
          } else if (answer.status >= 400 && !saysWhy(answer)) failures.push(`${shown}: ${answer.status} says nothing: ${answer.body.slice(0, 200)}`);
        }
        const appended = await pool.query<{ type: string; correlation: string | null }>(
          "select type, metadata->>'correlationId' as correlation from events where position > $1 order by position",
          [before],
        );
        appendedBy2xx += appended.rows.filter((event) => (statusOf.get(event.correlation ?? '') ?? 500) < 400).length;
        for (const event of appended.rows) {
          const status = statusOf.get(event.correlation ?? '');
          if (status === undefined) failures.push(`${pattern}: ${event.type} appended by no request of the walk (${event.correlation})`);
          else if (status >= 400) failures.push(`${pattern}: ${event.type} appended by request ${event.correlation}, answered ${status}`);
        }
        report.push({ route: pattern, sent: probes.length, statuses: counts });
      }
      for (const { agent } of agents.values()) agent.destroy();

      console.log(
        [
          `bad-input walk: ${sequence} requests over ${report.length} routes (seed ${SEED}, ${RUNS} runs per route and identity); ${reused} on a reused kept-alive socket; ${appendedBy2xx} events appended, all by 2xx answers`,
          ...report.map(
            ({ route, sent, statuses }) =>
              `  ${route.padEnd(52)} ${String(sent).padStart(5)}  ${Object.entries(statuses)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ')}`,
          ),
        ].join('\n'),
      );
      expect(report.map((r) => r.route)).toEqual(table);
      expect(report.filter((r) => r.sent === 0)).toEqual([]);
      if (failures.length)
        console.log(
          server
            .output()
            .split('\n')
            .filter((line) => /"level":(50|60)/.test(line))
            .join('\n')
            .slice(0, 20_000),
        );
      expect(failures).toEqual([]);
    },
    Math.max(600_000, RUNS * 60_000),
  );
});
