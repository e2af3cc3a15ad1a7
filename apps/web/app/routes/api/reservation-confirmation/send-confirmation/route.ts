import { z } from 'zod';
import { dateRefusalOf, detailProblemsOf } from '@moncafe/domain/reservation/booking-service';
import { mailboxKey } from '@moncafe/infra/auth/mailbox';
import { rateLimits } from '@moncafe/infra/auth/rate-limit';
import { sha256Hex } from '@moncafe/infra/system';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { languageOf } from '#app/i18n/language';
import { callTexts } from '#app/http/texts';
import { text } from '#app/http/text-schema';
import { dateSchema, peopleSchema, phoneSchema, storeClaimSchema, timeSchema } from '#app/reservation/call-schemas';
import { dateRefusalMessage, detailProblemMessage, reservationTexts as t } from '#app/reservation/texts';
import { confirmationRequestedAnswer } from '#app/http/site-answers';

/**
 * What a guest types goes into a mail sent to whatever address is given: names and option texts
 * are short and their line count limited (decision 052); the mail sets them apart
 * and never makes a link of them (app/reservation/mails.ts).
 */
export const NAME_MAX = 50;
export const OPTION_TEXT_MAX = 100;
export const OPTION_TEXT_LINES = 3;

const REMARKS_MAX = 300;
const REMARKS_LINES = 5;

const bodySchema = z.object({
  name: text({ max: NAME_MAX, min: 1, required: t.nameRequired }),
  email: z.email(t.emailRequired).max(254),
  phone: phoneSchema,
  /** What the guest wants the store to know (allergies …), decision 282; optional. */
  remarks: text({ max: REMARKS_MAX, lines: REMARKS_LINES }).default(''),
  reservationData: z.object({
    date: dateSchema,
    time: timeSchema,
    people: peopleSchema,
    store_id: storeClaimSchema,
    cart: z
      .array(z.object({ menu_id: z.coerce.string().min(1).max(120), quantity: z.coerce.number().int().min(1).max(20) }))
      .min(1)
      .max(20),
    // An image option holds an uploaded picture's id (POST /api/reservation-images); pictures never come inline.
    detail: z
      .record(text({ max: 120 }), z.union([text({ max: OPTION_TEXT_MAX, lines: OPTION_TEXT_LINES }), z.array(text({ max: OPTION_TEXT_MAX })).max(50)]))
      .default({}),
  }),
});

/**
 * POST /api/reservation-confirmation/send-confirmation: records the reservation as awaiting
 * confirmation (email_confirm_status '0') on the session's seat hold and mails a single-use link
 * valid 5 minutes (services.booking.requestReservation: prices from the catalog, options checked,
 * the booking decided again against the hold, pictures kept in the blob store).
 *
 * Limited per client address, then per mailbox (sub-addresses counted as one), and only once the
 * whole request was found valid: an invalid cart or a refused date counts nothing, and an address
 * is counted only when the client's own limit let the request through, so one client cannot use
 * up someone else's allowance (decision 052).
 */
export const action = jsonCall({
  answer: confirmationRequestedAnswer,
  idempotent: true,
  body: bodySchema,
  errors: {
    unknown_course: { status: 400, error: t.checkRequiredFields, field: 'reservationData.cart' },
    invalid_detail: (error) => ({ status: 400, error: detailProblemsOf(error).map(detailProblemMessage).join('、'), field: 'reservationData.detail' }),
    seats_full: { status: 409, error: t.seatsFull },
    visit_required: { status: 429, error: callTexts.tooManyRequests },
    client_hold_limit: { status: 429, error: callTexts.tooManyRequests },
    session_hold_limit: { status: 429, error: callTexts.tooManyRequests },
    invalid_text: { status: 400, error: callTexts.textRefused },
    otherwise: (error) => {
      const refusal = dateRefusalOf(error);
      return { status: 400, error: refusal ? dateRefusalMessage(refusal) : t.allocateFailed };
    },
  },
  async handle({ body, request, services, user, reservationSession, reservationVisit, clientKey, clientAddress, limit, correlationId }) {
    const data = body.reservationData;
    const rules = [
      ...(clientAddress ? [{ key: `confirm-mail:ip:${clientAddress}`, ...rateLimits.confirmationMailPerIp }] : []),
      { key: `confirm-mail:address:${sha256Hex(mailboxKey(body.email))}`, ...rateLimits.confirmationMailPerAddress },
    ];
    const made = await services.booking.requestReservation({
      sessionId: reservationSession(),
      accountId: (await user())?.id ?? null,
      customer: { name: body.name, email: body.email, phone: body.phone },
      remarks: body.remarks,
      language: languageOf(request),
      date: data.date,
      time: data.time,
      people: data.people,
      storeId: data.store_id,
      cart: data.cart.map((l) => ({ menuId: l.menu_id, quantity: l.quantity })),
      detail: data.detail,
      client: clientKey(),
      visitStartedAt: reservationVisit(),
      admit: () => limit(rules),
      correlationId,
    });
    return { success: true, reservation_id: made.reservationId, expires_at: made.expiresAt };
  },
});

export type Answer = AnswerOf<typeof action>;
