import type { RouterContextProvider } from 'react-router';
import type { Role } from '@moncafe/domain/account/events';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { workAreasOf } from '#app/layout/viewer.server';

/** What every area layout loads: the signed-in user (checked again here, beside the route table), the areas they may switch to, and the stores to choose from. */
export async function loadArea(request: Request, context: Readonly<RouterContextProvider>, ...roles: Role[]) {
  const user = await requireRole(request, context, ...roles);
  const stores = await appOf(context).queries.stores.list();
  return { userName: user.name, areas: workAreasOf(user.roles), stores: stores.map((s) => ({ store_id: s.store_id, name: s.name })) };
}
