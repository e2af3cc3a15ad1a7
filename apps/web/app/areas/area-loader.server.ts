import type { RouterContextProvider } from 'react-router';
import type { Role } from '@moncafe/domain/account/events';
import { listStores } from '@moncafe/projections/stores/queries';
import { requireRole } from '../auth/require-role.server';
import { getRuntime } from '../context';

/** What every area layout loads: the signed-in user (checked again here, beside the route table) and the stores to choose from. */
export async function loadArea(request: Request, context: Readonly<RouterContextProvider>, ...roles: Role[]) {
  const user = await requireRole(request, context, ...roles);
  const stores = await listStores(getRuntime(context).db);
  return { userName: user.name, stores: stores.map((s) => ({ store_id: s.store_id, name: s.name })) };
}
