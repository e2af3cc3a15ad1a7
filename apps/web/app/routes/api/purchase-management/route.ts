import { purchaseItemSchema } from '@moncafe/domain/purchasing/kinds';
import type { AnswerOf } from '#app/http/json.server';
import { storeRead } from '#app/staff-area/calls.server';
import { createCall } from '#app/staff-area/catalog-calls.server';

/** GET /api/purchase-management?store_id: the store's purchase items. POST (admin): a new item. */
export const loader = storeRead((queries, storeId) => queries.purchasing.purchaseItems(storeId));
export const action = createCall('purchase-item', purchaseItemSchema);

export type Answer = AnswerOf<typeof loader>;
