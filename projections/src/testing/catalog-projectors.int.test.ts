import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEvent } from '@moncafe/domain/catalog/events';
import { parseRecord } from '@moncafe/domain/catalog/decider';
import type { CatalogInput, CatalogKind } from '@moncafe/domain/catalog/registry';
import { businessHoursProjector } from '../business-hours/projector';
import { businessHoursForDate, businessHoursForDates, businessHoursForMonth, listBusinessHoursRules } from '../business-hours/queries';
import { emailNoticesProjector } from '../email-notices/projector';
import { listNotices } from '../email-notices/queries';
import { homepageCardsProjector } from '../homepage-cards/projector';
import { listHomepageCards } from '../homepage-cards/queries';
import { menusProjector } from '../menus/projector';
import { getMenuItem, listMenuItems, listMenuOptions, listOptionDependencies, menusWithOptions } from '../menus/queries';
import { projectors as registeredProjectors } from '../read-models';
import { sameDaySettingsProjector } from '../same-day-settings/projector';
import { getSameDaySettings } from '../same-day-settings/queries';
import { seatsProjector } from '../seats/projector';
import { getSeat, listSeats, seatNeighbours } from '../seats/queries';
import { storesProjector } from '../stores/projector';
import { defaultStore, getStore, listStores } from '../stores/queries';
import { openReadModelTestDb, type ReadModelTestDb } from './read-model-db';

/** A RecordSaved event as the decider would write it (data validated, defaults filled in). */
function saved<K extends CatalogKind>(kind: K, id: string, data: CatalogInput<K>): CatalogEvent {
  return { type: 'RecordSaved', data: { kind, id, data: parseRecord(kind, id, data) } } as CatalogEvent;
}
function removed(kind: CatalogKind, id: string): CatalogEvent {
  return { type: 'RecordRemoved', data: { kind, id } } as CatalogEvent;
}

const catalogProjectors = [
  storesProjector,
  seatsProjector,
  menusProjector,
  businessHoursProjector,
  sameDaySettingsProjector,
  homepageCardsProjector,
  emailNoticesProjector,
];

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await openReadModelTestDb();
});
afterAll(async () => {
  await t?.close();
});

it('every catalog read model is registered', () => {
  for (const p of catalogProjectors) expect(registeredProjectors).toContain(p);
});

describe('stores', () => {
  it('given saves, a replay and a removal, then one row per remaining store', async () => {
    const honten = saved('store', '2', { name: 'MonCafe 駅前店', address: '東京都千代田区1-1', phone: '03-1234-5678' });
    await t.project(catalogProjectors, [
      honten,
      saved('store', '3', { name: '閉店した店', address: '東京都', phone: '03-0000-0000', display_order: 9 }),
      honten, // redelivered
      saved('store', '2', { name: 'MonCafe 駅前本店', address: '東京都千代田区1-1', phone: '03-1234-5678' }),
      removed('store', '3'),
    ]);
    expect(await listStores(t.db)).toEqual([
      {
        store_id: '2',
        name: 'MonCafe 駅前本店',
        postal_code: null,
        address: '東京都千代田区1-1',
        phone: '03-1234-5678',
        email: null,
        access_note: null,
        display_order: 0,
        latitude: null,
        longitude: null,
        geofence_radius_m: 100,
        closed_on: null,
        second_factor_for_staff: false,
        wage_retention_years: 5,
      },
    ]);
    expect(await getStore(t.db, '3')).toBeNull();
  });

  it('given a closed store, then it leaves the open list and the default but keeps its row (decision 320)', async () => {
    await t.project(catalogProjectors, [
      saved('store', '4', { name: '西口店', address: '東京都新宿区', phone: '03-2222-2222' }),
      saved('store', '4', { name: '西口店', address: '東京都新宿区', phone: '03-2222-2222', closed_on: '2026-11-26' }),
    ]);
    expect((await listStores(t.db)).map((s) => s.store_id)).toEqual(['2']);
    expect((await listStores(t.db, { closed: true })).map((s) => [s.store_id, s.closed_on])).toEqual([
      ['2', null],
      ['4', '2026-11-26'],
    ]);
    expect((await defaultStore(t.db))?.store_id).toBe('2');
    expect((await getStore(t.db, '4'))?.closed_on).toBe('2026-11-26');
  });
});

