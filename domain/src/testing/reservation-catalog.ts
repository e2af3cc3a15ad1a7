import { tokyoInstant } from '../calendar/dates';
import { DEFAULT_TAX_RULE, type TaxRule } from '../order/tax';
import type { DependencySpec, OptionSpec } from '../reservation/detail';
import type { ReservationRequest } from '../reservation/events';
import type { Course, Notice, ReservationCatalog } from '../reservation/ports';
import type { SeatSpec } from '../seating/allocation';
import type { BusinessDay, MenuRules } from '../seating/availability';

/** The store of the fixed catalog. */
export const STORE = 'store-1';

/** Three two-person tables in a row and a six-person table: enough to exercise joins and races. */
export const seats: SeatSpec[] = [
  { id: 'T1', name: 'テーブル1', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: ['T2'] },
  { id: 'T2', name: 'テーブル2', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: ['T3'] },
  { id: 'T3', name: 'テーブル3', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: [] },
  { id: 'T4', name: 'テーブル4', maxPeople: 6, holdMinutes: 90, adjacentSeatIds: [] },
];

export const cakeCourse: MenuRules = { menuId: 'm-cake', name: 'ケーキコース', deadlineDaysBefore: 2, deadlineTime: '18:00', durationMinutes: null };
/** The cake course as the course list prices it. */
export const cakeCourseOffer: Course = { menuId: cakeCourse.menuId, storeId: STORE, name: cakeCourse.name, price: 3000, description: '', reservable: true };

/** 2026-12-10 (a Thursday) 10:00 in Tokyo. */
export const START = tokyoInstant('2026-12-10', 10 * 60);

/** A fixed catalog: open 11:00–18:00 every day except Wednesdays; the cake course, with no options unless given. */
export function fixedCatalog(
  overrides: Partial<{
    seats: SeatSpec[];
    menus: MenuRules[];
    courses: Course[];
    options: OptionSpec[];
    dependencies: DependencySpec[];
    notices: Notice[];
    taxRule: TaxRule;
    sameDay: { isEnabled: boolean; deadlineTime: string | null };
    /** Stores the admin closed (decision 320). */
    closedStores: string[];
  }> = {},
): ReservationCatalog {
  const day = (date: string): BusinessDay =>
    new Date(`${date}T00:00:00Z`).getUTCDay() === 3
      ? { closed: true, openTime: null, closeTime: null }
      : { closed: false, openTime: '11:00', closeTime: '18:00' };
  return {
    defaultStoreId: async () => STORE,
    storeName: async () => 'テスト店',
    storeContact: async () => ({ postalCode: '100-0001', address: '東京都千代田区テスト1-1', phone: '03-0000-0000' }),
    storeOpen: async (store) => !(overrides.closedStores ?? []).includes(store),
    seats: async () => overrides.seats ?? seats,
    businessDays: async (_store, dates) => Object.fromEntries(dates.map((d) => [d, day(d)])),
    menus: async (_store, ids) => (overrides.menus ?? [cakeCourse]).filter((m) => ids.includes(m.menuId)),
    courses: async (ids) => (overrides.courses ?? [cakeCourseOffer]).filter((c) => ids.includes(c.menuId)),
    options: async (ids) => ({
      options: (overrides.options ?? []).filter((o) => ids.includes(o.menuId)),
      dependencies: (overrides.dependencies ?? []).filter((d) => ids.includes(d.menuId)),
    }),
    sameDaySettings: async () => overrides.sameDay ?? { isEnabled: true, deadlineTime: '15:00' },
    notices: async () => overrides.notices ?? [],
    // Prices entered with tax unless a test says otherwise: the amounts a test books are those it is shown.
    taxRule: async () => overrides.taxRule ?? { ...DEFAULT_TAX_RULE, pricesIncludeTax: true },
  };
}

/** A reservation request as ReservationRequested records it, for decider, projector and live tests (override what a test is about). */
export function sampleRequest(overrides: Partial<ReservationRequest> = {}): ReservationRequest {
  return {
    reservationId: 'r1',
    storeId: STORE,
    date: '2026-12-20',
    time: '12:00',
    people: 2,
    seatIds: ['T1'],
    holdId: 'h1',
    customer: { name: '山田花子', email: 'hanako@example.jp', phone: '090-1234-5678' },
    accountId: null,
    lines: [{ menuId: 'm1', name: 'ケーキコース', price: 3000, quantity: 1 }],
    detail: {},
    optionsPrice: 0,
    reservationNumber: 'MC-4821-7K',
    ...overrides,
  };
}

const option = (
  optionId: string,
  label: string,
  type: OptionSpec['type'],
  required: boolean,
  choices: [id: string, label: string, extraPrice: number][] = [],
): OptionSpec => ({
  optionId,
  menuId: 'm1',
  label,
  type,
  required,
  choices: choices.map(([id, choiceLabel, extraPrice]) => ({ id, label: choiceLabel, extraPrice })),
});

/** Options of a cake course: a radio with an extra price, a message, a picture and toppings (checkboxes). */
export const cakeOptions: OptionSpec[] = [
  option('4', 'ケースの種類', 'radio', true, [
    ['box', '箱', 0],
    ['tin', '缶', 300],
  ]),
  option('8', 'メッセージ', 'text', true),
  option('10', 'プリント用画像', 'image', true),
  option('11', 'トッピング', 'checkbox', false, [
    ['berry', 'いちご', 200],
    ['nut', 'ナッツ', 100],
  ]),
];
