import { costLineSchema } from '@moncafe/domain/catalog/kinds';
import { costFieldLabels } from '#app/admin-area/texts';
import { itemCall } from '#app/staff-area/catalog-calls.server';

/** PUT /api/admin/cost-lines/{id} (admin): the line replaced; DELETE {remove: true}: removed. */
export const action = itemCall('cost-line', costLineSchema, undefined, costFieldLabels);
