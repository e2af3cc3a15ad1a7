import { z } from 'zod';
import { isoDateSchema, timeOfDaySchema } from '../calendar/date-schemas';

/**
 * The kinds of reference data the admin area edits, each with the zod schema its data must
 * pass. Field names are snake_case, as in the spec's answer shapes, so a read model row and an
 * `/api` answer need no renaming. A record's own id is not part of its data: it is the `id`
 * of the command and event (and the `store_id` of a store, the `option_id` of a menu option).
 *
 * Schemas may only grow in backward-compatible ways (new fields with defaults): projectors
 * parse old events with the current schema, which fills the defaults in.
 */

/** Ids are short, url- and stream-name-safe strings ('2', 'seat-a1', a uuid). */
export const recordIdSchema = z
  .string()
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'ids use letters, digits and _ . : - only');

const storeId = recordIdSchema;
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const displayOrder = z.int().min(0).max(1_000_000).default(0);
/** Image and link targets: a path the web app serves (`/images/…`) or an absolute http(s) URL. */
const urlOrPath = z
  .string()
  .max(2000)
  .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/.test(v), 'a /path or an http(s) URL');
const price = z.int().min(0).max(10_000_000);

export const storeSchema = z.object({
  name: text(100),
  postal_code: z
    .string()
    .regex(/^\d{3}-?\d{4}$/, '123-4567')
    .nullable()
    .default(null),
  address: text(300),
  phone: z.string().regex(/^[0-9+][0-9-]{5,20}$/, 'digits and hyphens'),
  email: z.email().nullable().default(null),
  /** How to get there, e.g. 駅から徒歩2分 (shown on /access). */
  access_note: optionalText(500),
  display_order: displayOrder,
  /**
   * Where the store is (WGS 84): the /access map and the QR ordering geofence use the same point
   * (decision 039). Null until the admin sets it at /admin/store-coordinates.
   */
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  /** How far from that point (metres) a phone may be to order at a table. */
  geofence_radius_m: z.int().min(10).max(5000).default(100),
  /**
   * How guests at the table are seated (decision 151): `self`, check-in by the seat's QR (the
   * spec's way), or `staff`, only staff seat a party (the floor screen's one-time QR).
   */
  table_check_in: z.enum(['self', 'staff']).default('self'),
});

export const seatSchema = z.object({
  store_id: storeId,
  name: text(50),
  max_people: z.int().min(1).max(50),
  /** How long a reservation holds the seat. */
  reservation_hold_minutes: z
    .int()
    .min(5)
    .max(24 * 60)
    .default(90),
  /** Counter or standing places that only take walk-ins are false. */
  is_reservable: z.boolean().default(true),
  /**
   * Seats that can be joined with this one for a larger party. Declaring a pair on either
   * side is enough: readers treat adjacency as symmetric.
   */
  adjacent_seat_ids: z.array(recordIdSchema).max(50).default([]),
  display_order: displayOrder,
  /** An inactive seat takes no bookings and is left out of the floor (decision 120); false only through the seat editor's checks. */
  is_active: z.boolean().default(true),
});

export const menuCategorySchema = z.enum(['drink', 'food', 'dessert']);

export const menuSchema = z
  .object({
    store_id: storeId,
    name: text(100),
    description: z.string().trim().max(2000).default(''),
    /** Yen, as shown to the guest; whether tax is included is the store's `tax` record (decision 063). */
    price,
    image_url: urlOrPath.nullable().default(null),
    /** When null, screens infer it from the name (see inferMenuCategory). */
    category: menuCategorySchema.nullable().default(null),
    show_on_menu: z.boolean().default(true),
    show_on_reservation: z.boolean().default(false),
    show_on_order: z.boolean().default(false),
    /** A course must be booked this many days before the date, by deadline_time. */
    deadline_days_before: z.int().min(0).max(365).nullable().default(null),
    deadline_time: timeOfDaySchema.nullable().default(null),
    /** How long a reservation course takes; null means the seat's hold time. */
    duration_minutes: z
      .int()
      .min(5)
      .max(24 * 60)
      .nullable()
      .default(null),
    display_order: displayOrder,
  })
  .refine((m) => (m.deadline_days_before === null) === (m.deadline_time === null), {
    message: 'deadline_days_before and deadline_time are set together',
    path: ['deadline_time'],
  });

