import type { RouterContextProvider } from 'react-router';
import { DomainError } from '@moncafe/domain/decider';
import type { StaffRole } from '@moncafe/domain/account/events';
import { changeRole } from '@moncafe/domain/account/handlers';
import { accountDeps, type SignedInUser } from '@moncafe/infra/auth/accounts';
import { audit } from '@moncafe/infra/auth/audit';
import { getRuntime } from '../context';
import { clientAddressContext } from './request-context';

export type RoleChangeOutcome = { ok: true; changed: boolean } | { ok: false; status: 404 | 409; error: string };

/**
 * An admin grants or revokes a staff role: a RoleGranted / RoleRevoked event with the admin as
 * actor, and an audit line. An admin cannot take away their own admin role (no lock-out).
 */
export async function changeRoleAsAdmin(
  context: Readonly<RouterContextProvider>,
  admin: SignedInUser,
  input: { accountId: string; role: StaffRole; grant: boolean },
): Promise<RoleChangeOutcome> {
  const runtime = getRuntime(context);
  const { accountId, role, grant } = input;
  if (!grant && role === 'admin' && accountId === admin.id) return { ok: false, status: 409, error: '自分の管理者権限は外せません' };
  const correlationId = runtime.ids.uuid();
  try {
    const result = await changeRole(accountDeps(runtime), { accountId, role, grant }, { correlationId, actor: admin.id });
    if (result.events.length > 0) {
      audit(runtime.logger, grant ? 'role_granted' : 'role_revoked', { accountId, role, by: admin.id, ip: context.get(clientAddressContext), correlationId });
    }
    await runtime.waitForProjections(result.position);
    return { ok: true, changed: result.events.length > 0 };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'account_not_found') return { ok: false, status: 404, error: error.message };
    throw error;
  }
}
