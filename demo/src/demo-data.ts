import { addDays, tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { CommandContext } from '@moncafe/domain/command-handler';
import type { CatalogService } from '@moncafe/domain/catalog/catalog-service';
import { businessHoursRecordId } from '@moncafe/domain/catalog/kinds';
import { type CatalogInput, type CatalogKind } from '@moncafe/domain/catalog/registry';
import type { Clock } from '@moncafe/domain/ports';
import { addMenuItems, menuImage, type MenuCategory } from './menu-items';
import { secondStoreRecords } from './second-store';

export { DEMO_SECOND_COURSE_ID, DEMO_SECOND_ONLY_MENU_ID, DEMO_SECOND_SEAT_IDS, DEMO_SECOND_STORE_CARD_ID, DEMO_SECOND_STORE_ID } from './second-store';

/**
 * A believable demo cafe (DEMO_DATA=1): a store (and a second one, second-store.ts), its seats, a menu with reservation
 * courses and their options, opening hours, same-day settings, homepage cards and notices.
 * Everything goes through the catalog's commands, so it is ordinary events; loading it twice
 * changes nothing (identical saves append no event).
 *
 * Images are paths the web app serves from its public folder (DEMO_IMAGE_PATHS).
 */

/** The spec's default store id for the order page. */
export const DEMO_STORE_ID = '2';

type DemoRecord = { [K in CatalogKind]: { kind: K; id: string; data: CatalogInput<K> } }[CatalogKind];

export interface DemoDataResult {
  /** Records whose save appended an event (empty when the demo was already loaded). */
  created: { kind: CatalogKind; id: string }[];
  /** Every record the demo defines. */
  records: { kind: CatalogKind; id: string }[];
  /** Global position of the last appended event, for read-your-writes; null when nothing changed. */
  position: number | null;
}

const store = DEMO_STORE_ID;

/** The menu in the order it is shown; a null category is inferred from the name. */
const menuItems: { id: string; name: string; price: number; image: string; description: string; category: MenuCategory }[] = [
  { id: 'menu-blend', name: 'ブレンドコーヒー', price: 500, image: 'blend-coffee', description: '深煎りの豆を一杯ずつハンドドリップで。', category: 'drink' },
  { id: 'menu-latte', name: 'カフェラテ', price: 580, image: 'cafe-latte', description: 'エスプレッソにたっぷりのスチームミルク。', category: 'drink' },
  { id: 'menu-tea', name: 'アールグレイ紅茶', price: 520, image: 'earl-grey', description: 'ベルガモットが香るポットサービスの紅茶。', category: 'drink' },
  { id: 'menu-matcha', name: '抹茶ラテ', price: 620, image: 'matcha-latte', description: '京都宇治の抹茶を使ったやさしい甘さのラテ。', category: 'drink' },
  { id: 'menu-juice', name: 'オレンジジュース', price: 480, image: 'orange-juice', description: '果汁100%のしぼりたて。', category: 'drink' },
  {
    id: 'menu-napolitan',
    name: '昔ながらのナポリタン',
    price: 950,
    image: 'napolitan',
    description: '太麺を甘めのケチャップで炒めた喫茶店の定番。',
    category: null,
  },
  {
    id: 'menu-sandwich',
    name: 'ハムとチーズのホットサンド',
    price: 820,
    image: 'hot-sandwich',
    description: '香ばしく焼いたパンにとろけるチーズ。',
    category: null,
  },
  { id: 'menu-quiche', name: '季節野菜のキッシュ', price: 880, image: 'quiche', description: 'サラダを添えて。', category: null },
  {
    id: 'menu-gateau',
    name: 'ガトーショコラケーキ',
    price: 550,
    image: 'gateau-chocolat',
    description: '濃厚なチョコレートのしっとりケーキ。',
    category: null,
  },
  { id: 'menu-cheesecake', name: 'ベイクドチーズケーキ', price: 520, image: 'cheesecake', description: 'クリームチーズたっぷりの焼き菓子。', category: null },
  // The name alone would read as food: the admin sets the category.
  { id: 'menu-pudding', name: '自家製かためプリン', price: 480, image: 'pudding', description: '卵の味がしっかりした昔ながらのプリン。', category: 'dessert' },
];

/** Reservation courses: on /reservation, and on the public menu after the other items with a link to book them (display order 101 on). */
const courses: (Pick<CatalogInput<'menu'>, 'name' | 'description' | 'price' | 'category' | 'duration_minutes'> &
  Partial<Pick<CatalogInput<'menu'>, 'deadline_days_before' | 'deadline_time'>> & { id: string; image: string })[] = [
  {
    id: 'course-birthday',
    name: 'バースデーケーキコース',
    description: '5号のデコレーションケーキとお好きなドリンク。メッセージプレートや写真プリントもご用意できます。',
    price: 4800,
    image: 'birthday-cake',
    category: 'dessert',
    deadline_days_before: 3,
    deadline_time: '18:00',
    duration_minutes: 120,
  },
  {
    id: 'course-afternoon-tea',
    name: 'アフタヌーンティーセット',
    description: '三段スタンドのスイーツとセイボリー、紅茶はおかわり自由。',
    price: 3200,
    image: 'afternoon-tea',
    category: 'dessert',
    deadline_days_before: 1,
    deadline_time: '20:00',
    duration_minutes: 90,
  },
  {
    id: 'course-lunch',
    name: 'ランチコース',
    description: '前菜・パスタ・デザート・ドリンクのコース。当日のご予約も承ります。',
    price: 2200,
    image: 'lunch-course',
    category: 'food',
    duration_minutes: 90,
  },
];

type OptionInput = CatalogInput<'menu-option'>;
/** A course's options in the order they are asked: [option id, label, type, required, choices]. */
type DemoOption = [id: string, label: string, type: OptionInput['type'], required: boolean, choices?: OptionInput['choices']];

/**
 * Options of the birthday course. Ids 4–10 are the spec's fixed option ids (case type, cake
 * colour, ribbon colour, message text colour, message text, drink type, image for printing).
 */
const birthdayOptions: DemoOption[] = [
  [
    '4',
    'ケースの種類',
    'radio',
    true,
    [
      { id: 'box', label: '紙箱' },
      { id: 'clear', label: '透明ケース', extra_price: 300 },
    ],
  ],
  [
    '5',
    'ケーキの色',
    'select',
    true,
    [
      { id: 'white', label: 'ホワイト' },
      { id: 'pink', label: 'ピンク' },
      { id: 'chocolate', label: 'チョコレート', extra_price: 200 },
    ],
  ],
  [
    '6',
    'リボンの色',
    'select',
    false,
    [
      { id: 'red', label: '赤' },
      { id: 'blue', label: '青' },
      { id: 'gold', label: 'ゴールド' },
    ],
  ],
  [
    '11',
    'メッセージプレート',
    'radio',
    true,
    [
      { id: 'yes', label: 'つける', extra_price: 200 },
      { id: 'no', label: 'つけない' },
    ],
  ],
  [
    '7',
    'メッセージ文字の色',
    'select',
    true,
    [
      { id: 'chocolate', label: 'チョコレート' },
      { id: 'white', label: 'ホワイト' },
    ],
  ],
  ['8', 'メッセージ', 'text', true],
  [
    '9',
    'ドリンクの種類',
    'select',
    true,
    [
      { id: 'coffee', label: 'ブレンドコーヒー' },
      { id: 'tea', label: 'アールグレイ紅茶' },
      { id: 'juice', label: 'オレンジジュース' },
    ],
  ],
  ['12', '写真プリント', 'checkbox', false, [{ id: 'print', label: 'ケーキに写真をプリントする', extra_price: 500 }]],
  ['10', '印刷用画像', 'image', true],
];

/** Message colour and text only when a plate is wanted; the image only when a print is: [id, parent, child, parent value, choice id]. */
const birthdayDependencies: [id: string, parent: string, child: string, parentValue: string, parentChoice: string][] = [
  ['dep-plate-colour', '11', '7', 'つける', 'yes'],
  ['dep-plate-text', '11', '8', 'つける', 'yes'],
  ['dep-print-image', '12', '10', 'ケーキに写真をプリントする', 'print'],
];

const afternoonTeaOptions: DemoOption[] = [
  [
    '13',
    '紅茶の種類',
    'radio',
    true,
    [
      { id: 'earl-grey', label: 'アールグレイ' },
      { id: 'darjeeling', label: 'ダージリン' },
      { id: 'rooibos', label: 'ルイボス（ノンカフェイン）' },
    ],
  ],
];

/** Homepage cards in the order they are shown. */
const homepageCards: [id: string, card: Omit<CatalogInput<'homepage-card'>, 'display_order'>][] = [
  [
    'card-instagram',
    {
      card_type: 'instagram',
      link_url: 'https://www.instagram.com/',
      title: 'Instagram',
      description: '季節のメニューや営業のお知らせを発信しています。',
      description_en: 'Seasonal menus and news about our opening days.',
    },
  ],
  ['card-calendar', { card_type: 'calendar', title: '営業カレンダー', description: '「休」は定休日です。' }],
  [
    'card-reservation',
    {
      card_type: 'other',
      link_url: '/reservation',
      image_url: '/images/cards/reservation.svg',
      title: 'ご予約はこちら',
      description: 'バースデーケーキやアフタヌーンティーをご予約いただけます。',
      title_en: 'Book a table',
      description_en: 'Book a birthday cake or an afternoon tea with us.',
    },
  ],
  [
    'card-menu',
    {
      card_type: 'other',
      link_url: '/menu',
      image_url: '/images/cards/menu.svg',
      title: 'メニュー',
      description: 'コーヒー、軽食、自家製スイーツ。',
      title_en: 'Menu',
      description_en: 'Coffee, light meals and sweets we bake ourselves.',
    },
  ],
  [
    'card-map',
    {
      card_type: 'other',
      // The cafe's own access page (its map, address and route), not a map search for the station (decision 191).
      link_url: '/access',
      image_url: '/images/cards/access.svg',
      title: 'アクセス',
      description: '駅西口から地下通路で徒歩2分。',
      title_en: 'Getting here',
      description_en: 'Two minutes on foot from the station’s west exit, through the underground passage.',
    },
  ],
];

/** Notices shown with the reservation form, in order: [id, title, content]. */
const notices: [id: string, title: string, content: string][] = [
  ['notice-arrival', 'ご来店時間について', 'ご予約時間を15分過ぎてもご連絡がない場合、キャンセル扱いとさせていただくことがございます。'],
  [
    'notice-allergy',
    'アレルギーについて',
    '食物アレルギーをお持ちの方は、ご予約の際に「備考（アレルギーなど）」欄でお知らせください。ご来店後もスタッフへお気軽にお声かけください。',
  ],
];

/** The demo store's seats (their codes are issued by table-order.ts, decision 150). */
export const DEMO_SEAT_IDS = ['seat-c1', 'seat-c2', 'seat-t1', 'seat-t2', 'seat-t3', 'seat-t4', 'seat-s1'] as const;

function demoRecords(today: string): DemoRecord[] {
  const records: DemoRecord[] = [];
  const add = <K extends CatalogKind>(kind: K, id: string, data: CatalogInput<K>) => records.push({ kind, id, data } as DemoRecord);
  const addOptions = (menu_id: string, options: DemoOption[]) =>
    options.forEach(([id, label, type, required, choices], i) =>
      add('menu-option', id, { menu_id, label, type, required, ...(choices ? { choices } : {}), display_order: i + 1 }),
    );

  add('store', store, {
    name: 'MonCafe 駅前店',
    postal_code: '160-0023',
    address: '東京都新宿区西新宿1-1-1 駅前ビル B1F',
    phone: '03-1234-5678',
    email: 'hello@moncafe.example',
    access_note: '駅西口から地下通路で徒歩約2分。駅前ビル地下1階です。',
    // 西新宿1-1-1, beside the station's west exit.
    latitude: 35.690921,
    longitude: 139.698414,
    geofence_radius_m: 150,
  });

  // Seats: two counter places, two pairs of tables that join into larger ones, and a sofa.
  const seats: [string, string, number, string[]][] = [
    ['seat-c1', 'カウンター1', 1, ['seat-c2']],
    ['seat-c2', 'カウンター2', 1, []],
    ['seat-t1', 'テーブル1', 2, ['seat-t2']],
    ['seat-t2', 'テーブル2', 2, []],
    ['seat-t3', 'テーブル3', 4, ['seat-t4']],
    ['seat-t4', 'テーブル4', 4, []],
    ['seat-s1', 'ソファ席', 6, []],
  ];
  seats.forEach(([id, name, max_people, adjacent_seat_ids], i) =>
    add('seat', id, { store_id: store, name, max_people, adjacent_seat_ids, display_order: i + 1 }),
  );

  addMenuItems(add, store, menuItems);
  courses.forEach(({ id, image, ...course }, i) =>
    add('menu', id, {
      store_id: store,
      ...course,
      image_url: menuImage(image),
      show_on_menu: true,
      show_on_reservation: true,
      display_order: 101 + i,
    }),
  );

  addOptions('course-birthday', birthdayOptions);
  for (const [id, parent_option_id, child_option_id, parent_value, parent_choice_value] of birthdayDependencies) {
    add('option-dependency', id, { menu_id: 'course-birthday', parent_option_id, child_option_id, parent_value, parent_choice_value, is_show: 1 });
  }
  addOptions('course-afternoon-tea', afternoonTeaOptions);

  // Hours: 10:00–20:00, closed on Wednesdays, shorter on public holidays; year-end closure
  // and one temporary closure two weeks from today.
  for (let weekday = 0; weekday <= 6; weekday++) {
    const rule = { rule: 'weekday' as const, store_id: store, weekday };
    add(
      'business-hours',
      businessHoursRecordId(rule),
      weekday === 3 ? { ...rule, is_closed: true } : { ...rule, open_time: '10:00', close_time: '20:00', is_closed: false },
    );
  }
  add('business-hours', businessHoursRecordId({ rule: 'holiday', store_id: store }), {
    rule: 'holiday',
    store_id: store,
    open_time: '10:00',
    close_time: '18:00',
  });
  const year = Number(today.slice(0, 4));
  const closures = [`${year}-12-31`, `${year + 1}-01-01`, `${year + 1}-01-02`, `${year + 1}-01-03`, addDays(today, 14)];
  for (const date of new Set(closures)) {
    add('business-hours', businessHoursRecordId({ rule: 'date', store_id: store, date }), {
      rule: 'date',
      store_id: store,
      date,
      is_closed: true,
    });
  }

  add('same-day-settings', store, { store_id: store, is_enabled: true, deadline_time: '15:00' });
  // Site settings (decision 135): the text a guest agrees to on the review step.
  add('disclaimer', store, {
    store_id: store,
    // The booking flow has a remarks field (decision 282): the disclaimer points to it.
    content:
      'アレルギーのある方は、お客様情報の「備考（アレルギーなど）」欄でお知らせください。\nご来店が15分以上遅れる場合は、お席をお譲りすることがあります。',
  });

  homepageCards.forEach(([id, card], i) => add('homepage-card', id, { ...card, display_order: i + 1 }));
  notices.forEach(([id, title, content], i) => add('notice', id, { store_id: store, title, content, display_order: i + 1 }));

  // Cost management (decision 122): ingredient costs of a few menu items (yen per unit, before tax).
  const costLines: [menu_id: string, name: string, quantity: number, unit: string, unit_cost: number][] = [
    ['menu-blend', 'コーヒー豆', 0.015, 'kg', 3600],
    ['menu-blend', 'ペーパーフィルター', 1, '枚', 4],
    ['menu-latte', 'エスプレッソ豆', 0.018, 'kg', 4000],
    ['menu-latte', '牛乳', 0.2, 'L', 250],
    ['menu-napolitan', 'スパゲッティ', 0.1, 'kg', 500],
    ['menu-napolitan', 'ケチャップ・具材', 1, '人前', 120],
    ['menu-cheesecake', 'クリームチーズ', 0.06, 'kg', 1800],
    ['menu-cheesecake', '卵・砂糖・生地', 1, '個分', 45],
  ];
  costLines.forEach(([menu_id, name, quantity, unit, unit_cost], i) =>
    add('cost-line', `demo-cost-${i + 1}`, { store_id: store, menu_id, name, quantity, unit, unit_cost, display_order: i + 1 }),
  );
  secondStoreRecords(add);
  return records;
}

/** Every image path the demo data refers to; the web app serves them from its public folder. */
export const DEMO_IMAGE_PATHS: readonly string[] = [
  ...[...menuItems, ...courses].map((m) => menuImage(m.image)),
  ...homepageCards.flatMap(([, card]) => (card.image_url ? [card.image_url] : [])),
];

/** Saves every demo record through the catalog service (closures are dated from the clock's today in Tokyo). */
export async function loadDemoData(catalog: Pick<CatalogService, 'save'>, clock: Clock, context: CommandContext): Promise<DemoDataResult> {
  const result: DemoDataResult = { created: [], records: [], position: null };
  for (const record of demoRecords(tokyoDateOf(clock.now()))) {
    const outcome = await catalog.save(record, context);
    result.records.push({ kind: record.kind, id: record.id });
    if (outcome.position !== null) {
      result.created.push({ kind: record.kind, id: record.id });
      result.position = outcome.position;
    }
  }
  return result;
}
