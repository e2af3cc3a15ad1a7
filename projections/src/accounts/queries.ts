import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database';

export interface AccountRow {
  accountId: string;
  name: string;
  email: string;
  roles: string[];
  hasPassword: boolean;
  registeredAt: Date;
}

function toRow(r: Selectable<Database['accounts']>): AccountRow {
  return { accountId: r.account_id, name: r.name, email: r.email, roles: r.roles, hasPassword: r.has_password, registeredAt: new Date(r.registered_at) };
}

export async function listAccounts(db: Kysely<Database>): Promise<AccountRow[]> {
  const rows = await db.selectFrom('accounts').selectAll().orderBy('registered_at').orderBy('account_id').execute();
  return rows.map(toRow);
}

export async function findAccount(db: Kysely<Database>, accountId: string): Promise<AccountRow | null> {
  const row = await db.selectFrom('accounts').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Accounts holding a staff role (admin, monitor or staff). */
export async function listStaffAccounts(db: Kysely<Database>, role: string): Promise<AccountRow[]> {
  const all = await listAccounts(db);
  return all.filter((a) => a.roles.includes(role));
}
