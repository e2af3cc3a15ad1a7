import { tokyoInstant } from '../calendar/dates';
import { DomainError } from '../decider';
import { orderingService } from '../order/ordering-service';
import { stockEditorService } from '../stock/stock-editor-service';
import { tableService } from '../table/table-service';
import { manualClock } from './manual-clock';
import { memoryEventStore } from './memory-event-store';
import { AT_STORE, fixedTableCatalog } from './table-catalog';
import { testHashing, testIds } from './test-ids';

/** The code every seat's printed QR carries in these tests (the seat-code service is tested on its own). */
export const PRINTED_SEAT_CODE = 'printed-seat-code';

/** 2026-12-10 (a Thursday) 12:00 in Tokyo: the fixed store is open. */
export const LUNCHTIME = tokyoInstant('2026-12-10', 12 * 60);

/**
 * The guest-at-the-table services over an in-memory event store, the fixed table catalog and a
 * manual clock, for unit tests.
 */
export function tableTestSystem(options: { catalog?: Parameters<typeof fixedTableCatalog>[0]; start?: Date } = {}) {
  const clock = manualClock(options.start ?? LUNCHTIME);
  const eventStore = memoryEventStore(clock.now);
  const catalog = fixedTableCatalog({ eventStore, ...options.catalog });
  const seatCodes = {
    async verify(_seatId: string, code: string | null | undefined) {
      if (code !== PRINTED_SEAT_CODE) throw new DomainError('seat_code_invalid');
    },
  };
  const ports = { eventStore, clock, ids: testIds, hashing: testHashing, catalog, seatCodes };
  return {
    clock,
    eventStore,
    catalog,
    table: tableService(ports),
    ordering: orderingService(ports),
    stock: stockEditorService(ports),
  };
}

/** A party checking in at `seatId` from inside the store with the seat's printed code, as a guest's phone does. */
export function guestCheckIn(t: ReturnType<typeof tableTestSystem>, seatId = 'T1', people = 2) {
  return t.table.checkIn({ seatId, people, position: AT_STORE, staff: null, seatCode: PRINTED_SEAT_CODE, reservationNumber: null, correlationId: 'c' });
}
