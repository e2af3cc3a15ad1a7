import type { Route } from './+types/users.api';
import { listAccounts } from '@moncafe/projections/accounts/queries';
import { requireRole } from '../../auth/require-role.server';
import { getRuntime } from '../../context';

/** GET /api/admin/users: accounts with their roles, for the admin's user screen. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const accounts = await listAccounts(getRuntime(context).db);
  return Response.json(
    { users: accounts.map((a) => ({ id: a.accountId, name: a.name, email: a.email, roles: a.roles })) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
