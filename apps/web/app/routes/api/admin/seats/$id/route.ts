import { z } from 'zod';
import { seatSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall } from '#app/http/json.server';
import { seatCall } from '#app/admin-area/calls.server';
import { actingUser, removeBody } from '#app/staff-area/calls.server';

/**
 * PUT /api/admin/seats/{id} (admin): the seat replaced; DELETE {remove: true}: removed. A seat
 * still holding bookings is neither removed nor made inactive: 409 with the bookings (decision 120).
 */
export const action = jsonCall({
  methods: ['PUT', 'DELETE'],
  body: z.union([removeBody, seatSchema]),
  ...seatCall,
  async handle(input) {
    const id = input.params.id ?? '';
    const body = input.body;
    const { context } = await actingUser(input, 'store_id' in body ? body.store_id : null);
    // The seat's bookings are read from the read models: a booking stored a moment ago is in them first.
    await input.readAllWrites();
    const result = 'remove' in body ? await input.services.seats.remove(id, context) : await input.services.seats.save({ id, data: body }, context);
    await input.readYourWrites(result.position);
    return { success: true };
  },
});
