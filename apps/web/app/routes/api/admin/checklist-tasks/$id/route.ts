import { checklistTaskSchema } from '@moncafe/domain/checklist/kinds';
import { itemCall } from '#app/staff-area/catalog-calls.server';

/** PUT /api/admin/checklist-tasks/{id} (admin): reworded; DELETE {remove: true}: removed (past days keep their ticks). */
export const action = itemCall('checklist-task', checklistTaskSchema);
