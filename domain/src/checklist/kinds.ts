import { z } from 'zod';
import { displayOrder, kind, storeId, text } from '../catalog/kinds';

/** The checklist context's reference data (decision 085), registered with the catalog (catalog/registry.ts). */

export const checklistNameSchema = z.enum(['opening', 'closing']);

/** A task of a store's opening or closing checklist; its number on screen is its place in the list. */
export const checklistTaskSchema = z.object({
  store_id: storeId,
  list: checklistNameSchema,
  task_text: text(300),
  display_order: displayOrder,
});

export type ChecklistName = z.output<typeof checklistNameSchema>;
export type ChecklistTaskData = z.output<typeof checklistTaskSchema>;

export const checklistKinds = {
  'checklist-task': kind({ schema: checklistTaskSchema, nameFields: ['task_text'] }),
};
