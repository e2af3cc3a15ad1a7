import type { RouterContextProvider } from 'react-router';
import type { SignedInUser } from '@moncafe/domain/account/account-service';
import type { StaffRole } from '@moncafe/domain/account/events';
import { DomainError } from '@moncafe/domain/decider';
import { audit } from '@moncafe/infra/auth/audit';
import { appOf, clientAddressContext, correlationIdOf } from '#app/context';
import { adminStaffTexts } from '#app/staff-area/texts';
import { authTexts } from './texts';

export type RoleChangeOutcome = { ok: true; changed: boolean } | { ok: false; status: 404 | 409; error: string };

/**
 * An admin grants or revokes a staff role (`services.accounts.changeRole`: a RoleGranted /
 * RoleRevoked event with the admin as actor), with an audit line. Shared by the /admin/users
 * form action and POST /api/admin/users/:id/roles.
 */
export async function changeRoleAsAdmin(
  context: Readonly<RouterContextProvider>,
  admin: SignedInUser,
  input: { accountId: string; role: StaffRole; grant: boolean },
): Promise<RoleChangeOutcome> {
  const { runtime, services } = appOf(context);
  const { accountId, role, grant } = input;
  const correlationId = correlationIdOf(context);
  try {
    const result = await services.accounts.changeRole({ by: admin.id, accountId, role, grant }, { correlationId, actor: admin.id });
    if (result.changed) {
      audit(runtime.logger, grant ? 'role_granted' : 'role_revoked', { accountId, role, by: admin.id, ip: context.get(clientAddressContext), correlationId });
    }
    await runtime.waitForProjections(result.position);
    return { ok: true, changed: result.changed };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'own_admin_role') return { ok: false, status: 409, error: authTexts.ownAdminRole };
    if (error instanceof DomainError && error.code === 'account_not_found') return { ok: false, status: 404, error: authTexts.accountNotFound };
    // Decision 620: someone who left gets no role back (a returning person gets a new account).
    if (error instanceof DomainError && error.code === 'staff_left') return { ok: false, status: 409, error: adminStaffTexts.staffLeft };
    throw error;
  }
}
