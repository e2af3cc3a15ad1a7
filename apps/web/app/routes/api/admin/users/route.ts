import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { requireRole } from '#app/auth/require-role.server';

/** GET /api/admin/users: accounts with their roles, for the admin's user screen. */
export const loader = jsonCall({
  async handle({ request, context, queries }) {
    await requireRole(request, context, 'admin');
    const accounts = await queries.accounts.list();
    return { users: accounts.map((a) => ({ id: a.accountId, name: a.name, email: a.email, roles: a.roles })) };
  },
});

export type Answer = AnswerOf<typeof loader>;
