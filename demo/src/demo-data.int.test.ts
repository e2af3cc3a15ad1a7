import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogService } from '@moncafe/domain/catalog/catalog-service';
import { toStreamName } from '@moncafe/domain/catalog/events';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { memoryEventStore } from '@moncafe/domain/testing/memory-event-store';
import { testIds as ids } from '@moncafe/domain/testing/test-ids';
import { businessHoursForDates } from '@moncafe/projections/business-hours/queries';
import { openReadModelTestDb, type ReadModelTestDb } from '@moncafe/projections/testing/read-model-db';
import { listNotices } from '@moncafe/projections/email-notices/queries';
import { listHomepageCards } from '@moncafe/projections/homepage-cards/queries';
import { listMenuItems, listMenuOptions, listOptionDependencies } from '@moncafe/projections/menus/queries';
import { projectors } from '@moncafe/projections/read-models';
import { getSameDaySettings } from '@moncafe/projections/same-day-settings/queries';
import { listSeats, seatNeighbours } from '@moncafe/projections/seats/queries';
import { listStores } from '@moncafe/projections/stores/queries';
import {
  DEMO_IMAGE_PATHS,
  DEMO_SECOND_COURSE_ID,
  DEMO_SECOND_ONLY_MENU_ID,
  DEMO_SECOND_STORE_CARD_ID,
  DEMO_SECOND_STORE_ID,
  DEMO_STORE_ID,
  loadDemoData,
  type DemoDataResult,
} from './demo-data';

// 12:00 in Tokyo on Sunday 2026-11-22 (03:00 UTC).
const clock = manualClock(new Date('2026-11-22T03:00:00Z'));
const context = { correlationId: 'demo-test', actor: 'system' };

