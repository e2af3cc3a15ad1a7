import { afterAll, beforeAll, expect } from 'vitest';
import { addDays, minutesOf, tokyoDateTime, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { DEMO_SECOND_STORE_ID } from '@moncafe/demo/second-store';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { desktop, offlineContext, phone } from './browser';
import { signUp } from './accounts';
import { httpClient, type HttpClient } from './http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, waitForAnswer, type TestWebServer } from './web-server';

/** The demo store (demo/src/demo-data.ts): the order page's default store, at 西新宿1-1-1 with a 150 m fence. */
export const DEMO_STORE = '2';
export const AT_DEMO_STORE = { lat: 35.690921, lng: 139.698414, accuracy: 25 };
/** Tokyo station, about 6 km from the demo store. */
export const FAR_FROM_DEMO_STORE = { lat: 35.681236, lng: 139.767125, accuracy: 25 };

/** The server's clock now (it only moves forward, through /__test/clock). */
export function serverNow(server: TestWebServer): Promise<Date> {
  return server.now();
}

type Hours = Record<string, { is_closed: boolean; open_time?: string | null; close_time?: string | null }>;

/**
 * Where `moveToOpenHours` moves a clock reading `now`, given the store's hours from today on:
 * the date chosen and the instant, `now` itself when it may stay. Pure, so the choice is tested
 * at awkward instants (test-days.unit.test.ts) as well as at the one a suite runs at.
 */
export function openHoursTarget(now: Date, days: Hours, marginMinutes = 120, options: { sameDayBookable?: boolean } = {}): { date: string; at: Date } {
  const today = tokyoDateTime(now);
  for (const [date, day] of Object.entries(days).sort()) {
    if (day.is_closed || !day.open_time || !day.close_time) continue;
    const open = minutesOf(day.open_time);
    const close = minutesOf(day.close_time);
    if (!options.sameDayBookable && date === today.date && today.minute >= open && today.minute + marginMinutes < close) return { date, at: now };
    const target = tokyoInstant(date, Math.max(open, 12 * 60));
    if (target.getTime() > now.getTime()) return { date, at: target };
  }
  throw new Error('the demo store has no open day within 20 days');
}

/** Where `moveToBothDemoStoresOpen` moves a clock reading `now`: 12:00 of the first day both stores' hours are open. */
export function bothOpenTarget(now: Date, first: Hours, second: Hours): { date: string; at: Date } {
  for (const date of Object.keys(first).sort()) {
    if (first[date]?.is_closed || second[date]?.is_closed) continue;
    const target = tokyoInstant(date, 12 * 60);
    if (target.getTime() > now.getTime()) return { date, at: target };
  }
  throw new Error('no day both demo stores are open');
}

/** The store's hours for the 21 days from the server's today, once the demo data is projected. */
async function hoursFrom(server: TestWebServer, store: string, today: string): Promise<Hours> {
  const end = addDays(today, 20);
  return waitForAnswer(
    async () => (await fetch(`${server.url}/api/admin/business-hours?store_id=${store}&start_date=${today}&end_date=${end}`)).json() as Promise<Hours>,
    (d) => Object.values(d).some((day) => !day.is_closed),
    1200,
  );
}

/**
 * Moves the server's clock to a time the demo store is open (12:00 Tokyo on its next open day,
 * or leaves it where it is when the store is open for at least `margin` minutes more), once the
 * demo data is projected. Answers the Tokyo date chosen. `sameDayBookable`: never left where it
 * is, always 12:00 — before the same-day booking deadline (15:00 in the demo), so a guest may
 * still book that day's later times whatever the hour the suite runs at.
 */
export async function moveToOpenHours(server: TestWebServer, marginMinutes = 120, options: { sameDayBookable?: boolean } = {}): Promise<string> {
  const now = await serverNow(server);
  const target = openHoursTarget(now, await hoursFrom(server, DEMO_STORE, tokyoDateTime(now).date), marginMinutes, options);
  if (target.at.getTime() > now.getTime()) await server.advanceClock(target.at.getTime() - now.getTime());
  return target.date;
}

/**
 * Moves the server's clock to 12:00 Tokyo of the next day both demo stores (2 and 3, closed on
 * different weekdays) are open, as their hours say; answers that date.
 */
export async function moveToBothDemoStoresOpen(server: TestWebServer): Promise<string> {
  const now = await serverNow(server);
  const today = tokyoDateTime(now).date;
  const target = bothOpenTarget(now, await hoursFrom(server, DEMO_STORE, today), await hoursFrom(server, DEMO_SECOND_STORE_ID, today));
  await server.advanceClock(target.at.getTime() - now.getTime());
  return target.date;
}

/** A client signed in as the first admin (a monitor/admin for the floor's calls). */
export async function signedInAdmin(url: string): Promise<HttpClient> {
  const admin = httpClient(url);
  const login = await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status}`);
  return admin;
}

/** Waits until the demo seats and order menu are projected (a fresh server applies the demo data after it starts). */
export async function waitForOrderMenu(url: string): Promise<{ id: string; name: string; price: number; price_with_tax: number }[]> {
  const answer = await waitForAnswer(
    async () =>
      (await fetch(`${url}/api/orders/menu?store_id=${DEMO_STORE}`)).json() as Promise<{
        menus?: { id: string; name: string; price: number; price_with_tax: number }[];
      }>,
    (a) => (a.menus?.length ?? 0) >= 8,
    1200,
  );
  return answer.menus!;
}

/** The demo store's seats (demo/src/demo-data.ts DEMO_SEAT_IDS). */
export const DEMO_SEATS = ['seat-c1', 'seat-c2', 'seat-t1', 'seat-t2', 'seat-t3', 'seat-t4', 'seat-s1'] as const;

/**
 * The printed QR URLs of the demo store's seats, as the staff QR page (/monitor/qr-codes) shows
 * them to a signed-in admin: `{seatId: url}` (decision 150). Waits until the demo data has issued
 * a code for every demo seat.
 */
export async function printedSeatUrls(url: string): Promise<Record<string, string>> {
  const admin = await signedInAdmin(url);
  return waitForAnswer(
    async () => {
      const { html } = await admin.page(`/monitor/qr-codes?store_id=${DEMO_STORE}`);
      const urls: Record<string, string> = {};
      for (const m of html.matchAll(/https?:\/\/[^"<\s]*\/order\/top\?seat_id=([^&"<]+)&(?:amp;)?code=([A-Za-z0-9_-]+)/g))
        urls[decodeURIComponent(m[1]!)] = m[0].replace(/&amp;/g, '&');
      return urls;
    },
    (urls) => DEMO_SEATS.every((seat) => urls[seat]),
    1200,
  );
}

const codesByServer = new Map<string, Promise<Record<string, string>>>();

/** The seat's current code as its printed QR carries it (read once per server from the staff QR page; a rotation needs `printedSeatUrls` again). */
export async function seatCodeOf(url: string, seatId: string): Promise<string> {
  let codes = codesByServer.get(url);
  if (!codes) {
    codes = printedSeatUrls(url).then((urls) =>
      Object.fromEntries(Object.entries(urls).map(([seat, printed]) => [seat, new URL(printed).searchParams.get('code')!])),
    );
    codesByServer.set(url, codes);
  }
  const code = (await codes)[seatId];
  if (!code) throw new Error(`no printed code for ${seatId}`);
  return code;
}

/** A party of `people` checks in at the demo store's `seatId` with its printed code, from the store: the phone's client, its visit and its token. */
export async function checkedIn(url: string, seatId: string, people = 1) {
  const guest = httpClient(url);
  const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
    seat_id: seatId,
    number_of_people: people,
    seat_code: await seatCodeOf(url, seatId),
    ...AT_DEMO_STORE,
  });
  expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
  return { guest, reservationId: checkIn.body.reservation_id, token: checkIn.body.token };
}

/** Sends a call with a guest's table-order token. */
export function withToken(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The session cookie of a signed-in client, for a browser context (`context.addCookies`). */
export function browserCookies(client: HttpClient, url: string) {
  return (client.cookie ?? '').split('; ').flatMap((pair) => {
    const cut = pair.indexOf('=');
    return cut > 0 ? [{ name: pair.slice(0, cut), value: pair.slice(cut + 1), url }] : [];
  });
}

/**
 * A stand-in for the Web Audio API that records when each oscillator starts (`window.__beeps`),
 * so a test sees the kitchen's beeps without sound. Installed before the page's scripts run.
 */
export const recordBeeps = () => {
  const w = window as unknown as { __beeps: number[]; AudioContext: unknown };
  w.__beeps = [];
  class RecordingAudioContext {
    state = 'suspended';
    currentTime = 0;
    destination = {};
    resume() {
      this.state = 'running';
      return Promise.resolve();
    }
    createOscillator() {
      return { type: '', frequency: { value: 0 }, connect: () => undefined, start: (at: number) => w.__beeps.push(at), stop: () => undefined };
    }
    createGain() {
      return { gain: { value: 0 }, connect: () => undefined };
    }
  }
  w.AudioContext = RecordingAudioContext;
};

/** A test server with the demo cafe's order menu projected and its clock in opening hours. */
export async function startTableOrderServer(options: Parameters<typeof startTestWebServer>[0] = {}): Promise<TestWebServer> {
  const server = await startTestWebServer(options);
  await waitForOrderMenu(server.url);
  await moveToOpenHours(server);
  return server;
}

/**
 * The table-order server of a describe block and its signed-in owner: started before its tests,
 * closed after them. Read `server` and `admin` inside a test (they are set once `beforeAll` ran).
 */
export function tableOrderServerWithAdmin(options: Parameters<typeof startTestWebServer>[0] = {}): { server: TestWebServer; admin: HttpClient } {
  const held = {} as { server: TestWebServer; admin: HttpClient };
  beforeAll(async () => {
    held.server = await startTableOrderServer(options);
    held.admin = await signedInAdmin(held.server.url);
  });
  afterAll(() => held.server?.close());
  return held;
}

/** A guest's phone whose browser reports `position` (geolocation granted). */
export function guestPhone(browser: Browser, url: string, position: { lat: number; lng: number; accuracy: number } = AT_DEMO_STORE) {
  return offlineContext(browser, url, {
    ...phone,
    geolocation: { latitude: position.lat, longitude: position.lng, accuracy: position.accuracy },
    permissions: ['geolocation'],
  });
}

/** A browser signed in as the first admin (monitor and admin screens), reaching the server at `url`. */
export async function staffBrowser(browser: Browser, server: TestWebServer, screen: BrowserContextOptions, url = server.url) {
  const context = await offlineContext(browser, url, screen);
  await context.addCookies(browserCookies(await signedInAdmin(server.url), url));
  return context;
}

/**
 * The kitchen screen of one store (/monitor/kitchen, the admin's chosen store) in a signed-in
 * desktop browser, once its live feed is up; `watch` sees the page before it loads.
 */
export async function kitchenOf(browser: Browser, server: TestWebServer, storeId: string, watch: (page: Page) => Page = (page) => page) {
  const context = await staffBrowser(browser, server, desktop);
  await context.addInitScript((store) => {
    if (window.location.origin !== 'null') window.localStorage.setItem('adminStoreId', store);
  }, storeId);
  const page = watch(await context.newPage());
  await page.goto('/monitor/kitchen');
  await page.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
  return { context, page };
}

/**
 * The order of `item` placed at `storeId` shows on that store's kitchen screen, once, and not on
 * `otherStoreId`'s (which is up and live: an empty list there is not a screen still loading).
 */
export async function expectOrderInItsKitchenOnly(
  browser: Browser,
  server: TestWebServer,
  stores: { storeId: string; otherStoreId: string; item: string },
  watch: (page: Page) => Page = (page) => page,
): Promise<void> {
  const ours = await kitchenOf(browser, server, stores.storeId, watch);
  await expect.poll(() => ours.page.getByTestId('kitchen-order').filter({ hasText: stores.item }).count()).toBe(1);
  const other = await kitchenOf(browser, server, stores.otherStoreId, watch);
  expect(await other.page.getByTestId('kitchen-order').filter({ hasText: stores.item }).count()).toBe(0);
  await ours.context.close();
  await other.context.close();
}

/**
 * A desktop browser signed in as a new staff member on the first demo store's staff list only
 * (signed up, given the staff role by the admin, listed with a wage), whose kept store choice is
 * `chosen` (another store, to see it refused).
 */
export async function firstStoreStaffBrowser(browser: Browser, server: TestWebServer, chosen: string, who: { name: string; email: string; password: string }) {
  const admin = await signedInAdmin(server.url);
  const staff = httpClient(server.url);
  const { id } = await signUp(staff, who);
  if ((await admin.postJson(`/api/admin/users/${id}/roles`, { role: 'staff', grant: true })).status !== 200) throw new Error('staff role not granted');
  if ((await admin.send('PUT', `/api/users/${id}`, { json: { store_id: DEMO_STORE, wage: 1200 } })).status !== 200) throw new Error('not listed at the store');
  const context = await offlineContext(browser, server.url, desktop);
  await context.addCookies(browserCookies(staff, server.url));
  await context.addInitScript((store) => {
    if (window.location.origin !== 'null') window.localStorage.setItem('staffStoreId', store);
  }, chosen);
  return context;
}

/**
 * A browser context at `screen` signed in as the demo's owner, the demo store already chosen in
 * every area (the staff, monitor and admin frames read it from local storage).
 */
export async function ownerContext(browser: Browser, url: string, screen: BrowserContextOptions) {
  const context = await offlineContext(browser, url, screen);
  await context.addInitScript((store) => {
    // The script runs in every document, a new tab's about:blank too, whose storage is refused.
    if (window.location.origin === 'null') return;
    window.localStorage.setItem('staffStoreId', store);
    window.localStorage.setItem('adminStoreId', store);
  }, DEMO_STORE);
  const login = await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  if (login.status() !== 200) throw new Error(`owner sign-in failed: ${login.status()}`);
  return context;
}
