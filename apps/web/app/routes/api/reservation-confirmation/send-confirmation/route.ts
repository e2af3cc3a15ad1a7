import { z } from 'zod';
import { dateRefusalOf, detailProblemsOf } from '@moncafe/domain/reservation/booking';
import { rateLimits } from '@moncafe/infra/auth/rate-limit';
import { sha256Hex } from '@moncafe/infra/system';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { dateSchema, peopleSchema, phoneSchema, timeSchema } from '#app/reservation/call-schemas';
import { dateRefusalMessage, detailProblemMessage, reservationTexts as t } from '#app/reservation/texts';

const bodySchema = z.object({
  name: z.string().trim().min(1, t.nameRequired).max(100),
  email: z.email(t.emailRequired).max(254),
  phone: phoneSchema,
  reservationData: z.object({
    date: dateSchema,
    time: timeSchema,
    people: peopleSchema,
    cart: z
      .array(z.object({ menu_id: z.coerce.string().min(1).max(120), quantity: z.coerce.number().int().min(1).max(20) }))
      .min(1)
      .max(20),
    // An image option holds an uploaded picture's id; a page opened before uploads existed may still send the picture inline.
    detail: z.record(z.string().max(300), z.union([z.string().max(3_000_000), z.array(z.string().max(200)).max(50)])).default({}),
  }),
});

/**
 * POST /api/reservation-confirmation/send-confirmation: records the reservation as awaiting
 * confirmation (email_confirm_status '0') on the session's seat hold and mails a single-use link
 * valid 5 minutes (services.booking.requestReservation: prices from the catalog, options checked,
 * pictures kept in the blob store). Limited per e-mail address and per client address.
 */
export const action = jsonCall({
  body: bodySchema,
  // Room for one inline picture (the 3 MB data URL the schema allows) from a page opened before uploads existed.
  maxBodyBytes: 4 * 1024 * 1024,
  limits: ({ body, clientAddress }) => [
    { key: `confirm-mail:address:${sha256Hex(body.email.toLowerCase())}`, ...rateLimits.confirmationMailPerAddress },
    ...(clientAddress ? [{ key: `confirm-mail:ip:${clientAddress}`, ...rateLimits.confirmationMailPerIp }] : []),
  ],
  errors: {
    unknown_course: { status: 400, error: t.checkRequiredFields, field: 'reservationData.cart' },
    invalid_detail: (error) => ({ status: 400, error: detailProblemsOf(error).map(detailProblemMessage).join('、'), field: 'reservationData.detail' }),
    seats_full: { status: 409, error: t.seatsFull },
    otherwise: (error) => {
      const refusal = dateRefusalOf(error);
      return { status: 400, error: refusal ? dateRefusalMessage(refusal) : t.allocateFailed };
    },
  },
  async handle({ body, services, user, reservationSession, correlationId }) {
    const data = body.reservationData;
    const made = await services.booking.requestReservation({
      sessionId: reservationSession(),
      accountId: (await user())?.id ?? null,
      customer: { name: body.name, email: body.email, phone: body.phone },
      date: data.date,
      time: data.time,
      people: data.people,
      cart: data.cart.map((l) => ({ menuId: l.menu_id, quantity: l.quantity })),
      detail: data.detail,
      correlationId,
    });
    return { success: true, reservation_id: made.reservationId, expires_at: made.expiresAt };
  },
});

export type Answer = AnswerOf<typeof action>;
