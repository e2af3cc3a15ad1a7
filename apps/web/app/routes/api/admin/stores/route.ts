import { storeDetailsSchema } from '@moncafe/domain/catalog/store-service';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { storeCall } from '#app/admin-area/calls.server';

/** GET /api/admin/stores (admin, decision 320): every store in display order, the closed ones too, with every field the admin edits. */
export const loader = jsonCall({
  handle: async ({ queries }) => queries.stores.list({ closed: true }),
});

/** POST /api/admin/stores (admin): opens a store; answers its id. */
export const action = jsonCall({
  idempotent: true,
  body: storeDetailsSchema,
  ...storeCall,
  async handle({ body, services, caller, correlationId, readYourWrites }) {
    const admin = await caller();
    const opened = await services.stores.open(body, { correlationId, actor: admin.id });
    await readYourWrites(opened.position);
    return { success: true as const, store_id: opened.storeId };
  },
});

export type Answer = AnswerOf<typeof loader>;
