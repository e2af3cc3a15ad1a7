import { serveMethodSchema } from '@moncafe/domain/staff-guide/kinds';
import { itemCall, saveServeMethod } from '#app/staff-area/catalog-calls.server';

/** PUT /api/serve-methods/{id} (admin): replaced; DELETE {remove: true}: removed. */
export const action = itemCall('serve-method', serveMethodSchema, saveServeMethod);
