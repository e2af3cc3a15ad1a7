/** Stores of the chain, one row per store record of the catalog. */
export interface StoreTables {
  stores: {
    store_id: string;
    name: string;
    postal_code: string | null;
    address: string;
    phone: string;
    email: string | null;
    access_note: string | null;
    display_order: number;
    latitude: number | null;
    longitude: number | null;
    geofence_radius_m: number;
    /** The day the store closed (decision 320); null while open. */
    closed_on: string | null;
  };
}
