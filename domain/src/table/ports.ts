import type { TaxCategory } from '../billing/tax-category';
import type { TaxRule } from '../order/tax';
import type { OptionSpec } from '../reservation/detail';
import type { SeatSpec } from '../seating/allocation';
import type { BusinessDay } from '../seating/availability';
import type { Clock, EventStore, Hashing, IdGenerator } from '../ports';
import type { SeatCodeService } from './decider';
import type { LocationVerdict, StoreFence } from './geofence';
import type { DayBooking } from './next-booking';

/**
 * What the guest-at-the-table services (check-in, tokens, orders, stock, checkout) ask of the
 * reference data and the order index, answered from the read models
 * (projections/src/orders/catalog.ts). Decisions themselves are made from the streams.
 */
export interface TableCatalog {
  /** A seat and its store, whether or not the public site books it (a counter place takes walk-ins). */
  seat(seatId: string): Promise<TableSeat | null>;
  /** Every seat of the store, for the ledger's checks of a walk-in at a named seat. */
  seats(storeId: string): Promise<SeatSpec[]>;
  /** Where the store is and how far a phone may be; null while it has no coordinates. */
  fence(storeId: string): Promise<StoreFence | null>;
  businessDay(storeId: string, date: string): Promise<BusinessDay>;
  /** These menu items as an order may take them (unknown ids are left out). */
  menuItems(menuIds: readonly string[]): Promise<OrderableItem[]>;
  taxRule(storeId: string): Promise<TaxRule>;
  /** The options asked when these courses are booked (their labels and priced choices), for the booked course's bill lines. */
  courseOptions(menuIds: readonly string[]): Promise<OptionSpec[]>;
  /** Ids of the orders placed for a reservation (the order index; lines are read from each order's stream). */
  orderIdsOf(reservationId: string): Promise<string[]>;
  /** The store's reservations of a day that still hold seats as of `now` (the reservations read model), for the floor's next bookings (decision 674). */
  dayBookings(storeId: string, date: string, now: Date): Promise<DayBooking[]>;
}

export interface TableSeat {
  id: string;
  storeId: string;
  name: string;
  maxPeople: number;
  holdMinutes: number;
}

export interface OrderableItem {
  menuId: string;
  storeId: string;
  name: string;
  /** Yen, from the catalog. */
  price: number;
  showOnOrder: boolean;
  /** A course the reservation page books (decision 631: ordered at the table it is refused as such, not as sold out). */
  reservable?: boolean;
  /** How it is taxed (decision 240); `reduced` when the catalog says nothing. */
  taxCategory?: TaxCategory;
}

/** What the table services are built from (table-service.ts `tableService`). */
export interface TablePorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hashing: Hashing;
  catalog: TableCatalog;
  /** The seats' codes (decider.ts): a guest's check-in and renewal must carry the seat's current one. */
  seatCodes: Pick<SeatCodeService, 'verify'>;
  seatingAttempts?: number;
}

/**
 * `unknown_seat`; `store_closed`; the location verdicts `location_required`, `outside_geofence`,
 * `store_location_unset`; `seat_taken` (booked or occupied), `over_capacity`; `no_visit` (nobody
 * checked in at the seat: a token cannot be renewed); `invalid_token`; `orders_changed` (the
 * orders are not the ones the checkout screen showed); plus the reservation decider's codes.
 */
export type TableErrorCode =
  | 'unknown_seat'
  | 'store_closed'
  | Exclude<LocationVerdict, 'inside'>
  | 'seat_taken'
  | 'over_capacity'
  | 'no_visit'
  | 'invalid_token'
  | 'orders_changed'
  /** The store seats its guests through staff only (decision 151): the seat's QR opens nothing. */
  | 'staff_seating_only';
