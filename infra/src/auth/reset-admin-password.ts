import { changePassword, findAccountByEmail, loadAccount, type AccountDeps } from '@moncafe/domain/account/handlers';
import type { Clock, EventStore, IdGenerator } from '@moncafe/domain/ports';
import { sha256Hex } from '../system';
import { FIRST_ADMIN_STREAM } from './first-admin';
import { hashPassword } from './password';

export class AdminResetError extends Error {
  override name = 'AdminResetError';
}

/**
 * `npm run admin:reset-password`: a new generated password for an admin — the first admin, or
 * the admin with `email` — recorded as PasswordChanged (actor `system`), every session of that
 * account ended. The caller keeps and shows the password (admin-credentials.ts). Refuses when
 * there is no admin yet (start the server once) or the e-mail names no admin.
 */
export async function resetAdminPassword(
  system: { eventStore: EventStore; ids: IdGenerator; clock: Clock; endSessionsOf(accountId: string): Promise<void> },
  options: { email?: string | undefined } = {},
): Promise<{ accountId: string; email: string; password: string; position: number | null }> {
  const deps: AccountDeps = { eventStore: system.eventStore, ids: system.ids, clock: system.clock, claimKey: sha256Hex };
  let accountId: string | null;
  if (options.email) {
    accountId = (await findAccountByEmail(deps, options.email))?.accountId ?? null;
    if (!accountId) throw new AdminResetError(`no account has the e-mail ${options.email}`);
  } else {
    const [designated] = await system.eventStore.readStream(FIRST_ADMIN_STREAM);
    accountId = designated ? (designated.data as { accountId: string }).accountId : null;
    if (!accountId) throw new AdminResetError('there is no admin yet: start the server once (npm start) to create one');
  }
  const account = await loadAccount(deps, accountId);
  if (account.status !== 'registered') throw new AdminResetError('the first admin was never registered: start the server once (npm start) to finish it');
  if (!account.roles.includes('admin')) throw new AdminResetError(`${account.email} is not an admin`);
  const password = system.ids.token();
  const result = await changePassword(deps, { accountId, passwordHash: await hashPassword(password) }, { correlationId: system.ids.uuid(), actor: 'system' });
  await system.endSessionsOf(accountId);
  return { accountId, email: account.email, password, position: result.position };
}
