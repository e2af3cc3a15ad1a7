import type { Transaction } from 'kysely';
import { parseAccountEvent } from '@moncafe/domain/account/events';
import { assertNever } from '@moncafe/domain/decider';
import type { RecordedEvent } from '@moncafe/domain/ports';
import type { Database } from '../database';
import type { Projector } from '../projector';

async function updateRoles(trx: Transaction<Database>, accountId: string, change: (roles: string[]) => string[]) {
  const row = await trx.selectFrom('accounts').select('roles').where('account_id', '=', accountId).executeTakeFirst();
  if (!row) return;
  const roles = [...new Set(change(row.roles))].sort();
  await trx
    .updateTable('accounts')
    .set({ roles: JSON.stringify(roles) })
    .where('account_id', '=', accountId)
    .execute();
}

/** Accounts list: one row per account. Every write is a set, not an increment, so a replay is harmless. */
export const accountsProjector: Projector = {
  name: 'accounts',
  tables: ['accounts'],
  async apply(trx, recorded: RecordedEvent) {
    const event = parseAccountEvent(recorded);
    if (!event) return;
    switch (event.type) {
      case 'AccountRegistered':
        await trx
          .insertInto('accounts')
          .values({
            account_id: event.data.accountId,
            name: event.data.name,
            email: event.data.email,
            roles: JSON.stringify([...event.data.roles].sort()),
            has_password: event.data.passwordHash !== null,
            registered_at: new Date(event.data.registeredAt),
          })
          .onConflict((oc) => oc.column('account_id').doNothing())
          .execute();
        return;
      case 'RoleGranted':
        return updateRoles(trx, event.data.accountId, (roles) => [...roles, event.data.role]);
      case 'RoleRevoked':
        return updateRoles(trx, event.data.accountId, (roles) => roles.filter((r) => r !== event.data.role));
      case 'PasswordChanged':
        await trx.updateTable('accounts').set({ has_password: true }).where('account_id', '=', event.data.accountId).execute();
        return;
      case 'ExternalIdentityLinked':
      case 'EmailVerificationIssued':
      case 'EmailVerified':
        return;
      default:
        return assertNever(event);
    }
  },
};
