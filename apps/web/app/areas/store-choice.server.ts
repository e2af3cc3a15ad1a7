import type { AccountService, SignedInUser } from '@moncafe/domain/account/account-service';
import type { Queries } from '@moncafe/projections/queries';
import { storesForArea } from '#app/auth/store-access.server';

type StoreChoice = { store_id: string; name: string };

/**
 * The open stores `user` may work at in one of their areas (decision 400): every one for an
 * admin; else the stores the staff area or the monitor area offers them.
 */
export async function storesOfPerson(queries: Queries, user: SignedInUser): Promise<StoreChoice[]> {
  const all = (await queries.stores.list()).map((s) => ({ store_id: s.store_id, name: s.name }));
  if (user.roles.includes('admin')) return all;
  const staff = user.roles.includes('staff') ? await storesForArea(queries, user, 'staff', all) : [];
  const monitor = user.roles.includes('monitor') ? await storesForArea(queries, user, 'monitor', all) : [];
  return all.filter((s) => staff.includes(s) || monitor.includes(s));
}

/**
 * The store an area opens on for this person (decision 576): the one they last chose, when the
 * area still offers it; else the only one the area offers; else none (they choose).
 */
export function openingStore(stores: readonly StoreChoice[], chosen: string | null): string | null {
  if (chosen && stores.some((s) => s.store_id === chosen)) return chosen;
  return stores.length === 1 ? stores[0]!.store_id : null;
}

/**
 * Keeps the store a person chose in an area (StoreChosen on their account). The id is a claim: a
 * store that is not open, or not one of theirs, is refused and nothing is written.
 */
export async function keepChosenStore(
  app: { queries: Queries; services: { accounts: AccountService } },
  user: SignedInUser,
  storeId: string,
  correlationId: string,
): Promise<{ ok: true; position: number | null } | { ok: false }> {
  const stores = await storesOfPerson(app.queries, user);
  if (!stores.some((s) => s.store_id === storeId)) return { ok: false };
  const { position } = await app.services.accounts.chooseStore({ accountId: user.id, storeId }, { correlationId, actor: user.id });
  return { ok: true, position };
}
