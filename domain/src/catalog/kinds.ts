import { z } from 'zod';
import { taxCategorySchema } from '../billing/tax-category';
import { isoDateSchema, timeOfDaySchema } from '../calendar/date-schemas';

/**
 * The catalog's own kinds of reference data (stores, seats, menus, opening hours, menu costs) and
 * what every kind is built from: the record id, the common fields and the registration each
 * context gives its own kinds (shift/kinds.ts, staff-guide/kinds.ts, …), gathered by
 * catalog/registry.ts. Each kind has the zod schema its data must pass. Field names are snake_case, as in the spec's answer shapes, so a read model row and an
 * `/api` answer need no renaming. A record's own id is not part of its data: it is the `id`
 * of the command and event (and the `store_id` of a store, the `option_id` of a menu option).
 *
 * Schemas may only grow in backward-compatible ways (new fields with defaults): projectors
 * parse old events with the current schema, which fills the defaults in.
 */

/**
 * Ids are short, url- and stream-name-safe strings ('2', 'seat-a1', a uuid): letters, digits and
 * `_ . : -`. The check has no words of its own: the web's edge words it in the screen's language.
 */
export const recordIdSchema = z
  .string()
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/);

// --- The fields records are made of (every context's kinds build on these) --------------------

export const storeId = recordIdSchema;
export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
export const displayOrder = z.int().min(0).max(1_000_000).default(0);
/** Image and link targets: a path the web app serves (`/images/…`) or an absolute http(s) URL. */
export const urlOrPath = z
  .string()
  .max(2000)
  .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/.test(v), 'a /path or an http(s) URL');
export const price = z.int().min(0).max(10_000_000);

/**
 * The catalog's rules that span fields (a deadline's day and time set together, choice ids unique
 * in an option…). A rule has a code and no words: a broken one is an issue with `params.rule`,
 * which catalog/decider.ts `issueOf` turns into `check.rule`, and the web words it in the screen's
 * language (`fieldTexts.rules`, apps/web/app/http/texts.ts, typed by this list; decision 484).
 */
export const CATALOG_RULES = [
  'deadline_pair',
  'choices_needed',
  'choice_ids_unique',
  'parent_value_needed',
  'no_self_dependency',
  'open_day_hours',
  'close_after_open',
  'end_after_start',
  'registration_number',
  'address_once',
] as const;
export type CatalogRule = (typeof CATALOG_RULES)[number];

export function isCatalogRule(value: unknown): value is CatalogRule {
  return (CATALOG_RULES as readonly unknown[]).includes(value);
}

/** A refine's parameters for a rule: the code and the field it points at, no message (an edge's body checks a rule with it too). */
export const catalogRule = (code: CatalogRule, field: string) => ({ params: { rule: code }, path: [field] });

/**
 * How a context registers one kind with the catalog (catalog/registry.ts gathers them): its
 * schema, the names and one-line labels an admin types (`nameFields`, paths into the record, `*`
 * for every item of a list; each must be one line with no control or bidi characters,
 * `isOneLineName` in domain/src/text.ts, decision 161; checked when a record is saved, by
 * catalog/decider.ts `parseRecord`, not when an old event is read, so a record saved before the
 * rule still loads and shows until it is next edited, decision 161), and, for kinds whose id
 * follows from their data so that two records can never claim the same slot (two "Monday" rules
 * for one store, two same-day settings), that id (`recordId`): the decider refuses another id.
 */
export interface KindRegistration<S extends z.ZodType = z.ZodType> {
  readonly schema: S;
  readonly nameFields?: readonly string[];
  recordId?(data: z.output<S>): string;
}

/** Types a registration from its schema, so `recordId` receives the kind's data. */
export function kind<S extends z.ZodType>(registration: KindRegistration<S>): KindRegistration<S> {
  return registration;
}

