import { DomainError } from '../decider';

/** Who works at which store: the admin's staff list (catalog `store-staff`, projections/src/store-staff). */
export interface StoreStaffDirectory {
  isStoreStaff(storeId: string, accountId: string): Promise<boolean>;
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
