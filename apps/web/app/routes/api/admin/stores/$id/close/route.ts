import { jsonCall } from '#app/http/json.server';
import { storeErrors } from '#app/admin-area/calls.server';

/**
 * POST /api/admin/stores/{id}/close (admin, decision 320): the store is closed as of today; its
 * record and history stay, it leaves /api/stores and the booking rules refuse it.
 */
export const action = jsonCall({
  idempotent: true,
  errors: storeErrors,
  async handle({ params, services, caller, correlationId, readYourWrites }) {
    const admin = await caller();
    const closed = await services.stores.close(params.id ?? '', { correlationId, actor: admin.id });
    await readYourWrites(closed.position);
    return { success: true as const };
  },
});
