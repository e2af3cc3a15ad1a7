import { serveMethodSchema } from '@moncafe/domain/catalog/kinds';
import { itemCall, saveServeMethod } from '#app/staff-area/catalog-calls.server';

/** PUT /api/serve-methods/{id} (admin): replaced; DELETE {remove: true}: removed. */
export const action = itemCall('serve-method', serveMethodSchema, saveServeMethod);
