import { z } from 'zod';
import type { Route } from './+types/user-roles.api';
import { staffRoleSchema } from '@moncafe/domain/account/events';
import { readBody } from '../../auth/login.server';
import { requireRole } from '../../auth/require-role.server';
import { changeRoleAsAdmin } from '../../auth/roles.server';

const bodySchema = z.object({ role: staffRoleSchema, grant: z.boolean() });

/** POST /api/admin/users/:id/roles {role, grant}: grants or revokes a staff role. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireRole(request, context, 'admin');
  const parsed = bodySchema.safeParse(await readBody(request));
  if (!parsed.success) return Response.json({ success: false, error: parsed.error.issues[0]?.message ?? 'invalid' }, { status: 400 });
  const outcome = await changeRoleAsAdmin(context, admin, { accountId: params.id, ...parsed.data });
  return outcome.ok
    ? Response.json({ success: true, changed: outcome.changed })
    : Response.json({ success: false, error: outcome.error }, { status: outcome.status });
}
