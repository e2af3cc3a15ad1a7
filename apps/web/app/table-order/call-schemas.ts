import { z } from 'zod';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { paymentMethodSchema } from '@moncafe/domain/reservation/events';

/** The spec's default store of the order page when the QR names none (operations.md §2). */
export const DEFAULT_ORDER_STORE_ID = '2';

/** The pieces the table-order calls share (zod), so each call checks them alike. */
export const seatIdSchema = recordIdSchema;
export const storeIdSchema = recordIdSchema;
export const uuidSchema = z.uuid();
/** Spec §9: people select 1–8. */
export const peopleSchema = z.coerce.number().int().min(1).max(8);

/** The code a seat's printed QR carries (decision 150): url-safe, as `IdGenerator.token` makes it. */
export const seatCodeSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]*$/);
/** A booking's reservation number as a guest types it (decision 152); checked by the reservation itself. */
export const reservationNumberSchema = z.string().trim().max(40);
/** A table-order token or one-time pass: `{reservationId}.{secret}`. */
export const visitSecretSchema = z.string().min(1).max(300);

/** A reported position: lat, lng and the accuracy in metres (optional). */
export const positionFields = {
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  accuracy: z.number().min(0).max(1_000_000).nullable().optional(),
  /** The phone has no position to send: honoured only while staff waived the check. */
  skip_location_check: z.boolean().optional(),
};

export function positionOf(body: { lat?: number | undefined; lng?: number | undefined; accuracy?: number | null | undefined }) {
  return body.lat === undefined || body.lng === undefined ? null : { latitude: body.lat, longitude: body.lng, accuracy: body.accuracy ?? null };
}

export const orderItemsSchema = z
  .array(
    z.object({
      menu_id: recordIdSchema,
      quantity: z.number().int().min(1).max(99),
      /** Taken away (decision 240): a food or soft drink is then at the reduced rate. Eat-in by default. */
      takeout: z.boolean().optional(),
      /** Order items take no options at the table (decision 065): an empty object is accepted, anything else refused. */
      options: z.record(z.string(), z.never()).optional(),
    }),
  )
  .min(1)
  .max(50);

export { paymentMethodSchema };
