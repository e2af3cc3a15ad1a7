import { seatSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { seatCall } from '#app/admin-area/calls.server';
import { actingUser, storeQuery } from '#app/staff-area/calls.server';

/** GET /api/admin/seats?store_id (admin): the store's seats in display order, active or not. */
export const loader = jsonCall({
  query: storeQuery,
  handle: async ({ query, queries }) =>
    (await queries.seats.ofStore(query.store_id)).map((s) => ({
      id: s.id,
      store_id: s.store_id,
      name: s.name,
      max_people: s.max_people,
      reservation_hold_minutes: s.reservation_hold_minutes,
      is_reservable: s.is_reservable,
      is_active: s.is_active,
      adjacent_seat_ids: s.adjacent_seat_ids,
      display_order: s.display_order,
    })),
});

/** POST /api/admin/seats (admin): a new seat; answers its id. */
export const action = jsonCall({
  idempotent: true,
  body: seatSchema,
  ...seatCall,
  async handle(input) {
    const { context } = await actingUser(input, input.body.store_id);
    const id = `seat-${input.runtime.ids.uuid()}`;
    const result = await input.services.seats.save({ id, data: input.body }, context);
    await input.readYourWrites(result.position);
    return { success: true, id };
  },
});

export type Answer = AnswerOf<typeof loader>;