export const menuOptionTypeSchema = z.enum(['text', 'radio', 'select', 'checkbox', 'image']);

export const menuOptionChoiceSchema = z.object({
  id: recordIdSchema,
  label: text(100),
  extra_price: price.default(0),
});

/** An option asked when a menu is booked; its record id is the spec's `option_id`. */
export const menuOptionSchema = z
  .object({
    menu_id: recordIdSchema,
    label: text(100),
    type: menuOptionTypeSchema,
    required: z.boolean().default(false),
    choices: z.array(menuOptionChoiceSchema).max(100).default([]),
    display_order: displayOrder,
  })
  .refine((o) => !['radio', 'select'].includes(o.type) || o.choices.length > 0, {
    message: 'radio and select options need at least one choice',
    path: ['choices'],
  })
  .refine((o) => new Set(o.choices.map((c) => c.id)).size === o.choices.length, {
    message: 'choice ids must be unique within an option',
    path: ['choices'],
  });

/** Shows (is_show 1) or hides (0) a child option when its parent option holds a value. */
export const optionDependencySchema = z
  .object({
    menu_id: recordIdSchema,
    parent_option_id: recordIdSchema,
    child_option_id: recordIdSchema,
    /** The parent's value as typed or chosen (text, or a choice label). */
    parent_value: z.string().max(200).nullable().default(null),
    /** The id of the parent's choice. */
    parent_choice_value: z.string().max(200).nullable().default(null),
    is_show: z.union([z.literal(0), z.literal(1)]).default(1),
  })
  .refine((d) => d.parent_value !== null || d.parent_choice_value !== null, {
    message: 'parent_value or parent_choice_value is needed',
    path: ['parent_value'],
  })
  .refine((d) => d.parent_option_id !== d.child_option_id, {
    message: 'an option cannot depend on itself',
    path: ['child_option_id'],
  });

const hours = {
  open_time: timeOfDaySchema.nullable().default(null),
  close_time: timeOfDaySchema.nullable().default(null),
  is_closed: z.boolean().default(false),
};

/**
 * Opening hours: a rule per weekday (0 = Sunday), a rule for public holidays, or an override
 * for one date. See docs/decisions/003-business-hours.md for how a date is resolved.
 */
export const businessHoursSchema = z
  .discriminatedUnion('rule', [
    z.object({ rule: z.literal('weekday'), store_id: storeId, weekday: z.int().min(0).max(6), ...hours }),
    z.object({ rule: z.literal('holiday'), store_id: storeId, ...hours }),
    z.object({ rule: z.literal('date'), store_id: storeId, date: isoDateSchema, ...hours }),
  ])
  .refine((h) => h.is_closed || (h.open_time !== null && h.close_time !== null), {
    message: 'an open day needs open_time and close_time',
    path: ['open_time'],
  })
  .refine((h) => h.is_closed || h.open_time === null || h.close_time === null || h.open_time < h.close_time, {
    message: 'close_time must be after open_time',
    path: ['close_time'],
  });

export const sameDaySettingsSchema = z.object({
  store_id: storeId,
  is_enabled: z.boolean(),
  /** Same-day bookings close at this time; null means until closing time. */
  deadline_time: timeOfDaySchema.nullable().default(null),
});

export const homepageCardTypeSchema = z.enum(['instagram', 'calendar', 'other']);

