import type { CommandContext, HandlerDeps } from '@moncafe/domain/command-handler';
import { addDays } from '@moncafe/domain/calendar/dates';
import { saveRecord } from '@moncafe/domain/catalog/commands';
import { businessHoursRecordId, type CatalogInput, type CatalogKind } from '@moncafe/domain/catalog/kinds';
import type { Clock } from '@moncafe/domain/ports';

/**
 * A believable demo cafe (DEMO_DATA=1): one store, its seats, a menu with reservation
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

/** Today's date in Tokyo, where the cafe is, whatever the server's zone. */
function tokyoToday(clock: Clock): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(clock.now());
}

const drinks = [
  { id: 'menu-blend', name: 'ブレンドコーヒー', price: 500, image: 'blend-coffee', description: '深煎りの豆を一杯ずつハンドドリップで。' },
  { id: 'menu-latte', name: 'カフェラテ', price: 580, image: 'cafe-latte', description: 'エスプレッソにたっぷりのスチームミルク。' },
  { id: 'menu-tea', name: 'アールグレイ紅茶', price: 520, image: 'earl-grey', description: 'ベルガモットが香るポットサービスの紅茶。' },
  { id: 'menu-matcha', name: '抹茶ラテ', price: 620, image: 'matcha-latte', description: '京都宇治の抹茶を使ったやさしい甘さのラテ。' },
  { id: 'menu-juice', name: 'オレンジジュース', price: 480, image: 'orange-juice', description: '果汁100%のしぼりたて。' },
];
const foods = [
  { id: 'menu-napolitan', name: '昔ながらのナポリタン', price: 950, image: 'napolitan', description: '太麺を甘めのケチャップで炒めた喫茶店の定番。' },
  { id: 'menu-sandwich', name: 'ハムとチーズのホットサンド', price: 820, image: 'hot-sandwich', description: '香ばしく焼いたパンにとろけるチーズ。' },
  { id: 'menu-quiche', name: '季節野菜のキッシュ', price: 880, image: 'quiche', description: 'サラダを添えて。' },
];
const desserts = [
  { id: 'menu-gateau', name: 'ガトーショコラケーキ', price: 550, image: 'gateau-chocolat', description: '濃厚なチョコレートのしっとりケーキ。', category: null },
  { id: 'menu-cheesecake', name: 'ベイクドチーズケーキ', price: 520, image: 'cheesecake', description: 'クリームチーズたっぷりの焼き菓子。', category: null },
  // The name alone would read as food: the admin sets the category.
  { id: 'menu-pudding', name: '自家製かためプリン', price: 480, image: 'pudding', description: '卵の味がしっかりした昔ながらのプリン。', category: 'dessert' as const },
];

