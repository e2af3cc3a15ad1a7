import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerProblem } from '../support/api-document';
import { signUp } from '../support/accounts';
import { httpClient } from '../support/http-client';
import { signedInAdmin } from '../support/table-order';
import { startTestWebServer, waitForAnswer } from '../support/web-server';
import type { TestWebServer } from '../support/web-server';

/**
 * The public calls and pages of the customer site, driven over HTTP against the real server
 * (embedded PGlite, demo data) on a free port.
 */
let server: TestWebServer;

/** A GET as a browser sends it; a call's JSON answer is held to the described API (api-document.ts). */
async function getJson(path: string) {
  const response = await fetch(server.url + path, { redirect: 'manual' });
  const contentType = response.headers.get('content-type') ?? '';
  const body: unknown = contentType.includes('application/json') ? await response.json() : await response.text();
  const pathname = new URL(path, server.url).pathname;
  const problem = pathname.startsWith('/api/') ? await answerProblem(server.url, 'GET', pathname, response.status, contentType, body) : null;
  if (problem) throw new Error(problem);
  return { status: response.status, headers: response.headers, body };
}

interface StoreRow {
  store_id: string;
  name: string;
}
interface CardRow {
  id: string;
  card_type: string;
  is_active: boolean;
  display_order: number;
  title: string;
}
interface MenuRow {
  id: string;
  store_id: string;
  name: string;
  price: number;
  category: string;
  show_on_menu: boolean;
}
interface BusinessDayRow {
  is_closed: boolean;
  isHoliday: boolean;
  open_time: string | null;
  close_time: string | null;
}

beforeAll(async () => {
  server = await startTestWebServer();
  // The demo data is projected after start: wait until the read models hold it.
  await waitForAnswer(
    () => getJson('/api/admin/menu'),
    (answer) => Array.isArray(answer.body) && answer.body.length > 0,
  );
  await waitForAnswer(
    () => getJson('/api/admin/homepage-settings'),
    (answer) => Array.isArray(answer.body) && answer.body.length > 0,
  );
});

afterAll(async () => {
  await server?.close();
});

