import { purchaseItemSchema } from '@moncafe/domain/purchasing/kinds';
import { itemCall } from '#app/staff-area/catalog-calls.server';

/** PUT /api/purchase-management/{id} (admin): the item replaced; DELETE {remove: true}: removed. */
export const action = itemCall('purchase-item', purchaseItemSchema);
