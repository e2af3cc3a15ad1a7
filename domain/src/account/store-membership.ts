import { DomainError } from '../decider';

/** Who works at which store: the admin's staff list (catalog `store-staff`, projections/src/store-staff). */
export interface StoreStaffDirectory {
  isStoreStaff(storeId: string, accountId: string): Promise<boolean>;
}

/** The stores whose staff list names an account (a monitor account's limit, decision 400). */
export interface StoreListings {
  storesOf(accountId: string): Promise<string[]>;
}

/** `not_store_staff`: the person is not on the store's staff list. */
export type StoreMembershipErrorCode = 'not_store_staff';

/**
 * The one store-membership rule of the staff area: a person acts at, reads from, or is scheduled
 * at a store only when the store's staff list names them; an admin acting (`admin: true`) may at
 * every store. Shifts (the person whose month it is), checklists, supplier passwords, recipes and
 * every store-bound staff call ask it here (docs/security.md, decision 162).
 */
export async function requireStoreStaff(directory: StoreStaffDirectory, storeId: string, person: { accountId: string; admin?: boolean }): Promise<void> {
  if (person.admin) return;
  if (!(await directory.isStoreStaff(storeId, person.accountId))) {
    throw new DomainError<StoreMembershipErrorCode>('not_store_staff', `${person.accountId} is not on the staff of store ${storeId}`, { storeId });
  }
}

/**
 * Which stores an area shows a person (decision 400): admins every store; in the staff area the
 * stores whose staff list names them; in the monitor and kitchen areas the same, except that a
 * monitor account no staff list names is not limited (every store, as before stores were
 * limited). `null` means every store.
 */
export async function storesOpenTo(
  listings: StoreListings,
  person: { accountId: string; admin?: boolean },
  area: 'staff' | 'monitor',
): Promise<string[] | null> {
  if (person.admin) return null;
  const listed = await listings.storesOf(person.accountId);
  if (area === 'monitor' && listed.length === 0) return null;
  return listed;
}

/**
 * The rule of every store-bound monitor and kitchen page and call (decision 400): the staff-list
 * rule above, unless the account is on no store's staff list at all (an unlimited monitor).
 */
export async function requireMonitorStore(
  directory: StoreStaffDirectory & StoreListings,
  storeId: string,
  person: { accountId: string; admin?: boolean },
): Promise<void> {
  if (person.admin) return;
  if ((await storesOpenTo(directory, person, 'monitor')) === null) return;
  await requireStoreStaff(directory, storeId, person);
}
