import { z } from 'zod';
import { isoDateSchema } from '@moncafe/domain/calendar/date-schemas';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';

/** GET /api/admin/business-hours/date/{date}[?store_id]: open_time, close_time, is_closed (the default store when none is named). */
export const loader = jsonCall({
  query: z.object({ store_id: recordIdSchema.optional() }),
  cache: 'businessHours',
  async handle({ params, query, queries }) {
    const date = isoDateSchema.safeParse(params.date);
    if (!date.success) return refuse(400, 'invalid date', { field: 'date' });
    const days = await queries.businessHours.days({ storeId: query.store_id ?? null, start: date.data, end: date.data });
    if (days === null) return refuse(404, 'not found', { message: 'store not found' });
    const day = days[date.data];
    return { date: date.data, open_time: day?.open_time ?? null, close_time: day?.close_time ?? null, is_closed: day?.is_closed ?? false };
  },
});

export type Answer = AnswerOf<typeof loader>;
