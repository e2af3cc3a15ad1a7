import type { ColumnType } from 'kysely';
import type { TaxCategory } from '@moncafe/domain/billing/tax-category';
import type { MenuCategory, MenuOptionChoice, MenuOptionType } from '@moncafe/domain/catalog/kinds';

/** Menu items, the options asked when one is booked, and the rules that show child options. */
export interface MenuTables {
  menu_items: {
    id: string;
    store_id: string;
    name: string;
    description: string;
    /** English for guests (decision 362); '' when none was given. */
    name_en: ColumnType<string, string | undefined, string | undefined>;
    description_en: ColumnType<string, string | undefined, string | undefined>;
    price: number;
    image_url: string | null;
    /** As the admin set it; null means inferred from the name when read. */
    category: MenuCategory | null;
    show_on_menu: boolean;
    tax_category: TaxCategory;
    show_on_reservation: boolean;
    show_on_order: boolean;
    deadline_days_before: number | null;
    deadline_time: string | null;
    duration_minutes: number | null;
    display_order: number;
  };
  menu_options: {
    option_id: string;
    menu_id: string;
    label: string;
    type: MenuOptionType;
    required: boolean;
    /** jsonb, written as JSON text. */
    choices: ColumnType<MenuOptionChoice[], string, string>;
    /** Asks about allergies: the kitchen's ticket highlights the answer (decision 670). */
    allergy: ColumnType<boolean, boolean | undefined, boolean>;
    display_order: number;
  };
  menu_option_dependencies: {
    id: string;
    menu_id: string;
    parent_option_id: string;
    child_option_id: string;
    parent_value: string | null;
    parent_choice_value: string | null;
    is_show: 0 | 1;
  };
}
