import { z } from 'zod';
import type { Route } from './+types/user-roles.api';
import { DomainError } from '@moncafe/domain/decider';
import { staffRoleSchema } from '@moncafe/domain/account/events';
import { changeRole } from '@moncafe/domain/account/handlers';
import { accountDeps } from '@moncafe/infra/auth/accounts';
import { audit } from '@moncafe/infra/auth/audit';
import { readBody } from '../../auth/login.server';
import { clientAddressContext } from '../../auth/request-context';
import { requireRole } from '../../auth/require-role.server';
import { getRuntime } from '../../context';

const bodySchema = z.object({ role: staffRoleSchema, grant: z.boolean() });

/** POST /api/admin/users/:id/roles {role, grant}: grants or revokes a staff role (an event, and an audit line). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireRole(request, context, 'admin');
  const runtime = getRuntime(context);
  const parsed = bodySchema.safeParse(await readBody(request));
  if (!parsed.success) return Response.json({ success: false, error: parsed.error.issues[0]?.message ?? 'invalid' }, { status: 400 });
  const { role, grant } = parsed.data;
  if (!grant && role === 'admin' && params.id === admin.id) {
    return Response.json({ success: false, error: '自分の管理者権限は外せません' }, { status: 409 });
  }
  const correlationId = runtime.ids.uuid();
  try {
    const result = await changeRole(accountDeps(runtime), { accountId: params.id, role, grant }, { correlationId, actor: admin.id });
    if (result.events.length > 0) {
      audit(runtime.logger, grant ? 'role_granted' : 'role_revoked', {
        accountId: params.id,
        role,
        by: admin.id,
        ip: context.get(clientAddressContext),
        correlationId,
      });
    }
    await runtime.waitForProjections(result.position);
    return Response.json({ success: true, changed: result.events.length > 0 });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'account_not_found') return Response.json({ success: false, error: error.message }, { status: 404 });
    throw error;
  }
}
