/** What the shift service asks of the read side (projections/src/store-staff and shifts). */
export interface ShiftDirectory {
  /** Whether the account works at the store (the admin's staff list, catalog `store-staff`). */
  isStoreStaff(storeId: string, userId: string): Promise<boolean>;
  /** Who submitted wishes for a month at a store. */
  submittersOf(storeId: string, month: string): Promise<string[]>;
}
