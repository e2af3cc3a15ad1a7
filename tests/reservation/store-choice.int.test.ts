import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SECOND_SEAT_IDS, DEMO_SECOND_STORE_CARD_ID, DEMO_SECOND_STORE_ID } from '@moncafe/demo/second-store';
import { HttpClient } from '../support/http-client';
import { signedInAdmin } from '../support/table-order';
import { startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';
import { demoCoursesReady } from './booking-steps';

/**
 * The guest's store choice over HTTP (decision 406), against the demo's two stores: the calls
 * take `store_id` as a claim the server checks, the seats are held at the store named, and a
 * store that is not open is answered with a clear 404, never a 500 nor another store's seats.
 */
let server: TestWebServer;

beforeAll(async () => {
  server = await startTestWebServer();
  await demoCoursesReady(server.url);
}, 180_000);

afterAll(async () => server?.close());

describe('the store a guest chose', () => {
  it('holds seats at the chosen store, the first store without a choice, and refuses a store that is not open', async () => {
    const guest = new HttpClient(server.url);
    const second = await waitForAnswer(
      () => guest.post('/api/customery-day/available-dates', { people: 2, menuIds: [], store_id: DEMO_SECOND_STORE_ID }),
      (a) => a.status === 200 && (a.body.dates as string[]).length > 0,
      1200,
    );
    const date = (second.body.dates as string[])[1] ?? (second.body.dates as string[])[0]!;
    const times = await guest.post('/api/customery-day/available-times', { date, people: 2, menuIds: [], store_id: DEMO_SECOND_STORE_ID });
    const time = (times.body.times as string[])[0]!;
    // 08:00 is a time only the second store is open (the first opens at 10:00).
    expect(times.body.times).toContain('08:00');

    const held = await guest.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [], store_id: DEMO_SECOND_STORE_ID });
    expect(held.status).toBe(200);
    expect((held.body.seat_ids as string[]).length).toBeGreaterThan(0);
    for (const seat of held.body.seat_ids as string[]) expect(DEMO_SECOND_SEAT_IDS).toContain(seat);

    const first = await new HttpClient(server.url).post('/api/customery-day/allocate-seat', { date, time: '12:00', people: 2, menuIds: [] });
    for (const seat of (first.body.seat_ids as string[]) ?? []) expect(DEMO_SECOND_SEAT_IDS).not.toContain(seat);

    for (const [call, body] of [
      ['/api/customery-day/available-dates', { people: 2, menuIds: [] }],
      ['/api/customery-day/available-times', { date, people: 2, menuIds: [] }],
      ['/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [] }],
      ['/api/customery-day/is-closed', { date }],
    ] as const) {
      const refused = await guest.post(call, { ...body, store_id: 'no-such-store' });
      expect(refused.status, call).toBe(404);
      expect(refused.body.error, call).toBe('選ばれた店舗は見つからないか、閉店しています。店舗を選び直してください。');
    }
    expect((await guest.getJson('/api/customer/menu?store_id=no-such-store')).status).toBe(404);
  });

  it('shows the stores on the homepage and names the chosen store on /reservation; an unknown store is said, not a 500', async () => {
    const guest = new HttpClient(server.url);
    const home = await guest.page('/moncafe');
    expect(home.html).toContain('data-testid="store-list"');
    expect(home.html).toContain('MonCafe 西口公園店');
    expect(home.html).toContain(`/reservation?store=${DEMO_SECOND_STORE_ID}`);
    const chosen = await guest.page(`/reservation?store=${DEMO_SECOND_STORE_ID}`);
    expect(chosen.status).toBe(200);
    expect(chosen.html).toContain('<title>予約コース | MonCafe 西口公園店 | MonCafe</title>');
    const unknown = await guest.page('/reservation?store=no-such-store');
    expect(unknown.status).toBe(200);
    expect(unknown.html).toContain('data-testid="unknown-store"');
  });

  it('names the chosen store in the titles of /menu and the booking steps, each rendered for its own address; none chosen, the spec’s title (decision 414)', async () => {
    const guest = new HttpClient(server.url);
    const titleOf = async (path: string) => /<title>([^<]*)<\/title>/.exec((await guest.page(path)).html)?.[1];
    const pages: [path: string, param: string, screen: string][] = [
      ['/menu', 'store_id', 'メニュー'],
      ['/reservation/day', 'store', '日付と時間の選択'],
      ['/reservation-details', 'store', '予約詳細の入力'],
      ['/customer-information', 'store', 'お客様情報の入力'],
    ];
    for (const [path, param, screen] of pages) {
      expect(await titleOf(`${path}?${param}=${DEMO_SECOND_STORE_ID}`), path).toBe(`${screen} | MonCafe 西口公園店 | MonCafe`);
      expect(await titleOf(path), path).toBe(`${screen} | MonCafe`);
      // A store that is not open names none.
      expect(await titleOf(`${path}?${param}=no-such-store`), path).toBe(`${screen} | MonCafe`);
    }
    // /menu is kept once per address: the second store's page, asked again, still names it.
    expect(await titleOf(`/menu?store_id=${DEMO_SECOND_STORE_ID}`)).toBe('メニュー | MonCafe 西口公園店 | MonCafe');
  });

  // Last: it closes the second store.
  it('shows a store’s own homepage card named by its store while it is open, the site’s cards unnamed; a card for a store there is not is refused, nothing saved (decision 456)', async () => {
    const guest = new HttpClient(server.url);
    const cardsOn = async () => {
      const html = (await guest.page('/moncafe')).html;
      const list = html.slice(html.indexOf('data-testid="home-cards"'));
      return { list, named: [...list.matchAll(/data-testid="card-store"[^>]*>([^<]*)</g)].map((m) => m[1]) };
    };
    // The demo's: the site's calendar (the first store's days) and the second store's terrace card
    // are named by their store; the site's other four name none.
    let home = await cardsOn();
    expect(home.list).toContain('公園を眺めるテラス席');
    expect(home.named).toEqual(['MonCafe 駅前店', 'MonCafe 西口公園店']);

    const admin = await signedInAdmin(server.url);
    const cards = async () => (await guest.getJson<{ id: string; title: string; store_id: string | null }[]>('/api/admin/homepage-settings')).body;
    const before = await cards();
    expect(before.find((c) => c.id === DEMO_SECOND_STORE_CARD_ID)?.store_id).toBe(DEMO_SECOND_STORE_ID);
    const refused = await admin.send('POST', '/admin/homepage-settings', {
      json: { intent: 'save', id: null, card: { card_type: 'other', title: 'どこにもない店のお知らせ', store_id: 'no-such-store' } },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('その店舗は見つかりません。対象店舗を選び直してください。');
    expect(await cards()).toEqual(before);

    // An owner's card for the first store: named by it, beside the second store's.
    const saved = await admin.send('POST', '/admin/homepage-settings', {
      json: { intent: 'save', id: null, card: { card_type: 'other', title: '駅前店の朝のお知らせ', store_id: '2', display_order: 200 } },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    home = await cardsOn();
    expect(home.named).toEqual(['MonCafe 駅前店', 'MonCafe 西口公園店', 'MonCafe 駅前店']);

    // Closed, the second store's card leaves the homepage; with one store open, no card is named.
    expect((await admin.post(`/api/admin/stores/${DEMO_SECOND_STORE_ID}/close`, {})).status).toBe(200);
    home = await cardsOn();
    expect(home.list).not.toContain('公園を眺めるテラス席');
    expect(home.list).toContain('駅前店の朝のお知らせ');
    expect(home.named).toEqual([]);
  });
});
