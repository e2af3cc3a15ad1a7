import { cryptoIds } from '@moncafe/infra/system';

/**
 * A new id as the product makes one (time-ordered, decision 482), so a generated log's indexes
 * grow as a real one's do. Ids a guest's phone makes (an order's, an idempotency key) stay random.
 */
export const newId = (): string => cryptoIds.uuid();
