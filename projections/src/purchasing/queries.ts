import type { Kysely } from 'kysely';
import type { Database } from '../database';

export async function listOrderRules(db: Kysely<Database>, storeId: string) {
  return db.selectFrom('order_rules').selectAll().where('store_id', '=', storeId).orderBy('display_order').orderBy('id').execute();
}

export async function listPurchaseItems(db: Kysely<Database>, storeId: string) {
  return db.selectFrom('purchase_items').selectAll().where('store_id', '=', storeId).orderBy('display_order').orderBy('id').execute();
}

/**
 * A store's suppliers without their passwords: `has_password` says whether one is kept, and the
 * latest reveal (who, when) and how many there were, for the admin's eyes.
 */
export async function listSuppliers(db: Kysely<Database>, storeId: string) {
  const suppliers = await db
    .selectFrom('suppliers')
    .select(['id', 'store_id', 'supplier_name', 'login_id', 'password_sealed', 'display_order'])
    .where('store_id', '=', storeId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  const reveals = suppliers.length
    ? await db
        .selectFrom('supplier_password_reveals as r')
        .leftJoin('accounts as a', 'a.account_id', 'r.revealed_by')
        .select(['r.supplier_id', 'r.revealed_at', 'a.name'])
        .where(
          'r.supplier_id',
          'in',
          suppliers.map((s) => s.id),
        )
        .orderBy('r.revealed_at', 'desc')
        .execute()
    : [];
  return suppliers.map(({ password_sealed, ...s }) => {
    const mine = reveals.filter((r) => r.supplier_id === s.id);
    const last = mine[0];
    return {
      ...s,
      has_password: password_sealed !== null,
      reveal_count: mine.length,
      last_revealed_at: last ? new Date(last.revealed_at).toISOString() : null,
      last_revealed_by: last?.name ?? null,
    };
  });
}
