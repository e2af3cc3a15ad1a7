import type { ChecklistName } from '@moncafe/domain/checklist/kinds';

/** Opening and closing checklists: the tasks (catalog `checklist-task`) and each business day's ticks. */
export interface ChecklistTables {
  checklist_tasks: {
    id: string;
    store_id: string;
    list: ChecklistName;
    task_text: string;
    display_order: number;
  };
  /** The state of a task on one business day: who ticked or unticked it last, and when. */
  checklist_ticks: {
    store_id: string;
    list: ChecklistName;
    business_day: string;
    task_id: string;
    completed: boolean;
    changed_by: string;
    changed_at: Date;
  };
}
