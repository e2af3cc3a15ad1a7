import type { AnswerOf } from '#app/http/json.server';
import { checklistAction, checklistLoader } from '#app/staff-area/checklist-calls.server';

/** GET /api/store-opening-tasks/{storeId}[?date] and PUT /api/store-opening-tasks/{taskId} {completed}: the opening checklist. */
export const loader = checklistLoader('opening');
export const action = checklistAction('opening');

export type Answer = AnswerOf<typeof loader>;
export type ToggleAnswer = AnswerOf<typeof action>;
