import { checklistTaskSchema } from '@moncafe/domain/checklist/kinds';
import { createCall } from '#app/staff-area/catalog-calls.server';

/** POST /api/admin/checklist-tasks {store_id, list, task_text} (admin): a new opening or closing task. */
export const action = createCall('checklist-task', checklistTaskSchema);
