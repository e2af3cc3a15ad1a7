import { itemCall, saveSupplier, supplierBody } from '#app/staff-area/catalog-calls.server';

/** PUT /api/order-management/{id} (admin): the supplier replaced (a missing password keeps the stored one); DELETE {remove: true}: removed. */
export const action = itemCall('supplier', supplierBody, saveSupplier);