describe('demo data', () => {
  const eventStore = memoryEventStore(clock.now);
  const catalog = catalogService({ eventStore, ids });
  let t: ReadModelTestDb;
  let first: DemoDataResult;

  beforeAll(async () => {
    first = await loadDemoData(catalog, clock, context);
    t = await openReadModelTestDb();
    await t.project(projectors, await eventStore.readAll());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is written as catalog events carrying the demo store id', async () => {
    const events = await eventStore.readAll();
    expect(events).toHaveLength(first.created.length);
    expect(first.position).toBe(events.length);
    expect(events.every((e) => e.type === 'RecordSaved' && e.streamId.startsWith('catalog-'))).toBe(true);
    const seatEvent = events.find((e) => e.streamId === toStreamName('seat', 'seat-t1'));
    expect(seatEvent?.metadata).toMatchObject({ storeId: DEMO_STORE_ID, actor: 'system', correlationId: 'demo-test' });
  });

  it('loading it again changes nothing', async () => {
    const again = await loadDemoData(catalog, clock, context);
    expect(again.created).toEqual([]);
    expect(again.position).toBeNull();
    expect(again.records).toEqual(first.records);
    expect(await eventStore.headPosition()).toBe(first.created.length);
  });

  it('gives the store with id 2, seats of 1 to 6 people with joinable neighbours', async () => {
    expect(await listStores(t.db)).toEqual([
      expect.objectContaining({ store_id: '2', name: 'MonCafe 駅前店' }),
      expect.objectContaining({ store_id: DEMO_SECOND_STORE_ID, name: 'MonCafe 西口公園店' }),
    ]);
    const seats = await listSeats(t.db, DEMO_STORE_ID);
    expect(seats.map((s) => s.max_people).sort((a, b) => a - b)).toEqual([1, 1, 2, 2, 4, 4, 6]);
    expect(seatNeighbours(seats)['seat-t2']).toEqual(['seat-t1']);
  });

  it('gives a menu of drinks, food and desserts, and reservation courses with deadlines', async () => {
    const menu = await listMenuItems(t.db, { storeId: DEMO_STORE_ID, visibleOn: 'menu' });
    expect(new Set(menu.map((m) => m.category))).toEqual(new Set(['drink', 'food', 'dessert']));
    expect(menu.map((m) => m.name)).toEqual(expect.arrayContaining(['ブレンドコーヒー', 'カフェラテ', 'アールグレイ紅茶', 'オレンジジュース']));
    expect(menu.find((m) => m.name === '自家製かためプリン')?.category).toBe('dessert');
    const courses = await listMenuItems(t.db, { storeId: DEMO_STORE_ID, visibleOn: 'reservation' });
    expect(courses.map((c) => c.id)).toEqual(['course-birthday', 'course-afternoon-tea', 'course-lunch']);
    expect(courses[0]).toMatchObject({ deadline_days_before: 3, deadline_time: '18:00', show_on_menu: true, show_on_reservation: true });
    expect((await listMenuItems(t.db, { storeId: DEMO_STORE_ID, visibleOn: 'order' })).length).toBe(menu.length - courses.length);
    for (const item of [...menu, ...courses]) expect(DEMO_IMAGE_PATHS).toContain(item.image_url);
  });

  it('gives the birthday course options, with a message plate that shows its children and an image option', async () => {
    const options = await listMenuOptions(t.db, 'course-birthday');
    expect(options.map((o) => o.label)).toContain('メッセージプレート');
    expect(options.find((o) => o.option_id === '10')?.type).toBe('image');
    const deps = await listOptionDependencies(t.db, 'course-birthday');
    expect(
      deps
        .filter((d) => d.parent_option_id === '11')
        .map((d) => d.child_option_id)
        .sort(),
    ).toEqual(['7', '8']);
    expect(deps.find((d) => d.child_option_id === '10')).toMatchObject({ parent_option_id: '12', parent_choice_value: 'print', is_show: 1 });
  });

  it('gives opening hours: closed on Wednesdays, on a temporary closure day and at year end', async () => {
    const days = await businessHoursForDates(t.db, DEMO_STORE_ID, ['2026-11-22', '2026-11-23', '2026-11-25', '2026-12-06', '2026-12-31']);
    expect(days['2026-11-22']).toMatchObject({ is_closed: false, open_time: '10:00', close_time: '20:00' });
    expect(days['2026-11-23']).toMatchObject({ is_closed: false, isHoliday: true, close_time: '18:00' });
    expect(days['2026-11-25']).toMatchObject({ is_closed: true, source: 'weekday' });
    expect(days['2026-12-06']).toMatchObject({ is_closed: true, source: 'date' }); // today + 14 days
    expect(days['2026-12-31']).toMatchObject({ is_closed: true, source: 'date' });
    expect(await getSameDaySettings(t.db, DEMO_STORE_ID)).toEqual({ is_enabled: true, deadline_time: '15:00' });
  });

  it('gives a second store that differs: its own seats, hours and a menu item only it sells (decision 321)', async () => {
    const seats = await listSeats(t.db, DEMO_SECOND_STORE_ID);
    expect(seats.map((s) => [s.name, s.max_people, s.is_reservable])).toEqual([
      ['カウンター', 2, true],
      ['テーブルA', 4, true],
      ['テーブルB', 4, true],
      ['テラス席', 4, false],
    ]);
    expect((await listSeats(t.db, DEMO_STORE_ID)).some((s) => s.store_id === DEMO_SECOND_STORE_ID)).toBe(false);
    const second = await listMenuItems(t.db, { storeId: DEMO_SECOND_STORE_ID, visibleOn: 'menu' });
    const first = await listMenuItems(t.db, { storeId: DEMO_STORE_ID, visibleOn: 'menu' });
    expect(second.map((m) => m.id)).toContain(DEMO_SECOND_ONLY_MENU_ID);
    expect(first.map((m) => m.id)).not.toContain(DEMO_SECOND_ONLY_MENU_ID);
    // A course of its own: a guest who picks it on the homepage has something to book.
    const secondCourses = await listMenuItems(t.db, { storeId: DEMO_SECOND_STORE_ID, visibleOn: 'reservation' });
    expect(secondCourses.map((m) => m.id)).toEqual([DEMO_SECOND_COURSE_ID]);
    // Open on Wednesdays (the first store's closed day), closed on Mondays, from 08:00.
    const days = await businessHoursForDates(t.db, DEMO_SECOND_STORE_ID, ['2026-11-25', '2026-11-30']);
    expect(days['2026-11-25']).toMatchObject({ is_closed: false, open_time: '08:00', close_time: '18:00' });
    expect(days['2026-11-30']).toMatchObject({ is_closed: true, source: 'weekday' });
  });

  it('gives homepage cards (instagram outside the site, calendar, links inside it) and two notices', async () => {
    const all = await listHomepageCards(t.db, { activeOnly: true });
    const cards = all.filter((c) => c.store_id === null);
    expect(cards.map((c) => c.card_type)).toEqual(['instagram', 'calendar', 'other', 'other', 'other']);
    // The second store's own card, after the site's (decision 456).
    expect(all.filter((c) => c.store_id !== null).map((c) => [c.id, c.store_id])).toEqual([[DEMO_SECOND_STORE_CARD_ID, DEMO_SECOND_STORE_ID]]);
    expect(all.at(-1)?.id).toBe(DEMO_SECOND_STORE_CARD_ID);
    // アクセス opens the site's own page, not a map search (decision 191).
    expect(cards.filter((c) => c.card_type === 'other').map((c) => c.link_url)).toEqual(['/reservation', '/menu', '/access']);
    expect(cards.find((c) => c.card_type === 'instagram')?.link_url).toMatch(/^https:\/\//);
    expect(await listNotices(t.db, { storeId: DEMO_STORE_ID })).toHaveLength(2);
  });
});
