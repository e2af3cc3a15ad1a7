import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock, IdGenerator } from '@moncafe/domain/ports';
import type { ReservationCatalog } from '@moncafe/domain/reservation/booking-flow';
import type { SeatSpec } from '@moncafe/domain/seating/allocation';
import type { BusinessDay, MenuRules } from '@moncafe/domain/seating/availability';
import { tokyoInstant } from '@moncafe/domain/seating/business-time';

/** A clock the test moves by hand: no sleeping, no wall time. */
export function manualClock(start: Date): Clock & { advance(minutes: number): void; set(instant: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (minutes) => {
      now += minutes * 60_000;
    },
    set: (instant) => {
      now = instant.getTime();
    },
  };
}

export const realIds: IdGenerator = {
  uuid: () => randomUUID(),
  token: () => randomBytes(16).toString('base64url'),
};

export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export const STORE = 'store-1';
/** Three two-person tables in a row and a six-person table: enough to exercise joins and races. */
export const seats: SeatSpec[] = [
  { id: 'T1', name: 'テーブル1', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: ['T2'] },
  { id: 'T2', name: 'テーブル2', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: ['T3'] },
  { id: 'T3', name: 'テーブル3', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: [] },
  { id: 'T4', name: 'テーブル4', maxPeople: 6, holdMinutes: 90, adjacentSeatIds: [] },
];
export const cakeCourse: MenuRules = { menuId: 'm-cake', name: 'ケーキコース', deadlineDaysBefore: 2, deadlineTime: '18:00', durationMinutes: null };

/** A fixed catalog: open 11:00–18:00 every day except Wednesdays. */
export function fixedCatalog(
  overrides: Partial<{ seats: SeatSpec[]; menus: MenuRules[]; sameDay: { isEnabled: boolean; deadlineTime: string | null } }> = {},
): ReservationCatalog {
  const day = (date: string): BusinessDay =>
    new Date(`${date}T00:00:00Z`).getUTCDay() === 3
      ? { closed: true, openTime: null, closeTime: null }
      : { closed: false, openTime: '11:00', closeTime: '18:00' };
  return {
    defaultStoreId: async () => STORE,
    seats: async () => overrides.seats ?? seats,
    businessDays: async (_store, dates) => Object.fromEntries(dates.map((d) => [d, day(d)])),
    menus: async (_store, ids) => (overrides.menus ?? [cakeCourse]).filter((m) => ids.includes(m.menuId)),
    sameDaySettings: async () => overrides.sameDay ?? { isEnabled: true, deadlineTime: '15:00' },
  };
}

/** 2026-12-10 (a Thursday) 10:00 in Tokyo. */
export const START = tokyoInstant('2026-12-10', 10 * 60);
