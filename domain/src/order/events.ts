import { z } from 'zod';
import { taxCategorySchema } from '../billing/tax-category';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * One table order's events and stream name (`order-{orderId}`). An order is placed by a guest's
 * phone (or by staff for a seat), cooked, marked complete in the kitchen, and may be restored to
 * the ready list. Prices are the catalog's at the moment of ordering, never the browser's.
 */
export const ORDER_CATEGORY = 'order';

export function toStreamName(orderId: string): string {
  return streamName(ORDER_CATEGORY, orderId);
}

export function fromStreamName(streamId: string): { orderId: string } | null {
  const parts = streamParts(ORDER_CATEGORY, streamId, 1);
  return parts ? { orderId: parts[0]! } : null;
}

const orderLineSchema = z.object({
  menuId: z.string(),
  /** The menu's name when it was ordered. */
  name: z.string(),
  /** Unit price in yen, from the catalog. */
  price: z.number().int(),
  quantity: z.number().int().positive(),
  /** Taken away (the reduced rate for a `reduced` item) or eaten in (decision 240); eat-in by default. */
  takeout: z.boolean().default(false),
  /** The menu item's tax category when it was ordered. */
  taxCategory: taxCategorySchema.default('reduced'),
});
export type OrderLine = z.output<typeof orderLineSchema>;

export const orderEventSchemas = {
  OrderPlaced: z.object({
    orderId: z.string(),
    storeId: z.string(),
    reservationId: z.string(),
    seatId: z.string(),
    /** The seat's name when ordered (the kitchen's label). */
    seatLabel: z.string(),
    lines: z.array(orderLineSchema).min(1),
    /** `customer` for a guest's phone, else the staff account that ordered for the seat. */
    placedBy: z.string(),
    placedAt: z.string(),
  }),
  OrderCompleted: z.object({ completedAt: z.string() }),
  OrderRestored: z.object({ restoredAt: z.string() }),
  /** One item (every unit of one menu item) of the ticket made and bumped off its station's screen; the ticket is done when all are. */
  OrderItemBumped: z.object({ menuId: z.string(), bumpedAt: z.string() }),
  /** A bumped item called back to its station's screen: the ticket is waiting again. */
  OrderItemRecalled: z.object({ menuId: z.string(), recalledAt: z.string() }),
  /** Staff took a line (every unit of one menu item) off the order before checkout, saying why (decision 283). */
  OrderLineVoided: z.object({
    menuId: z.string(),
    name: z.string(),
    quantity: z.number().int().positive(),
    price: z.number().int(),
    reason: z.string(),
    voidedAt: z.string(),
  }),
  /** Staff took the whole order back before checkout, saying why: what was left of it is off the bill and the kitchen's list. */
  OrderVoided: z.object({ lines: z.array(orderLineSchema), reason: z.string(), voidedAt: z.string() }),
};

export type OrderEvent = EventsOf<typeof orderEventSchemas>;

export const parseOrderEvent = eventParser(orderEventSchemas);

/** What the lines cost together, in yen (before tax). */
export function orderSubtotal(lines: readonly Pick<OrderLine, 'price' | 'quantity'>[]): number {
  return lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
}
