import { deflateSync, crc32 } from 'node:zlib';
import type { Application } from '@moncafe/domain/application';
import { addMonths, dateInMonth, daysInMonth, tokyoDateOf, yearMonthOf } from '@moncafe/domain/calendar/dates';
import type { CommandContext } from '@moncafe/domain/command-handler';
import type { Clock, IdGenerator } from '@moncafe/domain/ports';
import { DEMO_SECOND_STORE_ID, DEMO_STORE_ID } from './demo-data';

/**
 * The demo cafe's staff side (DEMO_DATA=1, decisions 080–085): three staff members with wages, recruit
 * times, opening and closing checklists, order rules, suppliers (one with a sealed password),
 * purchase items, two recipes and a serve method with photos, this month's schedule with one
 * correction, and next month's wishes waiting to be imported. All through the services, so it is
 * ordinary events. The staff accounts get random passwords nobody knows: they appear in the
 * shift screens, and an admin or a store tablet account works with them.
 */
export type StaffAreaServices = Pick<Application, 'accounts' | 'staffList' | 'catalog' | 'suppliers' | 'staffGuides' | 'shifts'>;

const store = DEMO_STORE_ID;

/**
 * The demo staff and where each works, with a wage per store (decision 321): 佐藤 works at both
 * stores, 鈴木 and 田中 at the first only, 高橋 at the second only.
 */
const people: { name: string; email: string; stores: [storeId: string, wage: number][] }[] = [
  {
    name: '佐藤 花子',
    email: 'hanako.sato@moncafe.example',
    stores: [
      [store, 1250],
      [DEMO_SECOND_STORE_ID, 1300],
    ],
  },
  { name: '鈴木 健太', email: 'kenta.suzuki@moncafe.example', stores: [[store, 1150]] },
  { name: '田中 美咲', email: 'misaki.tanaka@moncafe.example', stores: [[store, 1100]] },
  { name: '高橋 陽介', email: 'yosuke.takahashi@moncafe.example', stores: [[DEMO_SECOND_STORE_ID, 1120]] },
];

const openingTasks = [
  '店内の照明と空調をつける',
  'コーヒーマシンの電源を入れて暖める',
  'レジの釣り銭を確認する',
  'テーブルとカウンターを拭く',
  '本日のおすすめを黒板に書く',
];
const closingTasks = [
  'コーヒーマシンを洗浄する',
  '売上を締めてレジを閉じる',
  '食材の在庫を確認して発注メモを書く',
  'ゴミをまとめて裏口に出す',
  '火の元と戸締まりを確認する',
];