/** One record per store: its record id is the store id. */
export const onePerStore = (data: { store_id: string }): string => data.store_id;

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
  /**
   * The day (Tokyo) the admin closed the store (decision 320): null while open. A closed store keeps
   * its record and history, leaves `/api/stores` and takes no new bookings.
   */
  closed_on: isoDateSchema.nullable().default(null),
  /** Staff and monitors of this store sign in with a second factor too (admins always do in production; decision 540). */
  second_factor_for_staff: z.boolean().default(false),
  /**
   * How many years the wage records (shifts, attendance) are kept after a staff member leaves
   * before their name may be forgotten (労働基準法 第109条: five years; decision 541).
   */
  wage_retention_years: z.int().min(1).max(20).default(5),
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
    /** For guests reading English (decision 362); empty shows the Japanese. Absent in older events. */
    name_en: z.string().trim().max(100).default(''),
    description_en: z.string().trim().max(2000).default(''),
    /** Yen, as shown to the guest; whether tax is included is the store's `tax` record (decision 063). */
    price,
    image_url: urlOrPath.nullable().default(null),
    /** When null, screens infer it from the name (see inferMenuCategory). */
    category: menuCategorySchema.nullable().default(null),
    show_on_menu: z.boolean().default(true),
    /** How it is taxed (decision 240): food and soft drinks `reduced` when taken away; alcohol `never_reduced`. */
    tax_category: taxCategorySchema.default('reduced'),
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
  .refine((m) => (m.deadline_days_before === null) === (m.deadline_time === null), catalogRule('deadline_pair', 'deadline_time'));

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
    /** The owner marks an option that asks about allergies: what a guest answers is highlighted on the kitchen's ticket (decision 670). Absent in older events. */
    allergy: z.boolean().default(false),
    display_order: displayOrder,
  })
  .refine((o) => !['radio', 'select'].includes(o.type) || o.choices.length > 0, catalogRule('choices_needed', 'choices'))
  .refine((o) => new Set(o.choices.map((c) => c.id)).size === o.choices.length, catalogRule('choice_ids_unique', 'choices'));

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
  .refine((d) => d.parent_value !== null || d.parent_choice_value !== null, catalogRule('parent_value_needed', 'parent_value'))
  .refine((d) => d.parent_option_id !== d.child_option_id, catalogRule('no_self_dependency', 'child_option_id'));

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
  .refine((h) => h.is_closed || (h.open_time !== null && h.close_time !== null), catalogRule('open_day_hours', 'open_time'))
  .refine((h) => h.is_closed || h.open_time === null || h.close_time === null || h.open_time < h.close_time, catalogRule('close_after_open', 'close_time'));

// --- Cost management (decision 122) ---------------------------------------------------------

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

export type StoreData = z.output<typeof storeSchema>;
export type SeatData = z.output<typeof seatSchema>;
export type MenuData = z.output<typeof menuSchema>;
export type MenuCategory = z.output<typeof menuCategorySchema>;
export type MenuOptionType = z.output<typeof menuOptionTypeSchema>;
export type MenuOptionChoice = z.output<typeof menuOptionChoiceSchema>;
export type MenuOptionData = z.output<typeof menuOptionSchema>;
export type OptionDependencyData = z.output<typeof optionDependencySchema>;
export type BusinessHoursData = z.output<typeof businessHoursSchema>;
export type CostLineData = z.output<typeof costLineSchema>;

/** The catalog's own kinds: stores, seats, menus and their options, opening hours, menu costs. */
export const catalogOwnKinds = {
  store: kind({ schema: storeSchema, nameFields: ['name', 'address'] }),
  seat: kind({ schema: seatSchema, nameFields: ['name'] }),
  menu: kind({ schema: menuSchema, nameFields: ['name'] }),
  'menu-option': kind({ schema: menuOptionSchema, nameFields: ['label', 'choices.*.label'] }),
  'option-dependency': kind({ schema: optionDependencySchema }),
  'business-hours': kind({ schema: businessHoursSchema, recordId: businessHoursRecordId }),
  'cost-line': kind({ schema: costLineSchema, nameFields: ['name', 'unit'] }),
};
