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
const ENGLISH = /Expected|Invalid|Required|must|String|Number|HH:MM|YYYY|each address|too_|invalid_/;

type Case = [name: string, path: string, body: { form: Record<string, string> } | { json: unknown }, key: string, label: string];

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
    'settings.recipients',
    '「お知らせ先」',
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
];

describe('the settings forms refuse in the owner’s words', () => {
  it.each(settingsCases)('%s', async (_name, path, body, key, label) => {
    const answer = await admin.send('POST', path, body);
    expect(answer.status).toBe(400);
    const text = await answer.text();
    // The page's stream carries the action's answer as `"error","…"` (quotes escaped once or more).
    const said = /\\*"error\\*",\\*"([^"\\]*)/.exec(text)?.[1] ?? text;
    expect(said, text).toContain(label);
    expect(said).not.toMatch(ENGLISH);
    expect(said).not.toContain(key.split('.').pop()!);
  });
});

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
];

describe('the menu editor’s calls refuse in the owner’s words', () => {
  it.each(catalogCases)('%s', async (_name, path, body, key, label) => {
    const answer = await admin.send('POST', path, body);
    expect(answer.status).toBe(400);
    const { error, message } = (await answer.json()) as { error: string; message?: string };
    const said = [error, message].filter(Boolean).join(' ');
    expect(said).toContain(label);
    expect(said).not.toMatch(ENGLISH);
    expect(said).not.toContain(key);
  });
});