function demoRecords(today: string): DemoRecord[] {
  const records: DemoRecord[] = [];
  const add = <K extends CatalogKind>(kind: K, id: string, data: CatalogInput<K>) => records.push({ kind, id, data } as DemoRecord);

  add('store', store, {
    name: 'MonCafe 駅前店',
    postal_code: '160-0023',
    address: '東京都新宿区西新宿1-1-1 駅前ビル B1F',
    phone: '03-1234-5678',
    email: 'hello@moncafe.example',
    access_note: '駅西口から地下通路で徒歩約2分。駅前ビル地下1階です。',
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

  let order = 0;
  for (const d of drinks) {
    add('menu', d.id, {
      store_id: store,
      name: d.name,
      description: d.description,
      price: d.price,
      image_url: `/images/menu/${d.image}.svg`,
      category: 'drink',
      show_on_menu: true,
      show_on_order: true,
      display_order: ++order,
    });
  }
  for (const f of foods) {
    add('menu', f.id, {
      store_id: store,
      name: f.name,
      description: f.description,
      price: f.price,
      image_url: `/images/menu/${f.image}.svg`,
      show_on_menu: true,
      show_on_order: true,
      display_order: ++order,
    });
  }
  for (const d of desserts) {
    add('menu', d.id, {
      store_id: store,
      name: d.name,
      description: d.description,
      price: d.price,
      image_url: `/images/menu/${d.image}.svg`,
      category: d.category,
      show_on_menu: true,
      show_on_order: true,
      display_order: ++order,
    });
  }

  // Reservation courses: shown on /reservation only.
  add('menu', 'course-birthday', {
    store_id: store,
    name: 'バースデーケーキコース',
    description: '5号のデコレーションケーキとお好きなドリンク。メッセージプレートや写真プリントもご用意できます。',
    price: 4800,
    image_url: '/images/menu/birthday-cake.svg',
    category: 'dessert',
    show_on_menu: false,
    show_on_reservation: true,
    deadline_days_before: 3,
    deadline_time: '18:00',
    duration_minutes: 120,
    display_order: 101,
  });
  add('menu', 'course-afternoon-tea', {
    store_id: store,
    name: 'アフタヌーンティーセット',
    description: '三段スタンドのスイーツとセイボリー、紅茶はおかわり自由。',
    price: 3200,
    image_url: '/images/menu/afternoon-tea.svg',
    category: 'dessert',
    show_on_menu: false,
    show_on_reservation: true,
    deadline_days_before: 1,
    deadline_time: '20:00',
    duration_minutes: 90,
    display_order: 102,
  });
  add('menu', 'course-lunch', {
    store_id: store,
    name: 'ランチコース',
    description: '前菜・パスタ・デザート・ドリンクのコース。当日のご予約も承ります。',
    price: 2200,
    image_url: '/images/menu/lunch-course.svg',
    category: 'food',
    show_on_menu: false,
    show_on_reservation: true,
    duration_minutes: 90,
    display_order: 103,
  });

  // Options of the birthday course. Ids 4–10 are the spec's fixed option ids (case type, cake
  // colour, ribbon colour, message text colour, message text, drink type, image for printing).
  const birthday = 'course-birthday';
  add('menu-option', '4', {
    menu_id: birthday,
    label: 'ケースの種類',
    type: 'radio',
    required: true,
    choices: [
      { id: 'box', label: '紙箱' },
      { id: 'clear', label: '透明ケース', extra_price: 300 },
    ],
    display_order: 1,
  });
  add('menu-option', '5', {
    menu_id: birthday,
    label: 'ケーキの色',
    type: 'select',
    required: true,
    choices: [
      { id: 'white', label: 'ホワイト' },
      { id: 'pink', label: 'ピンク' },
      { id: 'chocolate', label: 'チョコレート', extra_price: 200 },
    ],
    display_order: 2,
  });
  add('menu-option', '6', {
    menu_id: birthday,
    label: 'リボンの色',
    type: 'select',
    required: false,
    choices: [
      { id: 'red', label: '赤' },
      { id: 'blue', label: '青' },
      { id: 'gold', label: 'ゴールド' },
    ],
    display_order: 3,
  });
  add('menu-option', '11', {
    menu_id: birthday,
    label: 'メッセージプレート',
    type: 'radio',
    required: true,
    choices: [
      { id: 'yes', label: 'つける', extra_price: 200 },
      { id: 'no', label: 'つけない' },
    ],
    display_order: 4,
  });
  add('menu-option', '7', {
    menu_id: birthday,
    label: 'メッセージ文字の色',
    type: 'select',
    required: true,
    choices: [
      { id: 'chocolate', label: 'チョコレート' },
      { id: 'white', label: 'ホワイト' },
    ],
    display_order: 5,
  });
  add('menu-option', '8', { menu_id: birthday, label: 'メッセージ', type: 'text', required: true, display_order: 6 });
  add('menu-option', '9', {
    menu_id: birthday,
    label: 'ドリンクの種類',
    type: 'select',
    required: true,
    choices: [
      { id: 'coffee', label: 'ブレンドコーヒー' },
      { id: 'tea', label: 'アールグレイ紅茶' },
      { id: 'juice', label: 'オレンジジュース' },
    ],
    display_order: 7,
  });
  add('menu-option', '12', {
    menu_id: birthday,
    label: '写真プリント',
    type: 'checkbox',
    required: false,
    choices: [{ id: 'print', label: 'ケーキに写真をプリントする', extra_price: 500 }],
    display_order: 8,
  });
  add('menu-option', '10', { menu_id: birthday, label: '印刷用画像', type: 'image', required: true, display_order: 9 });
  // Message colour and text only when a plate is wanted; the image only when a print is.
  add('option-dependency', 'dep-plate-colour', {
    menu_id: birthday,
    parent_option_id: '11',
    child_option_id: '7',
    parent_value: 'つける',
    parent_choice_value: 'yes',
    is_show: 1,
  });
  add('option-dependency', 'dep-plate-text', {
    menu_id: birthday,
    parent_option_id: '11',
    child_option_id: '8',
    parent_value: 'つける',
    parent_choice_value: 'yes',
    is_show: 1,
  });
  add('option-dependency', 'dep-print-image', {
    menu_id: birthday,
    parent_option_id: '12',
    child_option_id: '10',
    parent_value: 'ケーキに写真をプリントする',
    parent_choice_value: 'print',
    is_show: 1,
  });
  add('menu-option', '13', {
    menu_id: 'course-afternoon-tea',
    label: '紅茶の種類',
    type: 'radio',
    required: true,
    choices: [
      { id: 'earl-grey', label: 'アールグレイ' },
      { id: 'darjeeling', label: 'ダージリン' },
      { id: 'rooibos', label: 'ルイボス（ノンカフェイン）' },
    ],
    display_order: 1,
  });

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

  add('homepage-card', 'card-instagram', {
    card_type: 'instagram',
    link_url: 'https://www.instagram.com/',
    title: 'Instagram',
    description: '季節のメニューや営業のお知らせを発信しています。',
    display_order: 1,
  });
  add('homepage-card', 'card-calendar', { card_type: 'calendar', title: '営業カレンダー', description: '「休」は定休日です。', display_order: 2 });
  add('homepage-card', 'card-reservation', {
    card_type: 'other',
    link_url: '/reservation',
    image_url: '/images/cards/reservation.svg',
    title: 'ご予約はこちら',
    description: 'バースデーケーキやアフタヌーンティーをご予約いただけます。',
    display_order: 3,
  });
  add('homepage-card', 'card-menu', {
    card_type: 'other',
    link_url: '/menu',
    image_url: '/images/cards/menu.svg',
    title: 'メニュー',
    description: 'コーヒー、軽食、自家製スイーツ。',
    display_order: 4,
  });
  add('homepage-card', 'card-map', {
    card_type: 'other',
    link_url: 'https://www.google.com/maps/search/?api=1&query=%E6%96%B0%E5%AE%BF%E9%A7%85',
    image_url: '/images/cards/access.svg',
    title: 'アクセス',
    description: '駅西口から地下通路で徒歩2分。',
    display_order: 5,
  });

  add('notice', 'notice-arrival', {
    store_id: store,
    title: 'ご来店時間について',
    content: 'ご予約時間を15分過ぎてもご連絡がない場合、キャンセル扱いとさせていただくことがございます。',
    display_order: 1,
  });
  add('notice', 'notice-allergy', {
    store_id: store,
    title: 'アレルギーについて',
    content: '食物アレルギーをお持ちの方は、ご来店前にお電話でお知らせください。',
    display_order: 2,
  });
  return records;
}

/** Every image path the demo data refers to; the web app serves them from its public folder. */
export const DEMO_IMAGE_PATHS: readonly string[] = [
  ...[...drinks, ...foods, ...desserts].map((m) => `/images/menu/${m.image}.svg`),
  '/images/menu/birthday-cake.svg',
  '/images/menu/afternoon-tea.svg',
  '/images/menu/lunch-course.svg',
  '/images/cards/reservation.svg',
  '/images/cards/menu.svg',
  '/images/cards/access.svg',
];

export async function loadDemoData(
  deps: Pick<HandlerDeps, 'eventStore' | 'ids'> & { clock: Clock },
  context: CommandContext = { correlationId: deps.ids.uuid(), actor: 'system' },
): Promise<DemoDataResult> {
  const result: DemoDataResult = { created: [], records: [], position: null };
  for (const record of demoRecords(tokyoToday(deps.clock))) {
    const outcome = await saveRecord(deps, record, context);
    result.records.push({ kind: record.kind, id: record.id });
    if (outcome.position !== null) {
      result.created.push({ kind: record.kind, id: record.id });
      result.position = outcome.position;
    }
  }
  return result;
}
