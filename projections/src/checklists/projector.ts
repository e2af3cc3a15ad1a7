import { CHECKLIST_CATEGORY, fromStreamName, parseChecklistEvent } from '@moncafe/domain/checklist/events';
import { assertNever } from '@moncafe/domain/decider';
import { catalogProjector, catalogTable } from '../catalog-projector';
import type { Projector } from '../projector';

/** Checklist tasks: an upsert per save and a delete per removal. */
export const checklistTasksProjector = catalogProjector('checklist-tasks', [
  catalogTable({ kind: 'checklist-task', table: 'checklist_tasks', key: 'id', row: (id, data) => ({ id, ...data }) }),
]);

/** Each day's ticks: the latest state per task, set (never toggled) by each event, so a replay is harmless. */
export const checklistTicksProjector: Projector = {
  name: 'checklist-ticks',
  tables: ['checklist_ticks'],
  categories: [CHECKLIST_CATEGORY],
  handles: (event) => fromStreamName(event.streamId) !== null,
  async apply(rows, recorded) {
    const event = parseChecklistEvent(recorded);
    const key = fromStreamName(recorded.streamId);
    if (!event || !key) return;
    let change: { task_id: string; completed: boolean; changed_by: string; changed_at: Date };
    switch (event.type) {
      case 'TaskCompleted':
        change = { task_id: event.data.taskId, completed: true, changed_by: event.data.by, changed_at: new Date(event.data.completedAt) };
        break;
      case 'TaskReopened':
        change = { task_id: event.data.taskId, completed: false, changed_by: event.data.by, changed_at: new Date(event.data.reopenedAt) };
        break;
      default:
        return assertNever(event);
    }
    const row = { store_id: key.storeId, list: key.list, business_day: key.day, ...change };
    // Keyed by four columns: written with SQL of its own inside the batch's transaction.
    const trx = await rows.transaction();
    await trx
      .insertInto('checklist_ticks')
      .values(row)
      .onConflict((oc) => oc.columns(['store_id', 'list', 'business_day', 'task_id']).doUpdateSet(row))
      .execute();
  },
};
