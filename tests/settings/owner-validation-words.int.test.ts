import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * A settings or catalog form that refuses what the owner sent says why in Japanese, naming the
 * field by the label beside it: never zod's or the schema's English, never a field's key. Each
 * case sends one bad value to an admin form action or menu editor call and reads the answer.
 */
let server: TestWebServer;
let admin: HttpClient;
const STORE = '2';

beforeAll(async () => {
  server = await startTestWebServer();
  admin = httpClient(server.url);
  expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

/** zod's and the schemas' own English words, and format hints a schema answers with. */
const ENGLISH = /Expected|Invalid|Required|must|after|String|Number|HH:MM|YYYY|each address|digits|hyphens|http|not a|too_|invalid_/i;
/** Kana or kanji: every answer says why in Japanese. */
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9faf]/;

type Case = [name: string, path: string, body: { form: Record<string, string> } | { json: unknown }, key: string, label: string, method?: 'POST' | 'PUT'];

const settingsCases: Case[] = [
  [
    'a date whose close is before its open (the record refused)',
    `/admin/business-hours?store_id=${STORE}`,
    { form: { intent: 'date', store_id: STORE, date: '2030-01-15', open_time: '18:00', close_time: '09:00' } },
    'close_time',
    '閉店時刻',
  ],
  [
    'an open time that is not a time',
    `/admin/business-hours?store_id=${STORE}`,
    { form: { intent: 'weekday', weekday: '1', store_id: STORE, open_time: '25:99', close_time: '18:00' } },
    'open_time',
    '「開店」',
  ],
  [
    'a weekly row’s close that is not a time',
    `/admin/business-hours?store_id=${STORE}`,
    { form: { intent: 'week', store_id: STORE, '1-open': '09:00', '1-close': 'late' } },
    '1-close',
    '「月曜日の閉店」',
  ],
  [
    'a date that is not a date',
    `/admin/business-hours?store_id=${STORE}`,
    { form: { intent: 'remove-date', store_id: STORE, date: '2030-13-45' } },
    'date',
    '「日付」',
  ],
  [
    'a recipient that is not a mail address',
    '/admin/notifications',
    { json: { settings: { store_id: STORE, recipients: [{ email: 'not-an-address' }], low_stock_threshold: 3 } } },
    'recipients.0.email',
    '「メールアドレス」',
  ],
  [
    'the same recipient twice',
    '/admin/notifications',
    { json: { settings: { store_id: STORE, recipients: [{ email: 'a@moncafe.test' }, { email: 'a@moncafe.test' }], low_stock_threshold: 3 } } },
    'settings.recipients.1.email',
    '「メールアドレス」',
  ],
  [
    'a reminder hour past 23',
    '/admin/notifications',
    { json: { settings: { store_id: STORE, recipients: [], low_stock_threshold: 3, reminder_hour: 24 } } },
    'reminder_hour',
    '「送る時刻（前日）」',
  ],
  [
    'a card title too long',
    '/admin/homepage-settings',
    { json: { intent: 'save', id: null, card: { card_type: 'other', title: 'あ'.repeat(101) } } },
    'card.title',
    '「タイトル」',
  ],
  ['a notice without its content', '/admin/email-settings', { json: { intent: 'save', id: null, notice: { content: '' } } }, 'notice.content', '「内容」'],
  ['a disclaimer too long', '/admin/disclaimer', { form: { store_id: STORE, content: 'x'.repeat(5001) } }, 'content', '「内容」'],
  [
    'a registration number whose check digit is wrong',
    `/admin/tax-management?store_id=${STORE}`,
    { form: taxForm({ registration_number: 'T1234567890123' }) },
    'registration_number',
    '登録番号は「T」と13桁',
  ],
  [
    'a registration number that is not one at all',
    `/admin/tax-management?store_id=${STORE}`,
    { form: taxForm({ registration_number: 'abc' }) },
    'registration_number',
    '登録番号は「T」と13桁',
  ],
  ['a tax rate over 100', `/admin/tax-management?store_id=${STORE}`, { form: taxForm({ rate_percent: '101' }) }, 'rate_percent', '「税率（%）」'],
  [
    'a rate change from a day that is not a date',
    `/admin/tax-management?store_id=${STORE}`,
    { form: taxForm({ next_from: '2030-02-31' }) },
    'next_from',
    '「適用開始日」',
  ],
];

describe('the settings forms refuse in the owner’s words', () => {
  it.each(settingsCases)('%s', async (_name, path, body, key, label) => {
    const answer = await admin.send('POST', path, body);
    expect(answer.status).toBe(400);
    const text = await answer.text();
    // The page's stream carries the action's answer as `"error","…"` (quotes escaped once or more).
    const said = /\\*"error\\*",\\*"([^"\\]*)/.exec(text)?.[1] ?? text;
    expect(said, text).toContain(label);
    expect(said).toMatch(JAPANESE);
    expect(said).not.toMatch(ENGLISH);
    expect(said).not.toContain(key.split('.').pop()!);
  });
});

