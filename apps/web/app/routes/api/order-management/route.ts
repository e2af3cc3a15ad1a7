import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember, storeQuery } from '#app/staff-area/calls.server';
import { createCall, saveSupplier, supplierBody } from '#app/staff-area/catalog-calls.server';

/**
 * GET /api/order-management?store_id: the store's suppliers — name, login id and whether a
 * password is kept, never the password (POST …/{id}/reveal-password shows it, on record). Admins
 * also see who revealed it last. POST (admin): a new supplier, its password sealed.
 */
export const loader = jsonCall({
  query: storeQuery,
  async handle(input) {
    const { isAdmin } = await actingMember(input, input.query.store_id);
    const suppliers = await input.queries.purchasing.suppliers(input.query.store_id);
    return suppliers.map(({ reveal_count, last_revealed_at, last_revealed_by, ...s }) =>
      isAdmin ? { ...s, reveal_count, last_revealed_at, last_revealed_by } : s,
    );
  },
});
export const action = createCall('supplier', supplierBody, saveSupplier);

export type Answer = AnswerOf<typeof loader>;
