import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database';

export interface AccountRow {
  accountId: string;
  name: string;
  email: string;
  roles: string[];
  hasPassword: boolean;
  registeredAt: Date;
  /** When the staff member was removed (decision 620), null while they work here. */
  leftAt: Date | null;
  /** Whether they were forgotten after the retention: `name` is a pseudonym. */
  forgotten: boolean;
}

function toRow(r: Selectable<Database['accounts']>): AccountRow {
  return {
    accountId: r.account_id,
    name: r.name,
    email: r.email,
    roles: r.roles,
    hasPassword: r.has_password,
    registeredAt: new Date(r.registered_at),
    leftAt: r.left_at ? new Date(r.left_at) : null,
    forgotten: r.forgotten,
  };
}

export async function listAccounts(db: Kysely<Database>): Promise<AccountRow[]> {
  const rows = await db.selectFrom('accounts').selectAll().orderBy('registered_at').orderBy('account_id').execute();
  return rows.map(toRow);
}

/** A customer account (no staff role) with this e-mail, or null (decisions 180–186: forgotten with the guest's reservations). */
export async function customerAccountByEmail(db: Kysely<Database>, email: string): Promise<string | null> {
  const rows = await db
    .selectFrom('accounts')
    .select(['account_id', 'roles'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    // A staff member who left has no role either, but is kept until the wage records may go (decision 620).
    .where('left_at', 'is', null)
    .execute();
  const customer = rows.find((r) => r.roles.length === 0);
  return customer?.account_id ?? null;
}

export async function findAccount(db: Kysely<Database>, accountId: string): Promise<AccountRow | null> {
  const row = await db.selectFrom('accounts').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The store this account last chose to work on (decision 576), or null. */
export async function chosenStoreOf(db: Kysely<Database>, accountId: string): Promise<string | null> {
  const row = await db.selectFrom('accounts').select('chosen_store_id').where('account_id', '=', accountId).executeTakeFirst();
  return row?.chosen_store_id ?? null;
}