/** What the tax form sends, with one value changed. */
function taxForm(over: Record<string, string>): Record<string, string> {
  return {
    store_id: STORE,
    rate_percent: '10',
    rounding: 'floor',
    reduced_rate_percent: '8',
    issuer_name: '',
    next_from: '',
    registration_number: '',
    ...over,
  };
}

const recruit = (over: Record<string, unknown>) => ({
  store_id: STORE,
  weekday_start: '10:00',
  weekday_end: '20:00',
  weekend_start: '10:00',
  weekend_end: '20:00',
  interval_minutes: 30,
  ...over,
});
const store = (over: Record<string, unknown>) => ({ name: '新しい店', address: '東京都千代田区1-1', phone: '03-1234-5678', ...over });
const seat = (over: Record<string, unknown>) => ({ store_id: STORE, name: 'テーブルZ', max_people: 4, ...over });

const menuItem = (over: Record<string, unknown>) => ({
  store_id: STORE,
  name: '季節のタルト',
  description: '旬の果物',
  price: 780,
  show_on_menu: true,
  show_on_reservation: true,
  show_on_order: true,
  ...over,
});

const catalogCases: Case[] = [
  ['a price below zero', '/api/admin/menu-items', { json: menuItem({ price: -1 }) }, 'price', '「価格（円）」'],
  ['a name left empty', '/api/admin/menu-items', { json: menuItem({ name: '' }) }, 'name', '「名前」'],
  ['a deadline of days without its time (a rule)', '/api/admin/menu-items', { json: menuItem({ deadline_days_before: 2 }) }, 'deadline_time', '締切'],
  ['a store that is not an id', '/api/admin/menu-items', { json: menuItem({ store_id: 'x y' }) }, 'store_id', '「店舗」'],
  // The shift recruit times: a rule that spans fields, a time that is not one, a step too long.
  [
    'a weekday’s recruit end before its start (a rule)',
    '/api/admin/shift-recruit-time',
    { json: recruit({ weekday_start: '18:00', weekday_end: '09:00' }) },
    'weekday_end',
    '終了時刻は開始時刻より後',
  ],
  [
    'a weekend’s recruit end before its start (a rule)',
    '/api/admin/shift-recruit-time',
    { json: recruit({ weekend_start: '18:00', weekend_end: '09:00' }) },
    'weekend_end',
    '終了時刻は開始時刻より後',
  ],
  ['a recruit start that is not a time', '/api/admin/shift-recruit-time', { json: recruit({ weekday_start: '25:00' }) }, 'weekday_start', '「平日 開始」'],
  ['a recruit step too long', '/api/admin/shift-recruit-time', { json: recruit({ interval_minutes: 240 }) }, 'interval_minutes', '「時間の刻み（分）」'],
  // The store and seat editors.
  ['a store phone that is not a number', '/api/admin/stores', { json: store({ phone: 'call us' }) }, 'phone', '「電話番号」'],
  ['a store postal code of two digits', '/api/admin/stores', { json: store({ postal_code: '12' }) }, 'postal_code', '「郵便番号」'],
  ['a seat for nobody', '/api/admin/seats', { json: seat({ max_people: 0 }) }, 'max_people', '「定員（名）」'],
  // The staff area's editors: purchasing, labour, costs.
  [
    'a purchase link that is not a web address',
    '/api/purchase-management',
    { json: { store_id: STORE, supplier: '業者', product_name: '豆', purchase_url: 'ftp://example.test' } },
    'purchase_url',
    '「リンクURL」',
  ],
  [
    'a late-night premium below the law',
    '/api/admin/labour-settings',
    { json: { store_id: STORE, late_night_premium_percent: 10 } },
    'late_night_premium_percent',
    '「深夜割増（%）」',
    'PUT',
  ],
  [
    'a cost line of no quantity',
    '/api/admin/cost-lines',
    { json: { store_id: STORE, menu_id: 'menu-blend', name: '豆', quantity: 0, unit_cost: 10 } },
    'quantity',
    '「数量」',
  ],
];

describe('the admin editors’ calls refuse in the owner’s words', () => {
  it.each(catalogCases)('%s', async (_name, path, body, key, label, method = 'POST') => {
    const answer = await admin.send(method, path, body);
    expect(answer.status).toBe(400);
    const { error, message, field } = (await answer.json()) as { error: string; message?: string; field?: string };
    const said = [error, message].filter(Boolean).join(' ');
    expect(said).toContain(label);
    expect(said).toMatch(JAPANESE);
    expect(said).not.toMatch(ENGLISH);
    expect(said).not.toContain(key);
    // The screen shows the words beside this field.
    expect(field?.split('.').pop()).toBe(key);
  });
});
