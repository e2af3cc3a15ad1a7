import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { dateSchema, menuIdsSchema, storeClaimSchema } from '#app/reservation/call-schemas';
import { dateRefusalMessage } from '#app/reservation/texts';

/**
 * POST /api/customery-day/check-date {date, menuIds}: the spec's date checks in order (closed,
 * same day, deadlines, past) decided on the server's Tokyo clock: {ok} or {ok: false, message}.
 */
export const action = jsonCall({
  body: z.object({ date: dateSchema, menuIds: menuIdsSchema, store_id: storeClaimSchema }),
  async handle({ body: { store_id, ...body }, services }): Promise<{ ok: true } | { ok: false; reason: string; message: string }> {
    const refusal = await services.booking.checkDate({ ...body, storeId: store_id });
    return refusal ? { ok: false, reason: refusal.code, message: dateRefusalMessage(refusal) } : { ok: true };
  },
});

export type Answer = AnswerOf<typeof action>;
