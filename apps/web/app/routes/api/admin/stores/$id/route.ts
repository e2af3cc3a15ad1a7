import { storeDetailsSchema } from '@moncafe/domain/catalog/store-service';
import { jsonCall } from '#app/http/json.server';
import { storeCall } from '#app/admin-area/calls.server';

/** PUT /api/admin/stores/{id} (admin, decision 320): the store's own fields replaced; its point, fence and closing kept. */
export const action = jsonCall({
  methods: ['PUT'],
  idempotent: true,
  body: storeDetailsSchema,
  ...storeCall,
  async handle({ params, body, services, caller, correlationId, readYourWrites }) {
    const admin = await caller();
    const saved = await services.stores.edit(params.id ?? '', body, { correlationId, actor: admin.id });
    await readYourWrites(saved.position);
    return { success: true as const };
  },
});
