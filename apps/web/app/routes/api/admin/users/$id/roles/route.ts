import { z } from 'zod';
import { staffRoleSchema } from '@moncafe/domain/account/events';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { requireRole } from '#app/auth/require-role.server';
import { changeRoleAsAdmin } from '#app/auth/roles.server';

/** POST /api/admin/users/:id/roles {role, grant}: grants or revokes a staff role (the same change as the /admin/users form). */
export const action = jsonCall({
  body: z.object({ role: staffRoleSchema, grant: z.boolean() }),
  async handle({ body, params, request, context }) {
    const admin = await requireRole(request, context, 'admin');
    const outcome = await changeRoleAsAdmin(context, admin, { accountId: params.id ?? '', ...body });
    return outcome.ok ? { success: true, changed: outcome.changed } : refuse(outcome.status, outcome.error);
  },
});

export type Answer = AnswerOf<typeof action>;
