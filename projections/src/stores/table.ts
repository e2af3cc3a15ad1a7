import type { ColumnType } from 'kysely';

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
    /** Staff and monitors sign in with a second factor (decision 540). Never published. */
    second_factor_for_staff: ColumnType<boolean, boolean | undefined, boolean>;
    /** Years the wage records are kept after someone leaves (decision 620). Never published. */
    wage_retention_years: ColumnType<number, number | undefined, number>;
  };
}