describe('stores', () => {
  it('lists the stores with store_id and name, cacheable for 30 minutes', async () => {
    const { status, headers, body } = await getJson('/api/stores');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=1800');
    const stores = body as StoreRow[];
    expect(stores.length).toBeGreaterThan(0);
    for (const store of stores) {
      expect(typeof store.store_id).toBe('string');
      expect(store.name.length).toBeGreaterThan(0);
    }
  });

  it('answers one store with its name, and a JSON 404 for an unknown id', async () => {
    const [first] = (await getJson('/api/stores')).body as StoreRow[];
    const one = await getJson(`/api/stores/${first!.store_id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ store_id: first!.store_id, name: first!.name });

    const missing = await getJson('/api/stores/no-such-store');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'not found' });
  });
});

describe('homepage settings', () => {
  it('answers only active cards, in display order', async () => {
    const { status, headers, body } = await getJson('/api/admin/homepage-settings');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=600');
    const cards = body as CardRow[];
    expect(cards.every((card) => card.is_active)).toBe(true);
    const orders = cards.map((card) => card.display_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(cards.map((card) => card.card_type)).toContain('calendar');
  });
});

describe('menu', () => {
  it('answers the menu array with a category on every item', async () => {
    const { status, headers, body } = await getJson('/api/admin/menu');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=3600');
    const menu = body as MenuRow[];
    expect(menu.length).toBeGreaterThan(0);
    for (const item of menu) {
      expect(['drink', 'food', 'dessert']).toContain(item.category);
      expect(typeof item.price).toBe('number');
      expect(typeof item.show_on_menu).toBe('boolean');
    }
  });

  it('narrows to one store with store_id, and rejects a malformed store_id naming the field', async () => {
    const all = (await getJson('/api/admin/menu')).body as MenuRow[];
    const storeId = all[0]!.store_id;
    const one = (await getJson(`/api/admin/menu?store_id=${encodeURIComponent(storeId)}`)).body as MenuRow[];
    expect(one.length).toBe(all.filter((item) => item.store_id === storeId).length);
    expect(one.every((item) => item.store_id === storeId)).toBe(true);
    expect((await getJson('/api/admin/menu?store_id=no-such-store')).body).toEqual([]);

    const bad = await getJson('/api/admin/menu?store_id=%20bad%20id');
    expect(bad.status).toBe(400);
    // The id's own check is worded in the screen's language, never the schema's English.
    expect(bad.body).toMatchObject({ error: 'invalid query', field: 'store_id', message: '「store_id」の形式が正しくありません' });
  });
});

describe('business hours', () => {
  it('answers a map with every date of the asked month', async () => {
    const { status, headers, body } = await getJson('/api/admin/business-hours?month=2027-02');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=900');
    const days = body as Record<string, BusinessDayRow>;
    expect(Object.keys(days)).toHaveLength(28);
    expect(Object.keys(days)[0]).toBe('2027-02-01');
    for (const day of Object.values(days)) {
      expect(typeof day.is_closed).toBe('boolean');
      if (!day.is_closed) expect(day.open_time! < day.close_time!).toBe(true);
    }
    // 建国記念の日 and 天皇誕生日 come from the holiday table.
    expect(days['2027-02-11']?.isHoliday).toBe(true);
    expect(days['2027-02-23']?.isHoliday).toBe(true);
    expect(days['2027-02-12']?.isHoliday).toBe(false);
  });

  it('answers the current month when no month is given', async () => {
    const days = (await getJson('/api/admin/business-hours')).body as Record<string, BusinessDayRow>;
    const dates = Object.keys(days);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(await server.now());
    expect(dates.length).toBeGreaterThanOrEqual(28);
    expect(dates.every((date) => date.startsWith(month))).toBe(true);
  });

  it('answers a date range with both ends included', async () => {
    const days = (await getJson('/api/admin/business-hours?start_date=2026-12-30&end_date=2027-01-02')).body as Record<string, BusinessDayRow>;
    expect(Object.keys(days)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('rejects bad queries with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['month=2026-13', 'month'],
      ['month=soon', 'month'],
      ['start_date=2026-02-30&end_date=2026-03-01', 'start_date'],
      ['start_date=2026-03-01', 'end_date'],
      ['start_date=2026-03-10&end_date=2026-03-01', 'end_date'],
      ['start_date=2026-01-01&end_date=2028-01-01', 'end_date'],
      ['month=2026-03&start_date=2026-03-01&end_date=2026-03-02', 'month'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await getJson(`/api/admin/business-hours?${query}`);
      expect({ query, status, body }).toMatchObject({ query, status: 400, body: { error: 'invalid query', field } });
    }
  });

  it('answers a JSON 404 for an unknown store', async () => {
    const { status, body } = await getJson('/api/admin/business-hours?store_id=no-such-store');
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'not found' });
  });
});

describe('the described API', () => {
  it('describes every call as OpenAPI 3.1, public and kept 10 minutes, and the suites hold answers to it', async () => {
    const answer = await getJson('/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=600');
    const document = answer.body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/stores', '/api/customery-day/allocate-seat', '/api/admin/seats/{id}']));
    expect(Object.keys(document.paths['/api/admin/seats/{id}']!).sort()).toEqual(['delete', 'put']);
    // The check every answer goes through uses this server's document: a store list that lost
    // its names, or a refusal that is not the envelope, would fail the test that received it.
    expect(await answerProblem(server.url, 'GET', '/api/stores', 200, 'application/json', [{ store_id: '2' }])).toMatch(/off the document: .*name/);
    expect(await answerProblem(server.url, 'GET', '/api/stores/2', 404, 'application/json', { message: 'store not found' })).toMatch(/off the document/);
    expect(await answerProblem(server.url, 'GET', '/api/stores', 200, 'application/json', (await getJson('/api/stores')).body)).toBeNull();
  });
});

describe('pages and redirects', () => {
  it('sends / and unknown paths to /moncafe, and unknown calls get a JSON 404', async () => {
    for (const path of ['/', '/no-such-page', '/deep/unknown/path']) {
      const response = await fetch(server.url + path, { redirect: 'manual' });
      expect({ path, status: response.status }).toEqual({ path, status: 302 });
      expect(response.headers.get('location')).toBe('/moncafe');
    }
    const call = await getJson('/api/no-such-call');
    expect(call.status).toBe(404);
    expect(call.body).toMatchObject({ error: 'not found' });
  });

  it('serves the icons, robots.txt and the web manifest themselves, never the unknown path’s redirect', async () => {
    const files = [
      { path: '/favicon.ico', type: /^image\/(x-icon|vnd\.microsoft\.icon)/ },
      { path: '/favicon.svg', type: /^image\/svg\+xml/ },
      { path: '/apple-touch-icon.png', type: /^image\/png/ },
      { path: '/icons/icon-192.png', type: /^image\/png/ },
      { path: '/icons/icon-512.png', type: /^image\/png/ },
      { path: '/robots.txt', type: /^text\/plain/ },
      { path: '/manifest.webmanifest', type: /^application\/manifest\+json/ },
    ];
    for (const file of files) {
      const response = await fetch(server.url + file.path, { redirect: 'manual' });
      expect({ path: file.path, status: response.status }).toEqual({ path: file.path, status: 200 });
      expect(response.headers.get('content-type')).toMatch(file.type);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('keeps crawlers off the admin, staff, monitor and API paths, and leaves the customer site to them', async () => {
    const robots = (await getJson('/robots.txt')).body as string;
    const disallowed = robots
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    for (const path of ['/admin', '/staff', '/monitor', '/api/', '/kitchen']) expect(disallowed).toContain(path);
    for (const open of ['/moncafe', '/menu', '/reservation', '/access', '/about'])
      expect(
        disallowed.filter((prefix) => open.startsWith(prefix)),
        open,
      ).toEqual([]);
  });

  it('names the tablets’ installable app after the store asked for, standalone, with icons it serves', async () => {
    const stores = (await getJson('/api/stores')).body as StoreRow[];
    const last = stores.at(-1)!;
    const manifest = (await fetch(`${server.url}/manifest.webmanifest?store_id=${last.store_id}`).then((r) => r.json())) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ short_name: last.name, display: 'standalone', start_url: '/monitor' });
    expect(manifest.name).toContain(last.name);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await fetch(server.url + icon.src, { redirect: 'manual' })).status).toBe(200);
    const unknown = (await fetch(`${server.url}/manifest.webmanifest?store_id=no-such-store`).then((r) => r.json())) as { short_name: string };
    expect(stores.map((s) => s.name)).toContain(unknown.short_name);
  });

  it('renders the public pages with titles that end with the product name', async () => {
    const pages: [string, string][] = [
      ['/moncafe', 'ホーム | MonCafe'],
      ['/about', '店舗について | MonCafe'],
      ['/access', 'アクセス | MonCafe'],
      ['/menu', 'メニュー | MonCafe'],
    ];
    for (const [path, title] of pages) {
      const response = await fetch(server.url + path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      const html = await response.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain('lang="ja"');
    }
  });

  it('renders the homepage cards and the calendar of this month on the server', async () => {
    const cards = (await getJson('/api/admin/homepage-settings')).body as CardRow[];
    const html = await (await fetch(server.url + '/moncafe')).text();
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric' }).formatToParts(await server.now());
    const year = month.find((p) => p.type === 'year')?.value;
    const monthNumber = month.find((p) => p.type === 'month')?.value;
    expect(html).toContain(`${year}年${monthNumber}月`);
    for (const card of cards.filter((c) => c.card_type !== 'calendar' && c.title)) {
      expect(html).toContain(card.title);
    }
  });

  it.each(['/moncafe', '/menu'])('renders %s once, yet gives every answer its own CSP nonce on every script', async (page) => {
    const visits = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(server.url + page);
      expect(response.status).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      visits.push({ nonce: nonce!, html: await response.text() });
    }
    for (const { nonce, html } of visits) {
      expect(nonce).toBeTruthy();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    }
    expect(new Set(visits.map((v) => v.nonce)).size).toBe(3);
    // The same page otherwise: rendered once, the nonce swapped in.
    const [first, ...others] = visits.map(({ nonce, html }) => html.replaceAll(nonce, 'NONCE'));
    for (const other of others) expect(other).toBe(first);
  });

  it.each(['/moncafe', '/menu'])(
    'keeps %s for guests only: a signed-in visitor gets a page rendered for them, and guests never see their name',
    async (page) => {
      const guestVisit = async () => {
        const response = await fetch(server.url + page);
        expect(response.status).toBe(200);
        return { timing: response.headers.get('server-timing'), html: await response.text() };
      };
      await guestVisit();
      expect((await guestVisit()).timing).toContain('page;desc="kept"');

      const name = `会員 ${page.slice(1)}`;
      const member = httpClient(server.url);
      await signUp(member, { name, email: `kept-${page.slice(1)}@example.test`, password: 'member-password-123' });
      for (let i = 0; i < 2; i++) {
        const response = await member.get(page);
        expect(response.status).toBe(200);
        expect(response.headers.get('server-timing') ?? '').not.toContain('page;desc="kept"');
        expect(await response.text()).toContain(name);
      }

      const after = await guestVisit();
      expect(after.timing).toContain('page;desc="kept"');
      expect(after.html).not.toContain(name);
    },
  );

  it('renders the access page for the store with a maps button chosen by the phone', async () => {
    const [store] = (await getJson('/api/stores')).body as StoreRow[];
    const iphone = await (await fetch(server.url + '/access', { headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' } })).text();
    expect(iphone).toContain(store!.name);
    expect(iphone).toContain('https://maps.apple.com/');
    const android = await (await fetch(server.url + '/access', { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' } })).text();
    expect(android).toContain('https://www.google.com/maps/search/');
  });

  it("lets the page's content security policy load the embedded map", async () => {
    const response = await fetch(server.url + '/access');
    const html = await response.text();
    const src = /<iframe[^>]*class="map"[^>]*src="([^"]+)"/.exec(html)?.[1] ?? /<iframe[^>]*src="([^"]+)"[^>]*class="map"/.exec(html)?.[1];
    expect(src).toBeDefined();
    const frameSrc = (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-src'));
    expect(frameSrc?.split(' ')).toContain(new URL(src!.replaceAll('&amp;', '&')).origin);
  });
});

/**
 * The door in front of React Router (decision 460): a guest's kept page is answered before any
 * route is matched, for the same address, language and kind of visitor only, and no longer once
 * the data it was made from changed or the day did.
 */
describe('kept pages at the door', () => {
  const visit = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(server.url + path, { headers });
    expect(response.status).toBe(200);
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    return { timing: response.headers.get('server-timing') ?? '', type: response.headers.get('content-type'), html, page: html.replaceAll(nonce, 'NONCE') };
  };
  const atTheDoor = async (path: string, headers: Record<string, string> = {}) => {
    await visit(path, headers);
    const answer = await visit(path, headers);
    expect(answer.timing).toContain('door');
    return answer;
  };

  it.each(['/moncafe', '/menu', '/menu?store_id=1'])(
    'answers %s for a guest with the page and headers React Router gives, its own nonce on every script',
    async (path) => {
      const door = await atTheDoor(path);
      // Another cookie goes on to React Router, which answers the same kept page.
      const router = await visit(path, { cookie: 'other=1' });
      expect(router.timing).toContain('page;desc="kept"');
      expect(router.timing).not.toContain('door');
      expect(door.page).toBe(router.page);
      expect(door.type).toBe(router.type);
      const nonce = /'nonce-([^']+)'/.exec((await fetch(server.url + path)).headers.get('content-security-policy') ?? '')?.[1];
      expect(door.html).not.toContain('moncafe-render-once-nonce');
      const again = await fetch(server.url + path);
      const againNonce = /'nonce-([^']+)'/.exec(again.headers.get('content-security-policy') ?? '')?.[1];
      expect(againNonce).not.toBe(nonce);
      for (const script of (await again.text()).matchAll(/<script\b[^>]*>/g)) expect(script[0]).toContain(`nonce="${againNonce}"`);
    },
  );

  it('never gives one language’s page to another, whether the language comes from the browser or the cookie', async () => {
    const ja = await atTheDoor('/moncafe');
    const en = await atTheDoor('/moncafe', { 'accept-language': 'en-US,en;q=0.9' });
    const enByCookie = await atTheDoor('/moncafe', { cookie: 'lang=en', 'accept-language': 'ja' });
    const jaByCookie = await atTheDoor('/moncafe', { cookie: 'lang=ja', 'accept-language': 'en' });
    expect(ja.html).toContain('<html lang="ja"');
    expect(jaByCookie.html).toContain('<html lang="ja"');
    expect(en.html).toContain('<html lang="en"');
    expect(enByCookie.html).toContain('<html lang="en"');
    expect(en.page).not.toBe(ja.page);
  });

  it('never answers a signed-in visitor at the door, nor shows their name to a guest', async () => {
    await atTheDoor('/moncafe');
    const member = httpClient(server.url);
    await signUp(member, { name: '扉の会員', email: 'door-member@example.test', password: 'member-password-123' });
    // The session cookie beside the language's: still the visitor's own page.
    member.cookie = `${member.cookie!}; lang=ja`;
    for (let i = 0; i < 2; i++) {
      const response = await member.get('/moncafe');
      expect(response.headers.get('server-timing') ?? '').not.toContain('kept');
      expect(await response.text()).toContain('扉の会員');
    }
    expect((await atTheDoor('/moncafe')).html).not.toContain('扉の会員');
  });

  it('stops answering a page once the owner changes its homepage card or opens a store, and answers the new one', async () => {
    const admin = await signedInAdmin(server.url);
    await atTheDoor('/moncafe');
    await atTheDoor('/menu');
    const title = '扉のテストのお知らせ';
    const saved = await admin.send('POST', '/admin/homepage-settings', {
      json: { intent: 'save', id: null, card: { card_type: 'other', title, link_url: '/menu', display_order: 99 } },
    });
    expect(saved.status).toBe(200);
    // The change dropped the cached answer at once: the next guest never gets the old page at the door.
    const next = await visit('/moncafe');
    expect(next.timing.includes('door') && !next.html.includes(title)).toBe(false);
    await waitForAnswer(
      () => visit('/moncafe'),
      (answer) => answer.html.includes(title),
    );
    expect((await atTheDoor('/moncafe')).html).toContain(title);

    const cards = (await getJson('/api/admin/homepage-settings')).body as CardRow[];
    const removed = await admin.send('POST', '/admin/homepage-settings', { json: { intent: 'remove', id: cards.find((c) => c.title === title)!.id } });
    expect(removed.status).toBe(200);
    const afterRemoval = await visit('/moncafe');
    expect(afterRemoval.timing.includes('door') && afterRemoval.html.includes(title)).toBe(false);
    await waitForAnswer(
      () => visit('/moncafe'),
      (answer) => !answer.html.includes(title),
    );
    expect((await atTheDoor('/moncafe')).html).not.toContain(title);

    const name = 'MonCafe 扉テスト店';
    const opened = await admin.send('POST', '/api/admin/stores', {
      json: {
        name,
        postal_code: '160-0023',
        address: '東京都新宿区西新宿1-2-3',
        phone: '03-2222-3333',
        email: 'door@moncafe.test',
        access_note: '',
        display_order: 60,
      },
    });
    expect(opened.status).toBe(200);
    const storeId = ((await opened.json()) as { store_id: string }).store_id;
    const home = await visit('/moncafe');
    expect(home.timing.includes('door') && !home.html.includes(name)).toBe(false);
    await waitForAnswer(
      () => visit('/moncafe'),
      (answer) => answer.html.includes(name),
    );
    expect((await atTheDoor('/moncafe')).html).toContain(name);
    // Per store: the menu's address names its store in the title, and each store's page is its own.
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(titleOf((await atTheDoor(`/menu?store_id=${storeId}`)).html)).toContain(name);
    expect(titleOf((await atTheDoor('/menu?store_id=1')).html)).not.toContain(name);
  });

  it('answers a page for one day only: the next day it is made again', async () => {
    await atTheDoor('/moncafe');
    await server.advanceClock(24 * 60 * 60 * 1000);
    expect((await visit('/moncafe')).timing).not.toContain('door');
    await atTheDoor('/moncafe');
  });
});