/** A small striped PNG made here (no picture files needed): colour as [r, g, b]. */
export function demoPng(color: readonly [number, number, number], size = 96): Uint8Array {
  const row = (y: number) => {
    const line = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const light = ((x + y) >> 4) % 2 === 0 ? 0 : 24;
      line.set([Math.min(255, color[0] + light), Math.min(255, color[1] + light), Math.min(255, color[2] + light)], 1 + x * 3);
    }
    return line;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.concat(Array.from({ length: size }, (_, y) => row(y)));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(pixels)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

export async function loadStaffAreaDemo(
  services: StaffAreaServices,
  deps: {
    clock: Clock;
    ids: IdGenerator;
    waitForProjections(position: number | null): Promise<void>;
    /** A seeding resumed after a kill (decision 262): the account a demo person already has, to finish setting them up. */
    accountIdOf?(email: string): Promise<string | null>;
    /** A seeding resumed after a kill: the month's shifts already added (`userId date`) and whether one was corrected. */
    scheduleOf?(month: string): Promise<{ shifts: string[]; corrected: boolean }>;
  },
  context: CommandContext,
): Promise<{ staff: { accountId: string; storeIds: string[] }[] }> {
  const staffIds: string[] = [];
  const staff: { accountId: string; storeIds: string[] }[] = [];
  for (const [i, person] of people.entries()) {
    const registered = await services.accounts.register({ name: person.name, email: person.email, password: deps.ids.token() }, context);
    // Null when the address has an account already: a resumed seeding finishes it (role and store
    // are set again harmlessly); otherwise the demo leaves that person as they are.
    const accountId = registered.accountId ?? (await deps.accountIdOf?.(person.email)) ?? null;
    if (accountId === null) continue;
    await services.accounts.changeRole({ by: context.actor, accountId, role: 'staff', grant: true }, context);
    for (const [storeId, wage] of person.stores) {
      const assigned = await services.staffList.assign({ storeId, accountId, wage, displayOrder: i + 1 }, context);
      // Shifts are taken from the store's staff as the read model lists them.
      await deps.waitForProjections(assigned.position);
    }
    if (person.stores.some(([storeId]) => storeId === store)) staffIds.push(accountId);
    staff.push({ accountId, storeIds: person.stores.map(([storeId]) => storeId) });
  }
  const save = services.catalog.save;
  await save(
    {
      kind: 'recruit-times',
      id: store,
      data: { store_id: store, weekday_start: '09:00', weekday_end: '21:00', weekend_start: '08:00', weekend_end: '21:00', interval_minutes: 30 },
    },
    context,
  );
  for (const [list, tasks] of [
    ['opening', openingTasks],
    ['closing', closingTasks],
  ] as const) {
    for (const [i, task_text] of tasks.entries())
      await save({ kind: 'checklist-task', id: `demo-${list}-${i + 1}`, data: { store_id: store, list, task_text, display_order: i + 1 } }, context);
  }
  const rules = ['コーヒー豆は残り2袋になったら発注する', '乳製品は毎週月曜・木曜の15時までに発注する', '5万円を超える発注は店長に確認する'];
  for (const [i, rule_content] of rules.entries())
    await save({ kind: 'order-rule', id: `demo-rule-${i + 1}`, data: { store_id: store, rule_content, display_order: i + 1 } }, context);
  await services.suppliers.save(
    {
      id: 'demo-supplier-beans',
      data: { store_id: store, supplier_name: '珈琲豆の丸山商店', login_id: 'moncafe-ekimae', password: 'demo-Beans-2024', display_order: 1 },
    },
    context,
  );
  await services.suppliers.save(
    { id: 'demo-supplier-dairy', data: { store_id: store, supplier_name: '北の牧場ミルク', login_id: null, password: null, display_order: 2 } },
    context,
  );
  const purchases = [
    ['珈琲豆の丸山商店', 'ブレンド豆 深煎り 1kg', 'https://shop.example.com/products/blend-dark-roast-1kg', '月2回'],
    ['北の牧場ミルク', '牛乳 1L × 12本', null, '冷蔵で届く'],
    ['製菓材料センター', '製菓用チョコレート 2kg', 'https://baking.example.jp/chocolate/couverture-2kg', ''],
  ] as const;
  for (const [i, [supplier, product_name, purchase_url, notes]] of purchases.entries()) {
    await save(
      { kind: 'purchase-item', id: `demo-purchase-${i + 1}`, data: { store_id: store, supplier, product_name, purchase_url, notes, display_order: i + 1 } },
      context,
    );
  }

  const photo = async (color: readonly [number, number, number]) => (await services.staffGuides.uploadPhoto({ bytes: demoPng(color) }, context)).id;
  const [tomato, pasta, cheese, coffee] = [await photo([200, 70, 50]), await photo([230, 190, 110]), await photo([245, 220, 150]), await photo([110, 70, 45])];
  await services.staffGuides.saveRecipe(
    {
      id: 'demo-recipe-napolitan',
      data: {
        store_id: store,
        name: '昔ながらのナポリタン',
        cooking_time: 12,
        ingredients: 'スパゲッティ（2.2mm）160g\n玉ねぎ 1/4個\nピーマン 1個\nウインナー 3本\nケチャップ 大さじ4\nバター 10g',
        notes: '麺は前日に茹でて冷蔵しておくともちもちに仕上がる。',
        photos: [tomato, pasta],
        steps: [
          { text: '玉ねぎは薄切り、ピーマンは細切り、ウインナーは斜め切りにする。', photos: [] },
          { text: 'バターで具材を炒め、ケチャップを加えて水分を飛ばす。', photos: [tomato] },
          { text: '茹でた麺を加えて強火で炒め合わせ、皿に盛る。', photos: [pasta] },
        ],
        display_order: 1,
      },
    },
    context,
  );
  await services.staffGuides.saveRecipe(
    {
      id: 'demo-recipe-cheesecake',
      data: {
        store_id: store,
        name: 'ベイクドチーズケーキ',
        cooking_time: 60,
        ingredients: 'クリームチーズ 200g\n砂糖 60g\n卵 2個\n生クリーム 100ml\n薄力粉 大さじ2',
        notes: '焼き上がり後は一晩冷やしてから切る。',
        photos: [cheese],
        steps: [
          { text: '材料を順に混ぜ合わせ、型に流す。', photos: [] },
          { text: '170℃のオーブンで45分焼く。', photos: [cheese] },
        ],
        display_order: 2,
      },
    },
    context,
  );
  await services.staffGuides.saveServeMethod(
    {
      id: 'demo-serve-blend',
      data: {
        store_id: store,
        menu_id: 'menu-blend',
        title: 'ブレンドコーヒーの提供',
        steps: [
          { text: 'カップとソーサーをお湯で温める。', photos: [] },
          { text: 'ハンドドリップで160ml抽出する。', photos: [coffee] },
          { text: 'ソーサーにスプーンを添え、取っ手を右にしてお出しする。', photos: [] },
        ],
        display_order: 1,
      },
    },
    context,
  );

  // This month's schedule for a week from today, one correction, and next month's wishes to import.
  const today = tokyoDateOf(deps.clock.now());
  const current = yearMonthOf(today);
  const next = addMonths(current, 1);
  const firstDay = Number(today.slice(8, 10));
  // A seeding killed inside this loop resumes it: what it added already is skipped (the decider
  // refuses a second shift on a day), and the one correction is not made again.
  const done = (await deps.scheduleOf?.(today.slice(0, 7))) ?? { shifts: [], corrected: false };
  const added = new Set(done.shifts);
  let corrected = done.corrected;
  for (let day = firstDay; day <= Math.min(daysInMonth(current), firstDay + 6); day++) {
    const date = dateInMonth(current, day);
    for (const [i, userId] of staffIds.entries()) {
      if ((day + i) % 3 === 0) continue;
      const [start, end] = i === 0 ? ['09:00', '15:00'] : ['13:00', '21:00'];
      if (added.has(`${userId} ${date}`)) continue;
      const { shiftId } = await services.shifts.add({ storeId: store, userId, date, start, end }, context);
      if (corrected) continue;
      await services.shifts.correct(
        { shiftId, storeId: store, userId, date, field: 'end_time', before: end, after: i === 0 ? '16:00' : '20:00', reason: '団体予約のため時間を変更' },
        context,
      );
      corrected = true;
    }
  }
  for (const [i, userId] of staffIds.entries()) {
    const shifts = [3, 4, 10, 11, 17, 18].map((day) => ({ date: dateInMonth(next, day + i), start: '10:00', end: i === 2 ? '15:00' : '18:00' }));
    await services.shifts.submit({ storeId: store, userId, shifts, submitter: { admin: false } }, { ...context, actor: userId });
  }
  return { staff };
}

/** The demo staff's accounts as a resumed seeding finds them by e-mail (decision 262), with the stores each works at. */
export async function demoStaffOf(accountIdOf: (email: string) => Promise<string | null>) {
  const staff: { accountId: string; storeIds: string[] }[] = [];
  for (const person of people) {
    const accountId = await accountIdOf(person.email);
    if (accountId) staff.push({ accountId, storeIds: person.stores.map(([storeId]) => storeId) });
  }
  return staff;
}
