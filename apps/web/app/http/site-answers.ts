import { z } from 'zod';

/**
 * The answers of the customer site's calls (customer-site.md §7), as the described API states them
 * (decision 665): each call's `answer`. Objects are loose — calls gain fields and never rename
 * them — but every field the spec and the screens read is named with its type, so an answer that
 * loses or renames one fails the HTTP suites, which hold every answer to the document.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const clockTime = z.string().regex(/^\d{2}:\d{2}$/);
const instant = z.iso.datetime({ offset: true });
/** A flag some answers give as 0/1 (the spec's screens read both). */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]);

export const storeAnswer = z.looseObject({
  store_id: z.string(),
  name: z.string(),
  postal_code: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  access_note: z.string().nullable(),
  display_order: z.number(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  closed_on: isoDate.nullable(),
});

export const storesAnswer = z.array(storeAnswer);

export const homepageCardsAnswer = z.array(
  z.looseObject({
    id: z.string(),
    card_type: z.string(),
    link_url: z.string().nullable(),
    image_url: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    is_active: z.boolean(),
    display_order: z.number(),
  }),
);

export const businessHoursAnswer = z.record(
  isoDate,
  z.looseObject({ date: isoDate, open_time: clockTime.nullable(), close_time: clockTime.nullable(), is_closed: z.boolean(), isHoliday: z.boolean() }),
);

export const courseOptionsAnswer = z.looseObject({
  options: z.array(
    z.looseObject({
      option_id: z.string(),
      menu_id: z.string(),
      label: z.string(),
      type: z.enum(['radio', 'select', 'checkbox', 'text', 'image']),
      required: z.boolean(),
      choices: z.array(z.looseObject({ id: z.string(), label: z.string(), extra_price: z.number().int(), extra_price_with_tax: z.number().int() })),
    }),
  ),
});

export const optionDependenciesAnswer = z.looseObject({
  dependencies: z.array(
    z.looseObject({ id: z.string(), menu_id: z.string(), parent_option_id: z.string(), child_option_id: z.string(), parent_value: z.string(), is_show: flag }),
  ),
});

/** A menu item as the public menu, the course list and the deadline checks read it. */
const menuItem = z.looseObject({
  id: z.string(),
  store_id: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  price_with_tax: z.number().int(),
  takeout_price_with_tax: z.number().int(),
  image_url: z.string().nullable(),
  category: z.string().nullable(),
  show_on_menu: z.boolean(),
  show_on_reservation: z.boolean(),
  deadline_days_before: z.number().int().nullable(),
  deadline_time: clockTime.nullable(),
  duration_minutes: z.number().int().nullable(),
  display_order: z.number(),
});

export const menuAnswer = z.array(menuItem.extend({ manage_stock: flag, quantity: z.number(), is_sold_out: flag }));

export const coursesAnswer = z.looseObject({ menus: z.array(menuItem) });

export const availableDatesAnswer = z.looseObject({ dates: z.array(isoDate), holidays: z.array(isoDate), closedDates: z.array(isoDate) });

export const isClosedAnswer = z.looseObject({ isClosed: z.boolean() });

export const sameDaySettingsAnswer = z.looseObject({ is_enabled: z.boolean(), deadline_time: clockTime.nullable() });

export const availableTimesAnswer = z.looseObject({ times: z.array(clockTime), message: z.string().optional(), reason: z.string().optional() });

export const deadlineAnswer = z.looseObject({ minDate: isoDate, minDateTime: instant });

/** Held (`seat_ids` and when the hold ends) or full (`seat_ids: []` and the spec's 満席 message). */
export const seatHoldAnswer = z.looseObject({
  success: z.boolean(),
  seat_ids: z.array(z.string()),
  expires_at: instant.optional(),
  message: z.string().optional(),
});

export const confirmationRequestedAnswer = z.looseObject({ success: z.literal(true), reservation_id: z.string(), expires_at: instant });

export const noticesAnswer = z.looseObject({
  notices: z.array(z.looseObject({ id: z.string(), title: z.string(), content: z.string(), is_active: z.boolean(), display_order: z.number() })),
});

const publicUser = z.looseObject({ id: z.string(), name: z.string(), email: z.string(), roles: z.array(z.string()) });

export const authStatusAnswer = z.looseObject({ authenticated: z.boolean(), user: publicUser.nullable() });

/** Signed in, or the second step asked for (a second factor, or its set-up), or a mailed notice. */
export const signInAnswer = z.union([
  z.looseObject({ success: z.literal(true), user: publicUser, mfa_setup_deadline: z.string().optional() }),
  z.looseObject({ success: z.literal(true), message: z.string() }),
  z.looseObject({ success: z.literal(false), mfa_required: z.literal(true), methods: z.array(z.string()) }),
  z.looseObject({ success: z.literal(false), mfa_setup_required: z.literal(true) }),
]);
