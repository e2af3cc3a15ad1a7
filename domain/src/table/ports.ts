import type { TaxCategory } from '../billing/tax-category';
import type { TaxRule } from '../order/tax';
import type { SeatSpec } from '../seating/allocation';
import type { BusinessDay } from '../seating/availability';
import type { StoreFence } from './geofence';

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
  /** Ids of the orders placed for a reservation (the order index; lines are read from each order's stream). */
  orderIdsOf(reservationId: string): Promise<string[]>;
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
  /** How it is taxed (issue 30); `reduced` when the catalog says nothing. */
  taxCategory?: TaxCategory;
}
