import { ACCOUNT_CATEGORY, accountEventSchemas, fromStreamName, parseAccountEvent } from '@moncafe/domain/account/events';
import { assertNever } from '@moncafe/domain/decider';
import { ERASED_TEXT } from '@moncafe/domain/privacy/personal-data';
import type { RecordedEvent } from '@moncafe/domain/ports';
import type { Projector } from '../projector';
import type { ReadModelRows } from '../read-model-rows';

async function updateRoles(rows: ReadModelRows, accountId: string, change: (roles: string[]) => string[]) {
  const accounts = rows.table('accounts', 'account_id');
  const row = await accounts.get(accountId);
  if (!row) return;
  await accounts.update(accountId, { roles: [...new Set(change(row.roles))].sort() });
}

/** Accounts list: one row per account. Every write is a set, not an increment, so a replay is harmless. */
export const accountsProjector: Projector = {
  name: 'accounts',
  tables: ['accounts'],
  categories: [ACCOUNT_CATEGORY],
  // Account events are written to account streams only (claim streams hold KeyClaimed).
  handles: (recorded) => Object.hasOwn(accountEventSchemas, recorded.type) && fromStreamName(recorded.streamId) !== null,
  async apply(rows, recorded: RecordedEvent) {
    const event = parseAccountEvent(recorded);
    if (!event) return;
    const accounts = rows.table('accounts', 'account_id');
    switch (event.type) {
      case 'AccountRegistered':
        return accounts.insertIfAbsent({
          account_id: event.data.accountId,
          name: event.data.name,
          email: event.data.email,
          roles: [...event.data.roles].sort(),
          has_password: event.data.passwordHash !== null,
          registered_at: new Date(event.data.registeredAt),
        });
      case 'RoleGranted':
        return updateRoles(rows, event.data.accountId, (roles) => [...roles, event.data.role]);
      case 'RoleRevoked':
        return updateRoles(rows, event.data.accountId, (roles) => roles.filter((r) => r !== event.data.role));
      case 'PasswordChanged':
        return accounts.update(event.data.accountId, { has_password: event.data.passwordHash !== null });
      case 'AccountForgotten':
        return accounts.update(event.data.accountId, { name: event.data.name, email: event.data.email, has_password: false });
      // Decision 620: a removed person has no role; a forgotten one keeps only the pseudonym.
      case 'StaffRemoved':
        return accounts.update(event.data.accountId, { roles: [], left_at: new Date(event.data.removedAt) });
      case 'StaffForgotten':
        return accounts.update(event.data.accountId, { name: event.data.pseudonym, email: ERASED_TEXT, has_password: false, forgotten: true });
      case 'StoreChosen':
        return accounts.update(event.data.accountId, { chosen_store_id: event.data.storeId });
      // Second factors are read from the account's stream when signing in, never from a read model.
      case 'ExternalIdentityLinked':
      case 'EmailVerificationIssued':
      case 'EmailVerified':
      case 'TotpSetupStarted':
      case 'TotpConfirmed':
      case 'TotpCodeUsed':
      case 'RecoveryCodeUsed':
      case 'TotpRemoved':
      case 'TotpSecretResealed':
      case 'PasskeyAdded':
      case 'PasskeyUsed':
      case 'PasskeyRemoved':
      case 'SecondFactorsReset':
      case 'SecondFactorAsked':
        return;
      default:
        return assertNever(event);
    }
  },
};
