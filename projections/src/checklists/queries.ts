import type { Kysely } from 'kysely';
import type { ChecklistName } from '@moncafe/domain/checklist/kinds';
import type { Database } from '../database';

/**
 * The spec's task rows of one list and business day: id, task_id (its number in the list),
 * task_text, completed, and who ticked or unticked it last and when (null until someone did).
 */
export async function checklistOf(db: Kysely<Database>, input: { storeId: string; list: ChecklistName; day: string }) {
  const rows = await db
    .selectFrom('checklist_tasks as t')
    .leftJoin('checklist_ticks as k', (join) =>
      join.onRef('k.task_id', '=', 't.id').on('k.store_id', '=', input.storeId).on('k.list', '=', input.list).on('k.business_day', '=', input.day),
    )
    .leftJoin('accounts as a', 'a.account_id', 'k.changed_by')
    .select(['t.id', 't.task_text', 't.display_order', 'k.completed', 'k.changed_at', 'a.name as changed_by_name'])
    .where('t.store_id', '=', input.storeId)
    .where('t.list', '=', input.list)
    .orderBy('t.display_order')
    .orderBy('t.id')
    .execute();
  return rows.map((r, i) => ({
    id: r.id,
    task_id: i + 1,
    task_text: r.task_text,
    display_order: r.display_order,
    completed: r.completed ?? false,
    changed_by: r.changed_by_name,
    changed_at: r.changed_at ? new Date(r.changed_at).toISOString() : null,
  }));
}

/** Where a task belongs (the checklist service's read port). */
export async function findChecklistTask(db: Kysely<Database>, taskId: string): Promise<{ storeId: string; list: ChecklistName } | null> {
  const row = await db.selectFrom('checklist_tasks').select(['store_id', 'list']).where('id', '=', taskId).executeTakeFirst();
  return row ? { storeId: row.store_id, list: row.list } : null;
}
