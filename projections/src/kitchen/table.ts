import type { ColumnType } from 'kysely';
import type { MenuOptionChoice, MenuOptionType } from '@moncafe/domain/catalog/kinds';
import type { KitchenNote } from '@moncafe/domain/order/kitchen-notes';
import type { ReservationDetail } from '@moncafe/domain/reservation/events';

/** jsonb column: read as T, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/**
 * The kitchen ticket's read model (decision 670): per visit, what its tickets say besides the
 * order — the party's size, whether it has paid, the booking's notes with their allergy flag —
 * projected when the visit changes, so a kitchen screen reads its tickets in one query. The
 * options a booking may name are kept here too, so the notes are made from this read model's
 * own rows and a rebuild makes the same ones.
 */
export interface KitchenTables {
  kitchen_parties: {
    reservation_id: string;
    store_id: string;
    /** The party's size on its own; a merged party's tickets say its host's. */
    people: number;
    /** The visit whose party this one joined (decision 370), else null. */
    merged_into: string | null;
    /** Checked out (paid here or not): the ticket says so. */
    paid: boolean;
    /** The booked courses' menus, whose options the detail answers. */
    menu_ids: Json<string[]>;
    detail: Json<ReservationDetail>;
    remarks: string;
    notes: Json<KitchenNote[]>;
  };
  kitchen_options: {
    option_id: string;
    menu_id: string;
    label: string;
    type: MenuOptionType;
    choices: Json<MenuOptionChoice[]>;
    allergy: boolean;
  };
}
