import { z } from 'zod';
import { displayOrder, kind, onePerStore, storeId, text, urlOrPath } from '../catalog/kinds';

/** The public site's settings (decisions 130–135), registered with the catalog (catalog/registry.ts). */

export const homepageCardTypeSchema = z.enum(['instagram', 'calendar', 'other']);

export const homepageCardSchema = z.object({
  card_type: homepageCardTypeSchema,
  /** null: the whole site's card. A store's card is shown with the store's name, while it is open (decision 456). Older cards load without it. */
  store_id: storeId.nullable().default(null),
  link_url: urlOrPath.nullable().default(null),
  image_url: urlOrPath.nullable().default(null),
  title: z.string().trim().max(100).default(''),
  description: z.string().trim().max(1000).default(''),
  /** For visitors who read English (decision 394); '' shows the Japanese. Older cards load without them. */
  title_en: z.string().trim().max(100).default(''),
  description_en: z.string().trim().max(1000).default(''),
  is_active: z.boolean().default(true),
  display_order: displayOrder,
});

/** A notice printed in reservation mails and on the confirm and cancel pages. */
export const noticeSchema = z.object({
  /** null: shown for every store. */
  store_id: storeId.nullable().default(null),
  title: z.string().trim().max(100).default(''),
  content: text(2000),
  is_active: z.boolean().default(true),
  display_order: displayOrder,
});

/** The text a guest agrees to where they confirm a reservation (/admin/disclaimer); one per store, its id is the store id. */
export const disclaimerSchema = z.object({
  store_id: storeId,
  content: z.string().trim().max(5000).default(''),
});

export type HomepageCardType = z.output<typeof homepageCardTypeSchema>;
export type HomepageCardData = z.output<typeof homepageCardSchema>;
export type NoticeData = z.output<typeof noticeSchema>;
export type DisclaimerData = z.output<typeof disclaimerSchema>;

export const siteSettingsKinds = {
  'homepage-card': kind({ schema: homepageCardSchema, nameFields: ['title'] }),
  notice: kind({ schema: noticeSchema, nameFields: ['title'] }),
  disclaimer: kind({ schema: disclaimerSchema, recordId: onePerStore }),
};
