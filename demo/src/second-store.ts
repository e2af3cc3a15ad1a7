import { businessHoursRecordId } from '@moncafe/domain/catalog/kinds';
import { addMenuItems, menuImage, type AddRecord, type MenuCategory } from './menu-items';

/**
 * The demo's second store (decision 321): smaller, open earlier, closed on
 * Mondays instead of Wednesdays, with a morning set only it sells. Listed after the first.
 */
export const DEMO_SECOND_STORE_ID = '3';
/** The second store's seats: a counter, two tables that join, and a terrace table taking walk-ins only. */
export const DEMO_SECOND_SEAT_IDS = ['seat-w-c1', 'seat-w-t1', 'seat-w-t2', 'seat-w-terrace'] as const;
/** The menu item only the second store sells. */
export const DEMO_SECOND_ONLY_MENU_ID = 'menu-w-morning';
/** The second store's own homepage card (decision 456). */
export const DEMO_SECOND_STORE_CARD_ID = 'card-w-terrace';
/** The second store's own course, so a guest who chooses it on the homepage has something to book. */
export const DEMO_SECOND_COURSE_ID = 'menu-w-brunch';

/** The second store (decision 321): its own record, seats, hours, a short menu with an item of its own, settings. */
export function secondStoreRecords(add: AddRecord) {
  const west = DEMO_SECOND_STORE_ID;
  add('store', west, {
    name: 'MonCafe 西口公園店',
    postal_code: '160-0023',
    address: '東京都新宿区西新宿2-11-1 公園通りビル 1F',
    phone: '03-1234-9876',
    email: 'park@moncafe.example',
    access_note: '駅西口から公園通りを徒歩約8分。公園の向かいです。',
    display_order: 2,
    latitude: 35.68935,
    longitude: 139.69168,
    geofence_radius_m: 100,
  });
  const seats: [string, string, number, string[], boolean][] = [
    ['seat-w-c1', 'カウンター', 2, [], true],
    ['seat-w-t1', 'テーブルA', 4, ['seat-w-t2'], true],
    ['seat-w-t2', 'テーブルB', 4, [], true],
    ['seat-w-terrace', 'テラス席', 4, [], false],
  ];
  seats.forEach(([id, name, max_people, adjacent_seat_ids, is_reservable], i) =>
    add('seat', id, { store_id: west, name, max_people, adjacent_seat_ids, is_reservable, display_order: i + 1 }),
  );
  // A shorter menu: two of the first store's drinks under its own ids, and the morning set only it sells.
  const items: [id: string, name: string, price: number, image: string, description: string, category: MenuCategory][] = [
    ['menu-w-blend', 'ブレンドコーヒー', 480, 'blend-coffee', '深煎りの豆を一杯ずつハンドドリップで。', 'drink'],
    ['menu-w-latte', 'カフェラテ', 560, 'cafe-latte', 'エスプレッソにたっぷりのスチームミルク。', 'drink'],
    [DEMO_SECOND_ONLY_MENU_ID, 'モーニングセット', 750, 'hot-sandwich', '11時まで。トーストとゆで卵、ドリンク付き（公園店だけのメニュー）。', 'food'],
  ];
  addMenuItems(
    add,
    west,
    items.map(([id, name, price, image, description, category]) => ({ id, name, price, image, description, category })),
  );
  // Its own course: the homepage offers この店舗を予約する for every store, and a store with no
  // bookable course would answer it with 現在予約できるコースはありません.
  add('menu', DEMO_SECOND_COURSE_ID, {
    store_id: west,
    name: 'ブランチコース',
    description: 'サラダ・キッシュ・ミニデザートにドリンク付き。公園を眺めるテーブル席でどうぞ。',
    price: 1800,
    image_url: menuImage('lunch-course'),
    category: 'food',
    duration_minutes: 60,
    show_on_menu: true,
    show_on_reservation: true,
    display_order: 101,
  });
  // Hours: 08:00–18:00, closed on Mondays; holidays as usual days.
  for (let weekday = 0; weekday <= 6; weekday++) {
    const rule = { rule: 'weekday' as const, store_id: west, weekday };
    add(
      'business-hours',
      businessHoursRecordId(rule),
      weekday === 1 ? { ...rule, is_closed: true } : { ...rule, open_time: '08:00', close_time: '18:00', is_closed: false },
    );
  }
  add('same-day-settings', west, { store_id: west, is_enabled: true, deadline_time: '12:00' });
  // A homepage card of its own (decision 456): shown after the site's cards, named by the store.
  add('homepage-card', DEMO_SECOND_STORE_CARD_ID, {
    card_type: 'other',
    store_id: west,
    link_url: `/menu?store_id=${west}`,
    title: '公園を眺めるテラス席',
    description: 'テラス席はご予約なしでどうぞ。モーニングセットは11時まで。',
    title_en: 'A terrace facing the park',
    description_en: 'No booking needed on the terrace. Breakfast sets until 11:00.',
    // After the site's five; a card the owner adds goes after it.
    display_order: 6,
  });
}
