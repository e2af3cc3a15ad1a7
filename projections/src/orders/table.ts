import type { ColumnType } from 'kysely';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';

/** jsonb column: read as T, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** An order line as the spec's order answer names it (operations.md §3: items menu_name, quantity, price). */
export interface OrderItemRow {
  menu_id: string;
  menu_name: string;
  quantity: number;
  /** Unit price, yen. */
  price: number;
  /** Taken away (持ち帰り): the kitchen packs it (decision 641). Absent on rows projected before it; a rebuild fills it. */
  takeout?: boolean;
  /** `done` once bumped at its station; absent on rows projected before per-item bumps (a ready ticket's items wait, a complete one's are done). */
  state?: 'ready' | 'done';
}

/**
 * Table orders as the kitchen, the checkout and the admin read them, and the payments taken at
 * checkout (one per reservation), for the day's sales.
 */
export interface OrderTables {
  orders: {
    id: string;
    store_id: string;
    reservation_id: string;
    seat_id: string;
    seat_label: string;
    /** ready (in the kitchen) or complete. */
    /** `voided`: taken back before checkout (decision 283), on no kitchen list. */
    status: 'ready' | 'complete' | 'voided';
    items: Json<OrderItemRow[]>;
    subtotal: number;
    placed_by: string;
    order_time: Date;
    updated_at: Date;
    completed_at: Date | null;
  };
  payments: {
    reservation_id: string;
    store_id: string;
    /** The Tokyo date the payment was taken. */
    business_date: string;
    method: PaymentMethod;
    subtotal: number;
    tax: number;
    total: number;
    order_ids: Json<string[]>;
    paid_at: Date;
  };
}
