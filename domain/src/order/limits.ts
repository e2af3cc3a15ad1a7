import { foldStream } from '../command-handler';
import { catalogDecider } from '../catalog/decider';
import { toStreamName as catalogStream } from '../catalog/events';
import { orderLimitsSchema, type OrderLimitsData } from './kinds';
import { DomainError } from '../decider';
import type { EventStore } from '../ports';
import { orderSubtotal, type OrderLine } from './events';

/**
 * The limits a table's orders meet (decision 155): per-minute caps counted on
 * the reservation's stream (`AdmitOrder`), the size of one order bounded by the party, and an
 * amount above which a guest's phone is refused and staff place the order.
 */
export type OrderLimitsErrorCode = 'order_too_large' | 'order_needs_staff';

/** The store's limits as saved in the admin editor, read from its catalog stream (the log, not a read model), or the defaults. */
export async function orderLimitsOf(eventStore: EventStore, storeId: string): Promise<OrderLimitsData> {
  const state = foldStream(catalogDecider, await eventStore.readStream(catalogStream('order-limits', storeId)));
  return orderLimitsSchema.parse(state.status === 'saved' ? state.data : { store_id: storeId });
}

/**
 * Refuses an order larger than the party could want: more lines than `lines_per_person` × people,
 * or more of one item (its lines together) than `quantity_per_person` × people. Guests' phones
 * (not staff) are also refused an order above `staff_above_yen`.
 */
export function checkOrderSize(lines: readonly OrderLine[], people: number, limits: OrderLimitsData, byStaff: boolean): void {
  const party = Math.max(1, people);
  const perItem = new Map<string, number>();
  for (const line of lines) perItem.set(line.menuId, (perItem.get(line.menuId) ?? 0) + line.quantity);
  const tooMany = lines.length > limits.lines_per_person * party || [...perItem.values()].some((q) => q > limits.quantity_per_person * party);
  if (tooMany) throw new DomainError<OrderLimitsErrorCode>('order_too_large');
  if (!byStaff && orderSubtotal(lines) > limits.staff_above_yen) throw new DomainError<OrderLimitsErrorCode>('order_needs_staff');
}
