import type { ColumnType } from 'kysely';
import type { HomepageCardType } from '@moncafe/domain/site-settings/kinds';

/** The cards of the homepage, in the admin's order. */
export interface HomepageCardTables {
  homepage_cards: {
    id: string;
    card_type: HomepageCardType;
    link_url: string | null;
    image_url: string | null;
    title: string;
    description: string;
    /** English for guests (decision 394); '' when none was given. */
    title_en: ColumnType<string, string | undefined, string | undefined>;
    description_en: ColumnType<string, string | undefined, string | undefined>;
    /** The store the card belongs to; null: the whole site's (decision 456). */
    store_id: ColumnType<string | null, string | null | undefined, string | null | undefined>;
    is_active: boolean;
    display_order: number;
  };
}