export const homepageCardSchema = z.object({
  card_type: homepageCardTypeSchema,
  link_url: urlOrPath.nullable().default(null),
  image_url: urlOrPath.nullable().default(null),
  title: z.string().trim().max(100).default(''),
  description: z.string().trim().max(1000).default(''),
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

// --- The staff area's reference data (decisions 081–085) ---------------------------

/** A picture in the blob store: the SHA-256 hex of its bytes (decision 032). */
const photoIds = z
  .array(z.string().regex(/^[0-9a-f]{64}$/, 'a picture id'))
  .max(20)
  .default([]);

/**
 * When a store takes shifts: the first and last time a shift may start or end on weekdays and on
 * weekends (Saturday, Sunday and public holidays), and the step of the time lists. One per store:
 * its record id is the store id.
 */
export const recruitTimesSchema = z
  .object({
    store_id: storeId,
    weekday_start: timeOfDaySchema.default('10:00'),
    weekday_end: timeOfDaySchema.default('20:00'),
    weekend_start: timeOfDaySchema.default('10:00'),
    weekend_end: timeOfDaySchema.default('20:00'),
    /** Spec §9: 30 minutes by default. */
    interval_minutes: z.int().min(5).max(120).default(30),
  })
  .refine((r) => r.weekday_start < r.weekday_end, { message: 'weekday_end must be after weekday_start', path: ['weekday_end'] })
  .refine((r) => r.weekend_start < r.weekend_end, { message: 'weekend_end must be after weekend_start', path: ['weekend_end'] });

/** An account working at a store, with its hourly wage in yen (shown to admins only). Record id: `{store_id}:{account_id}`. */
export const storeStaffSchema = z.object({
  store_id: storeId,
  account_id: recordIdSchema,
  wage: z.int().min(0).max(100_000).nullable().default(null),
  display_order: displayOrder,
});

export const checklistNameSchema = z.enum(['opening', 'closing']);

/** A task of a store's opening or closing checklist; its number on screen is its place in the list. */
export const checklistTaskSchema = z.object({
  store_id: storeId,
  list: checklistNameSchema,
  task_text: text(300),
  display_order: displayOrder,
});

export const orderRuleSchema = z.object({
  store_id: storeId,
  rule_content: text(1000),
  display_order: displayOrder,
});

/**
 * A supplier's web shop account. The password is sealed (AES-256-GCM with the deployment's key,
 * decision 083) before it reaches an event: events, the bus and the read model hold only the
 * sealed text, and staff reveal it through a call that records who did.
 */
export const supplierSchema = z.object({
  store_id: storeId,
  supplier_name: text(100),
  login_id: optionalText(200),
  password_sealed: z.string().max(2000).nullable().default(null),
  display_order: displayOrder,
});

export const purchaseItemSchema = z.object({
  store_id: storeId,
  supplier: text(100),
  product_name: text(200),
  purchase_url: z
    .string()
    .max(2000)
    .regex(/^https?:\/\/[^\s]+$/, 'an http(s) URL')
    .nullable()
    .default(null),
  notes: z.string().trim().max(1000).default(''),
  display_order: displayOrder,
});

const guideStepSchema = z.object({ text: z.string().trim().max(2000).default(''), photos: photoIds });

export const recipeSchema = z.object({
  store_id: storeId,
  name: text(100),
  /** Minutes; shown as a badge. */
  cooking_time: z
    .int()
    .min(0)
    .max(24 * 60)
    .nullable()
    .default(null),
  ingredients: z.string().trim().max(4000).default(''),
  notes: z.string().trim().max(4000).default(''),
  /** The gallery. */
  photos: photoIds,
  steps: z.array(guideStepSchema).max(50).default([]),
  display_order: displayOrder,
});

/** How a menu item is served: numbered steps with text and photos. */
export const serveMethodSchema = z.object({
  store_id: storeId,
  menu_id: recordIdSchema,
  title: z.string().trim().max(100).default(''),
  steps: z.array(guideStepSchema).max(50).default([]),
  display_order: displayOrder,
});

/** A store's tax at checkout (/admin/tax-management); one per store, its id is the store id. Default: the spec's 10%, rounded down, added. */
export const taxSchema = z.object({
  store_id: storeId,
  rate_percent: z.int().min(0).max(100).default(10),
  rounding: z.enum(['floor', 'round', 'ceil']).default('floor'),
  /** Menu prices already include tax: checkout shows the tax contained in the total. */
  prices_include_tax: z.boolean().default(false),
});

// --- Cost management (decision 122) ------------------------------------------

/**
 * One ingredient of a menu item and what it costs: `quantity` of `unit` at `unit_cost` yen per
 * unit (0.2 kg at 1,200 yen). A menu item's cost is the sum of its lines.
 */
export const costLineSchema = z.object({
  store_id: storeId,
  menu_id: recordIdSchema,
  name: text(100),
  quantity: z.number().positive().max(1_000_000),
  unit: z.string().trim().max(20).default(''),
  unit_cost: z.number().min(0).max(10_000_000),
  display_order: displayOrder,
});

// --- Site settings (decisions 130–135) -------------------------------

/** The text a guest agrees to where they confirm a reservation (/admin/disclaimer); one per store, its id is the store id. */
export const disclaimerSchema = z.object({
  store_id: storeId,
  content: z.string().trim().max(5000).default(''),
});

export const notificationRecipientSchema = z.object({
  email: z.email().max(254),
  /** A reservation was confirmed by the guest's link. */
  new_booking: z.boolean().default(true),
  /** A confirmed reservation was cancelled (by the guest or staff). */
  cancellation: z.boolean().default(true),
  /** A counted menu item fell to the threshold or below. */
  low_stock: z.boolean().default(false),
});

/**
 * Who at a store is told of new bookings, cancellations and low stock, by mail through the mailer
 * port (/admin/notifications, decision 132). One per store, its id is the store id.
 */
export const notificationSettingsSchema = z
  .object({
    store_id: storeId,
    recipients: z.array(notificationRecipientSchema).max(20).default([]),
    /** A low-stock mail goes out when an order leaves an item at this many or fewer. */
    low_stock_threshold: z.int().min(0).max(1000).default(3),
  })
  .refine((n) => new Set(n.recipients.map((r) => r.email.toLowerCase())).size === n.recipients.length, {
    message: 'each address once',
    path: ['recipients'],
  });

// --- Order limits at the table (decision 155) -------------------------------

/**
 * What a table's phones may order (/admin/order-limits); one per store, its id is the store id.
 * The defaults are far above what a real table does: a flood or a typo meets them, a party never.
 */
export const orderLimitsSchema = z.object({
  store_id: storeId,
  /** Orders all phones of one visit may place in a minute. */
  per_visit_per_minute: z.int().min(1).max(60).default(12),
  /** Orders one phone (table-order token) may place in a minute. */
  per_token_per_minute: z.int().min(1).max(60).default(6),
  /** Lines (items) one order may have, per person of the party. */
  lines_per_person: z.int().min(1).max(50).default(5),
  /** How many of one item one order may take, per person of the party. */
  quantity_per_person: z.int().min(1).max(99).default(5),
  /** Yen (before tax): a guest's order above this is refused with a call for staff, who place it from the monitor. */
  staff_above_yen: z.int().min(0).max(10_000_000).default(30_000),
});

export const catalogSchemas = {
  store: storeSchema,
  seat: seatSchema,
  menu: menuSchema,
  'menu-option': menuOptionSchema,
  'option-dependency': optionDependencySchema,
  'business-hours': businessHoursSchema,
  'same-day-settings': sameDaySettingsSchema,
  'homepage-card': homepageCardSchema,
  notice: noticeSchema,
  'recruit-times': recruitTimesSchema,
  'store-staff': storeStaffSchema,
  'checklist-task': checklistTaskSchema,
  'order-rule': orderRuleSchema,
  supplier: supplierSchema,
  'purchase-item': purchaseItemSchema,
  recipe: recipeSchema,
  'serve-method': serveMethodSchema,
  tax: taxSchema,
  'cost-line': costLineSchema,
  // Site settings (decisions 130–135)
  disclaimer: disclaimerSchema,
  'notification-settings': notificationSettingsSchema,
  'order-limits': orderLimitsSchema,
} as const;

export type CatalogKind = keyof typeof catalogSchemas;

/**
 * The names and one-line labels of each kind that an admin types, as paths into the record (`*`
 * for every item of a list): each must be one line with no control or bidi characters
 * (`isOneLineName`, domain/src/text.ts; decision 161). Checked when a record is saved
 * (catalog/decider.ts `parseRecord`), not when an old event is read, so a record saved before the
 * rule still loads and shows until it is next edited (decision 161).
 */
export const catalogNameFields: { readonly [K in CatalogKind]?: readonly string[] } = {
  store: ['name'],
  seat: ['name'],
  menu: ['name'],
  'menu-option': ['label', 'choices.*.label'],
  'homepage-card': ['title'],
  notice: ['title'],
  'checklist-task': ['task_text'],
  supplier: ['supplier_name', 'login_id'],
  'purchase-item': ['supplier', 'product_name'],
  recipe: ['name'],
  'serve-method': ['title'],
  'cost-line': ['name', 'unit'],
};
export const catalogKinds = Object.keys(catalogSchemas) as CatalogKind[];

/** The data of a record of kind K as stored in events (defaults filled in). */
export type CatalogData<K extends CatalogKind = CatalogKind> = z.output<(typeof catalogSchemas)[K]>;
/** What a caller may send for kind K (fields with defaults may be left out). */
export type CatalogInput<K extends CatalogKind = CatalogKind> = z.input<(typeof catalogSchemas)[K]>;

export type StoreData = CatalogData<'store'>;
export type SeatData = CatalogData<'seat'>;
export type MenuData = CatalogData<'menu'>;
export type MenuCategory = z.output<typeof menuCategorySchema>;
export type MenuOptionType = z.output<typeof menuOptionTypeSchema>;
export type MenuOptionChoice = z.output<typeof menuOptionChoiceSchema>;
export type MenuOptionData = CatalogData<'menu-option'>;
export type OptionDependencyData = CatalogData<'option-dependency'>;
export type BusinessHoursData = CatalogData<'business-hours'>;
export type SameDaySettingsData = CatalogData<'same-day-settings'>;
export type HomepageCardType = z.output<typeof homepageCardTypeSchema>;
export type HomepageCardData = CatalogData<'homepage-card'>;
export type NoticeData = CatalogData<'notice'>;
export type RecruitTimesData = CatalogData<'recruit-times'>;
export type StoreStaffData = CatalogData<'store-staff'>;
export type ChecklistName = z.output<typeof checklistNameSchema>;
export type ChecklistTaskData = CatalogData<'checklist-task'>;
export type SupplierData = CatalogData<'supplier'>;
export type RecipeData = CatalogData<'recipe'>;
export type ServeMethodData = CatalogData<'serve-method'>;
export type TaxData = CatalogData<'tax'>;
export type CostLineData = CatalogData<'cost-line'>;
export type DisclaimerData = CatalogData<'disclaimer'>;
export type NotificationSettingsData = CatalogData<'notification-settings'>;
export type OrderLimitsData = CatalogData<'order-limits'>;

export function isCatalogKind(value: string): value is CatalogKind {
  return Object.hasOwn(catalogSchemas, value);
}

/**
 * Kinds whose id follows from their data, so that two records can never claim the same slot
 * (two "Monday" rules for one store, two same-day settings): the decider refuses another id.
 */
export function canonicalRecordId<K extends CatalogKind>(kind: K, data: CatalogData<K>): string | null {
  if (kind === 'business-hours') return businessHoursRecordId(data as BusinessHoursData);
  if (kind === 'same-day-settings') return (data as SameDaySettingsData).store_id;
  if (kind === 'recruit-times') return (data as RecruitTimesData).store_id;
  if (kind === 'store-staff') return storeStaffRecordId(data as StoreStaffData);
  if (kind === 'tax') return (data as TaxData).store_id;
  if (kind === 'disclaimer') return (data as DisclaimerData).store_id;
  if (kind === 'notification-settings') return (data as NotificationSettingsData).store_id;
  if (kind === 'order-limits') return (data as OrderLimitsData).store_id;
  return null;
}

/** `{store}-weekday-{0..6}`, `{store}-holiday` or `{store}-{YYYY-MM-DD}`. */
export function businessHoursRecordId(
  rule: { rule: 'weekday'; store_id: string; weekday: number } | { rule: 'holiday'; store_id: string } | { rule: 'date'; store_id: string; date: string },
): string {
  switch (rule.rule) {
    case 'weekday':
      return `${rule.store_id}-weekday-${rule.weekday}`;
    case 'holiday':
      return `${rule.store_id}-holiday`;
    case 'date':
      return `${rule.store_id}-${rule.date}`;
  }
}

/** `{store_id}:{account_id}`: one record per person and store. */
export function storeStaffRecordId(staff: { store_id: string; account_id: string }): string {
  return `${staff.store_id}:${staff.account_id}`;
}
