/** Who works at which store, with the hourly wage (admins only). */
export interface StoreStaffTables {
  store_staff: {
    id: string;
    store_id: string;
    account_id: string;
    wage: number | null;
    display_order: number;
  };
}
