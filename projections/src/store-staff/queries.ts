import type { Kysely } from 'kysely';
import type { Database } from '../database';

/** A person of a store's staff: the account's id and name, and the wage (yen per hour, null when not set). */
export interface StoreStaffMember {
  id: string;
  name: string;
  wage: number | null;
}

/** The store's staff in the admin's order, then by name; accounts that no longer exist are left out. */
export async function listStoreStaff(db: Kysely<Database>, storeId: string): Promise<StoreStaffMember[]> {
  return db
    .selectFrom('store_staff')
    .innerJoin('accounts', 'accounts.account_id', 'store_staff.account_id')
    .select(['store_staff.account_id as id', 'accounts.name as name', 'store_staff.wage as wage'])
    .where('store_staff.store_id', '=', storeId)
    .orderBy('store_staff.display_order')
    .orderBy('accounts.name')
    .execute();
}

export async function isStoreStaff(db: Kysely<Database>, storeId: string, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('store_staff').select('id').where('store_id', '=', storeId).where('account_id', '=', accountId).executeTakeFirst();
  return row !== undefined;
}

/** The stores whose staff list names the account (decision 400: the stores its areas show). */
export async function storesOfAccount(db: Kysely<Database>, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('store_staff').select('store_id').where('account_id', '=', accountId).orderBy('store_id').execute();
  return rows.map((r) => r.store_id);
}

/** Every store-staff row as (account, store): the account screen's stores column (decision 400). */
export async function allStoreMemberships(db: Kysely<Database>): Promise<{ account_id: string; store_id: string }[]> {
  return db.selectFrom('store_staff').select(['account_id', 'store_id']).orderBy('store_id').execute();
}
