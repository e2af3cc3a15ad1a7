import { z } from 'zod';
import { DatabaseAdminError } from '@moncafe/infra/database-admin/database-admin';
import { databaseErrorMessage } from '#app/admin-database/texts';
import { requireRole } from '#app/auth/require-role.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';

/** GET /api/admin/database: each read model's checkpoint and lag, and the running rebuild's progress. */
export const loader = jsonCall({
  async handle({ request, context, runtime }) {
    await requireRole(request, context, 'admin');
    return runtime.databaseAdmin.status();
  },
});

export type StatusAnswer = AnswerOf<typeof loader>;

/** POST /api/admin/database `{ rebuild: [names] }` (empty: all): starts a rebuild while the system runs; progress in GET. */
export const action = jsonCall({
  body: z.object({ rebuild: z.array(z.string().min(1).max(100)).max(100) }),
  async handle({ request, context, runtime, body }) {
    await requireRole(request, context, 'admin');
    try {
      return { success: true as const, operation: runtime.databaseAdmin.startRebuild(body.rebuild) };
    } catch (error) {
      if (error instanceof DatabaseAdminError)
        return Response.json({ success: false, error: error.code, message: databaseErrorMessage(error) }, { status: error.code === 'busy' ? 409 : 400 });
      throw error;
    }
  },
});