describe('seats', () => {
  it('given seats of two stores, then a store’s seats in display order with symmetric neighbours', async () => {
    await t.project(catalogProjectors, [
      saved('seat', 's2', { store_id: '2', name: 'テーブル2', max_people: 4, display_order: 2 }),
      saved('seat', 's1', { store_id: '2', name: 'テーブル1', max_people: 2, adjacent_seat_ids: ['s2'], display_order: 1 }),
      saved('seat', 's3', { store_id: '2', name: 'ソファ', max_people: 6, reservation_hold_minutes: 120, adjacent_seat_ids: ['s2', 'gone'], display_order: 3 }),
      saved('seat', 'x1', { store_id: '9', name: '他店', max_people: 2 }),
    ]);
    const seats = await listSeats(t.db, '2');
    expect(seats.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(seats[0]).toEqual({
      id: 's1',
      store_id: '2',
      name: 'テーブル1',
      max_people: 2,
      reservation_hold_minutes: 90,
      is_reservable: true,
      adjacent_seat_ids: ['s2'],
      display_order: 1,
      is_active: true,
    });
    expect(seatNeighbours(seats)).toEqual({ s1: ['s2'], s2: ['s1', 's3'], s3: ['s2'] });
    await t.project(catalogProjectors, [removed('seat', 's3')]);
    expect(await getSeat(t.db, 's3')).toBeNull();
    expect((await getSeat(t.db, 's1'))?.name).toBe('テーブル1');
  });
});

describe('menus', () => {
  it('given items, options and dependencies, then filtered lists with categories', async () => {
    await t.project(catalogProjectors, [
      saved('menu', 'm-coffee', { store_id: '2', name: 'ブレンドコーヒー', price: 500, show_on_order: true, display_order: 1 }),
      saved('menu', 'm-pudding', { store_id: '2', name: 'プリン', price: 450, category: 'dessert', display_order: 2 }),
      saved('menu', 'm-course', {
        store_id: '2',
        name: 'バースデーケーキコース',
        price: 4800,
        show_on_menu: false,
        show_on_reservation: true,
        deadline_days_before: 3,
        deadline_time: '18:00',
        duration_minutes: 120,
        display_order: 3,
      }),
      saved('menu-option', '5', {
        menu_id: 'm-course',
        label: 'メッセージプレート',
        type: 'radio',
        required: true,
        choices: [
          { id: 'yes', label: 'つける', extra_price: 200 },
          { id: 'no', label: 'つけない' },
        ],
        display_order: 1,
      }),
      saved('menu-option', '8', { menu_id: 'm-course', label: 'メッセージ内容', type: 'text', display_order: 2 }),
      saved('option-dependency', 'dep-1', { menu_id: 'm-course', parent_option_id: '5', child_option_id: '8', parent_choice_value: 'yes' }),
    ]);
    expect((await listMenuItems(t.db, { storeId: '2' })).map((m) => [m.id, m.category, m.saved_category])).toEqual([
      ['m-coffee', 'drink', null],
      ['m-pudding', 'dessert', 'dessert'],
      ['m-course', 'dessert', null],
    ]);
    expect((await listMenuItems(t.db, { visibleOn: 'menu' })).map((m) => m.id)).toEqual(['m-coffee', 'm-pudding']);
    expect((await listMenuItems(t.db, { visibleOn: 'order' })).map((m) => m.id)).toEqual(['m-coffee']);
    expect(await listMenuItems(t.db, { ids: [] })).toEqual([]);
    expect(await getMenuItem(t.db, 'm-course')).toMatchObject({
      name: 'バースデーケーキコース',
      price: 4800,
      show_on_reservation: true,
      deadline_days_before: 3,
      deadline_time: '18:00',
      duration_minutes: 120,
      image_url: null,
    });
    const options = await listMenuOptions(t.db, 'm-course');
    expect(options.map((o) => o.option_id)).toEqual(['5', '8']);
    expect(options[0]?.choices).toEqual([
      { id: 'yes', label: 'つける', extra_price: 200 },
      { id: 'no', label: 'つけない', extra_price: 0 },
    ]);
    expect(await menusWithOptions(t.db, ['m-coffee', 'm-course'])).toEqual(['m-course']);
    expect(await listOptionDependencies(t.db, 'm-course')).toEqual([
      { id: 'dep-1', menu_id: 'm-course', parent_option_id: '5', child_option_id: '8', parent_value: null, parent_choice_value: 'yes', is_show: 1 },
    ]);

    await t.project(catalogProjectors, [removed('option-dependency', 'dep-1'), removed('menu-option', '8'), removed('menu', 'm-pudding')]);
    expect(await listOptionDependencies(t.db)).toEqual([]);
    expect((await listMenuOptions(t.db, ['m-course'])).map((o) => o.option_id)).toEqual(['5']);
    expect(await getMenuItem(t.db, 'm-pudding')).toBeNull();
  });
});

describe('business hours', () => {
  it('given weekly rules, a holiday rule and overrides, then a map keyed by date', async () => {
    const week = [0, 1, 2, 4, 5, 6].map((weekday) =>
      saved('business-hours', `2-weekday-${weekday}`, { rule: 'weekday', store_id: '2', weekday, open_time: '10:00', close_time: '20:00' }),
    );
    await t.project(catalogProjectors, [
      ...week,
      saved('business-hours', '2-weekday-3', { rule: 'weekday', store_id: '2', weekday: 3, is_closed: true }),
      saved('business-hours', '2-holiday', { rule: 'holiday', store_id: '2', open_time: '11:00', close_time: '18:00' }),
      saved('business-hours', '2-2026-12-31', { rule: 'date', store_id: '2', date: '2026-12-31', is_closed: true }),
      saved('business-hours', '2-2026-12-30', { rule: 'date', store_id: '2', date: '2026-12-30', open_time: '10:00', close_time: '15:00' }),
      // another store's override on the same date must not leak
      saved('business-hours', '9-2026-12-29', { rule: 'date', store_id: '9', date: '2026-12-29', is_closed: true }),
    ]);
    const map = await businessHoursForDates(t.db, '2', ['2026-11-22', '2026-11-23', '2026-11-25', '2026-12-29', '2026-12-30', '2026-12-31']);
    expect(map).toEqual({
      '2026-11-22': { open_time: '10:00', close_time: '20:00', is_closed: false, isHoliday: false, source: 'weekday' },
      '2026-11-23': { open_time: '11:00', close_time: '18:00', is_closed: false, isHoliday: true, source: 'holiday' },
      '2026-11-25': { open_time: null, close_time: null, is_closed: true, isHoliday: false, source: 'weekday' },
      '2026-12-29': { open_time: '10:00', close_time: '20:00', is_closed: false, isHoliday: false, source: 'weekday' },
      '2026-12-30': { open_time: '10:00', close_time: '15:00', is_closed: false, isHoliday: false, source: 'date' },
      '2026-12-31': { open_time: null, close_time: null, is_closed: true, isHoliday: false, source: 'date' },
    });
    const december = await businessHoursForMonth(t.db, '2', '2026-12');
    expect(Object.keys(december)).toHaveLength(31);
    expect(Object.values(december).filter((d) => d.is_closed)).toHaveLength(5); // Wednesdays 2, 9, 16, 23 (the 30th is opened) and the 31st
    expect(await businessHoursForDate(t.db, 'no-such-store', '2026-12-01')).toMatchObject({ is_closed: true, source: 'none' });

    await t.project(catalogProjectors, [removed('business-hours', '2-2026-12-31')]);
    expect((await businessHoursForDate(t.db, '2', '2026-12-31')).source).toBe('weekday');
    const rules = await listBusinessHoursRules(t.db, '2');
    expect(rules.map((r) => r.rule)).toEqual([...Array(7).fill('weekday'), 'holiday', 'date']);
  });
});

describe('same-day settings', () => {
  it('given settings, then the store’s; a store without settings takes no same-day bookings', async () => {
    await t.project(catalogProjectors, [saved('same-day-settings', '2', { store_id: '2', is_enabled: true, deadline_time: '15:00' })]);
    expect(await getSameDaySettings(t.db, '2')).toEqual({ is_enabled: true, deadline_time: '15:00' });
    expect(await getSameDaySettings(t.db, '9')).toEqual({ is_enabled: false, deadline_time: null });
    await t.project(catalogProjectors, [saved('same-day-settings', '2', { store_id: '2', is_enabled: false })]);
    expect(await getSameDaySettings(t.db, '2')).toEqual({ is_enabled: false, deadline_time: null });
  });
});

describe('homepage cards', () => {
  it('given cards, then active ones by display order for the homepage and all for the admin', async () => {
    await t.project(catalogProjectors, [
      saved('homepage-card', 'c-cal', { card_type: 'calendar', title: '営業カレンダー', display_order: 2 }),
      saved('homepage-card', 'c-ig', { card_type: 'instagram', link_url: 'https://www.instagram.com/', display_order: 1 }),
      saved('homepage-card', 'c-old', { card_type: 'other', title: '旧キャンペーン', is_active: false, display_order: 0 }),
    ]);
    expect((await listHomepageCards(t.db, { activeOnly: true })).map((c) => c.id)).toEqual(['c-ig', 'c-cal']);
    expect((await listHomepageCards(t.db)).map((c) => c.id)).toEqual(['c-old', 'c-ig', 'c-cal']);
    expect((await listHomepageCards(t.db))[1]).toEqual({
      id: 'c-ig',
      card_type: 'instagram',
      link_url: 'https://www.instagram.com/',
      image_url: null,
      title: '',
      description: '',
      // A card saved without English (as every card before decision 394) reads '' in English: the Japanese shows.
      title_en: '',
      description_en: '',
      // A card saved before decision 456 is the whole site's.
      store_id: null,
      is_active: true,
      display_order: 1,
    });
  });

  it('given a card of one store, then it names that store (decision 456)', async () => {
    await t.project(catalogProjectors, [saved('homepage-card', 'c-west', { card_type: 'other', title: 'テラス席', store_id: '3', display_order: 9 })]);
    expect((await listHomepageCards(t.db, { activeOnly: true })).find((c) => c.id === 'c-west')?.store_id).toBe('3');
  });
});

describe('notices', () => {
  it('given notices for one store and for all, then a store sees both', async () => {
    await t.project(catalogProjectors, [
      saved('notice', 'n-all', { content: 'ご予約の変更はお電話でどうぞ。', display_order: 2 }),
      saved('notice', 'n-2', { store_id: '2', title: 'キャンセル', content: 'キャンセル後の取り消しはできません。', display_order: 1 }),
      saved('notice', 'n-9', { store_id: '9', content: '他店のお知らせ' }),
    ]);
    expect((await listNotices(t.db, { storeId: '2' })).map((n) => n.id)).toEqual(['n-2', 'n-all']);
    expect((await listNotices(t.db)).map((n) => n.id)).toHaveLength(3);
    await t.project(catalogProjectors, [removed('notice', 'n-2')]);
    expect((await listNotices(t.db, { storeId: '2', activeOnly: true })).map((n) => n.id)).toEqual(['n-all']);
  });
});

it('projectors ignore other contexts’ events and kinds they do not hold', async () => {
  const before = await listStores(t.db);
  await t.project(catalogProjectors, [
    { type: 'SeatsHeld', data: { store_id: 'x' } },
    { type: 'RecordSaved', data: { kind: 'recipe', id: 'r1', data: {} } },
  ]);
  expect(await listStores(t.db)).toEqual(before);
});
