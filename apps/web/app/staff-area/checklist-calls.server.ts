import { z } from 'zod';
import { isoDateSchema } from '@moncafe/domain/calendar/date-schemas';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { ChecklistName } from '@moncafe/domain/checklist/kinds';
import { jsonCall } from '#app/http/json.server';
import { actingMember, actingUser, catalogErrors } from './calls.server';

/**
 * The two checklist calls, alike for the opening and the closing list (spec §7):
 * GET /api/store-{opening|close}-tasks/{storeId}[?date=YYYY-MM-DD] and
 * PUT /api/store-{opening|close}-tasks/{taskId} {completed}.
 */

/** The list of a business day: today's (the server's Tokyo date) unless an earlier `date` is asked for, as history. */
export function checklistLoader(list: ChecklistName) {
  return jsonCall({
    query: z.object({ date: isoDateSchema.optional() }),
    async handle(input) {
      const { params, query, queries, runtime } = input;
      await actingMember(input, params.id ?? '');
      const today = tokyoDateOf(runtime.clock.now());
      const day = query.date && query.date < today ? query.date : today;
      const tasks = await queries.checklists.day({ storeId: params.id ?? '', list, day });
      return { business_day: day, today, tasks };
    },
  });
}

/** Ticks (completed: true) or unticks a task for today's business day, recording who and when. */
export function checklistAction(list: ChecklistName) {
  return jsonCall({
    methods: ['PUT'],
    idempotent: true,
    body: z.object({ completed: z.boolean() }),
    errors: catalogErrors,
    async handle(input) {
      const { context, isAdmin } = await actingUser(input);
      const result = await input.services.checklists.setDone(
        { list, taskId: input.params.id ?? '', completed: input.body.completed, asAdmin: isAdmin },
        context,
      );
      await input.readYourWrites(result.position);
      return { success: true, business_day: result.day, changed: result.changed };
    },
  });
}
