import { z } from 'zod';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * A store's stock of menu items (`stock-{storeId}`): the kitchen's editor sets an item's count,
 * its sold-out mark and whether it is counted at all; every order that includes counted items
 * reserves them. One stream per store is the consistency boundary that keeps a count from going
 * below zero however many phones order at once (decision 061).
 */
export const STOCK_CATEGORY = 'stock';

export function toStreamName(storeId: string): string {
  return streamName(STOCK_CATEGORY, storeId);
}

export function fromStreamName(streamId: string): { storeId: string } | null {
  const parts = streamParts(STOCK_CATEGORY, streamId, 1);
  return parts ? { storeId: parts[0]! } : null;
}

export const stockEventSchemas = {
  /** The stock editor's values for one item. */
  StockSet: z.object({
    menuId: z.string(),
    manageStock: z.boolean(),
    quantity: z.number().int().min(0),
    isSoldOut: z.boolean(),
    setAt: z.string(),
  }),
  /** An order took counted items; `remaining` is each item's count after it. */
  StockReserved: z.object({
    orderId: z.string(),
    lines: z.array(z.object({ menuId: z.string(), quantity: z.number().int().positive(), remaining: z.number().int().min(0) })),
    reservedAt: z.string(),
  }),
  /**
   * Counted items given back by a void before checkout (decision 283); `remaining` is each item's
   * count after it. `key` names the void (`{orderId}:{menuId}` or `{orderId}:*`), so a retry returns nothing twice.
   */
  StockReturned: z.object({
    orderId: z.string(),
    key: z.string(),
    lines: z.array(z.object({ menuId: z.string(), quantity: z.number().int().positive(), remaining: z.number().int().min(0) })),
    returnedAt: z.string(),
  }),
};

export type StockEvent = EventsOf<typeof stockEventSchemas>;

export const parseStockEvent = eventParser(stockEventSchemas);
