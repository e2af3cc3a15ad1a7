import type { RouterContextProvider } from 'react-router';
import type { Role } from '@moncafe/domain/account/events';
import { requireRole } from '#app/auth/require-role.server';
import { storesForArea } from '#app/auth/store-access.server';
import { appOf } from '#app/context';
import { workAreasOf } from '#app/layout/viewer.server';
import { openingStore } from './store-choice.server';

/**
 * What every area layout loads: the signed-in user (checked again here, beside the route table),
 * the areas they may switch to, and the stores to choose from — in the staff area the stores
 * whose staff list names them, in the monitor and kitchen areas a limited monitor's stores,
 * every store for admins (decision 400) — and the store the area opens on (decision 576).
 */
export async function loadArea(request: Request, context: Readonly<RouterContextProvider>, ...roles: Role[]) {
  const user = await requireRole(request, context, ...roles);
  const { queries } = appOf(context);
  const area = roles.includes('staff') ? 'staff' : roles.includes('monitor') ? 'monitor' : null;
  const all = (await queries.stores.list()).map((s) => ({ store_id: s.store_id, name: s.name }));
  const [stores, chosen] = await Promise.all([area ? storesForArea(queries, user, area, all) : all, queries.accounts.chosenStore(user.id)]);
  return { userName: user.name, areas: workAreasOf(user.roles), stores, openingStoreId: openingStore(stores, chosen) };
}
