import { z } from 'zod';
import { kind, onePerStore, storeId, type CatalogRule } from '../catalog/kinds';

/** Who is told of bookings, cancellations and low stock, registered with the catalog (catalog/registry.ts). */

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
    /** Guests get a reminder mail the day before a confirmed booking (decision 290). */
    guest_reminders: z.boolean().default(true),
    /** The hour (Tokyo, 0–23) the day before from which the reminders go. */
    reminder_hour: z.int().min(0).max(23).default(18),
  })
  // Each address once (any case): the second of two is the one refused, at its own address, so the screen says it beside that field.
  .superRefine((n, ctx) => {
    const seen = new Set<string>();
    n.recipients.forEach((recipient, i) => {
      const address = recipient.email.toLowerCase();
      if (seen.has(address)) {
        ctx.addIssue({ code: 'custom', params: { rule: 'address_once' satisfies CatalogRule }, path: ['recipients', i, 'email'], input: recipient.email });
      }
      seen.add(address);
    });
  });

export type NotificationSettingsData = z.output<typeof notificationSettingsSchema>;

export const notificationKinds = {
  'notification-settings': kind({ schema: notificationSettingsSchema, recordId: onePerStore }),
};
