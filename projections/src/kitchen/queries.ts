import { sql, type Kysely } from 'kysely';
import { addDays, tokyoInstant } from '@moncafe/domain/calendar/dates';
import type { KitchenNote } from '@moncafe/domain/order/kitchen-notes';
import type { Database } from '../database';
import type { OrderRow } from '../orders/queries';

/** One kitchen ticket: the order as the spec answers it, with its party and the booking's notes (decision 670). */
export type KitchenTicketRow = OrderRow & {
  /** The party's size, a merged party's its host's; null for an order of no known visit. */
  people: number | null;
  paid: boolean;
  notes: KitchenNote[];
};

function ticketsOf(db: Kysely<Database>, storeId: string) {
  return db
    .selectFrom('orders as o')
    .leftJoin('kitchen_parties as p', 'p.reservation_id', 'o.reservation_id')
    .leftJoin('kitchen_parties as h', 'h.reservation_id', 'p.merged_into')
    .selectAll('o')
    .select([
      sql<number | null>`coalesce(h.people, p.people)`.as('people'),
      sql<boolean | null>`p.paid`.as('paid'),
      sql<KitchenNote[] | null>`p.notes`.as('notes'),
    ])
    .where('o.store_id', '=', storeId);
}

type Joined = OrderRow & { people: number | null; paid: boolean | null; notes: KitchenNote[] | null };
const ticket = (r: Joined): KitchenTicketRow => ({ ...r, paid: r.paid === true, notes: r.notes ?? [] });

/**
 * The kitchen's tickets: a store's orders waiting to be made, oldest first, each with its party
 * (a merged one's host, decision 370) and notes, in one query over the orders' store-status index
 * and the parties' keys.
 */
export async function readyKitchenTickets(db: Kysely<Database>, storeId: string): Promise<KitchenTicketRow[]> {
  const rows = await ticketsOf(db, storeId).where('o.status', '=', 'ready').orderBy('o.order_time').orderBy('o.id').execute();
  return rows.map(ticket);
}

/** The kitchen's history as tickets: a store's orders completed on a Tokyo date, newest first. */
export async function completedKitchenTickets(db: Kysely<Database>, storeId: string, date: string): Promise<KitchenTicketRow[]> {
  const rows = await ticketsOf(db, storeId)
    .where('o.status', '=', 'complete')
    .where('o.completed_at', '>=', tokyoInstant(date, 0))
    .where('o.completed_at', '<', tokyoInstant(addDays(date, 1), 0))
    .orderBy('o.completed_at', 'desc')
    .orderBy('o.id')
    .execute();
  return rows.map(ticket);
}
