import type { AnswerOf } from '#app/http/json.server';
import { checklistAction, checklistLoader } from '#app/staff-area/checklist-calls.server';

/** GET /api/store-close-tasks/{storeId}[?date] and PUT /api/store-close-tasks/{taskId} {completed}: the closing checklist. */
export const loader = checklistLoader('closing');
export const action = checklistAction('closing');

export type Answer = AnswerOf<typeof loader>;
export type ToggleAnswer = AnswerOf<typeof action>;
