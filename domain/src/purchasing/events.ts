import { z } from 'zod';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * Who saw a supplier's password, and when: `purchasing-{supplierId}`. The supplier itself is a
 * catalog record (kind `supplier`, its password sealed); revealing the password is a fact of its
 * own (docs/decisions/083-supplier-passwords.md).
 */
export const PURCHASING_CATEGORY = 'purchasing';

export function toStreamName(supplierId: string): string {
  return streamName(PURCHASING_CATEGORY, supplierId);
}

export function fromStreamName(streamId: string): { supplierId: string } | null {
  const parts = streamParts(PURCHASING_CATEGORY, streamId, 1);
  return parts ? { supplierId: parts[0]! } : null;
}

export const purchasingEventSchemas = {
  SupplierPasswordRevealed: z.object({ supplierId: z.string(), revealedAt: z.string(), by: z.string() }),
};

export type PurchasingEvent = EventsOf<typeof purchasingEventSchemas>;

export const parsePurchasingEvent = eventParser(purchasingEventSchemas);
