import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Route } from './+types/api.reservation-confirmation.send-confirmation';
import { checkDetail } from '@moncafe/domain/reservation/detail';
import { DomainError } from '@moncafe/domain/decider';
import { listMenuItems } from '@moncafe/projections/menus/queries';
import { rateLimitAll, rateLimits, tooManyRequests } from '@moncafe/infra/auth/rate-limit';
import { getUser } from '../auth/session.server';
import { clientAddressContext } from '../auth/request-context';
import { answer, dateSchema, json, optionSpecs, parseBody, peopleSchema, reservationRuntime, reservationSession, timeSchema } from '../reservation/flow.server';
import { sendConfirmationRequest } from '../reservation/mail.server';
import { dateRefusalMessage, detailProblemMessage, reservationTexts } from '../reservation/texts';

/** Three digit-only parts of at most 4 digits, with at least 2, 3 and 4 digits (customer-site.md §5). */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\d{2,4}-\d{3,4}-\d{4}$/, '電話番号は 2〜4桁-3〜4桁-4桁 で入力してください');

const bodySchema = z.object({
  name: z.string().trim().min(1, reservationTexts.nameRequired).max(100),
  email: z.email(reservationTexts.emailRequired).max(254),
  phone: phoneSchema,
  reservationData: z.object({
    date: dateSchema,
    time: timeSchema,
    people: peopleSchema,
    cart: z
      .array(z.object({ menu_id: z.coerce.string().min(1).max(120), quantity: z.coerce.number().int().min(1).max(20) }))
      .min(1)
      .max(20),
    detail: z.record(z.string().max(300), z.union([z.string().max(3_000_000), z.array(z.string().max(200)).max(50)])).default({}),
  }),
});

/**
 * POST /api/reservation-confirmation/send-confirmation: records the reservation as awaiting
 * confirmation (email_confirm_status '0') on the session's seat hold and mails a single-use link
 * valid 5 minutes. Prices come from the catalog, never from the browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async (correlationId) => {
    const body = await parseBody(request, bodySchema);
    const { runtime, flow } = reservationRuntime(context);
    const ip = context.get(clientAddressContext);
    const addressKey = createHash('sha256').update(body.email.toLowerCase()).digest('hex');
    const limited = await rateLimitAll(runtime, [
      { key: `confirm-mail:address:${addressKey}`, ...rateLimits.confirmationMailPerAddress },
      ...(ip ? [{ key: `confirm-mail:ip:${ip}`, ...rateLimits.confirmationMailPerIp }] : []),
    ]);
    if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds);

    const data = body.reservationData;
    const storeId = await flow.storeId();
    const menuIds = [...new Set(data.cart.map((l) => l.menu_id))];
    const menus = await listMenuItems(runtime.db, { storeId, visibleOn: 'reservation', ids: menuIds });
    if (menus.length !== menuIds.length)
      return json({ success: false, error: reservationTexts.checkRequiredFields, field: 'reservationData.cart' }, { status: 400 });
    const { options, dependencies } = await optionSpecs(runtime, menuIds);
    const checked = checkDetail(options, dependencies, data.detail);
    if (checked.problems.length)
      return json({ success: false, error: checked.problems.map(detailProblemMessage).join('、'), field: 'reservationData.detail' }, { status: 400 });

    const session = reservationSession(request);
    const user = await getUser(request, context);
    try {
      const made = await flow.requestReservation({
        sessionId: session.id,
        date: data.date,
        time: data.time,
        people: data.people,
        customer: { name: body.name, email: body.email, phone: body.phone },
        accountId: user?.id ?? null,
        lines: data.cart.map((l) => {
          const menu = menus.find((m) => m.id === l.menu_id)!;
          return { menuId: menu.id, name: menu.name, price: menu.price, quantity: l.quantity };
        }),
        detail: checked.detail,
        optionsPrice: checked.extraPrice,
        correlationId,
      });
      await sendConfirmationRequest(runtime, made.request, made.token);
      return json({ success: true, reservation_id: made.reservationId, expires_at: made.expiresAt });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'seats_full') return json({ success: false, error: reservationTexts.seatsFull }, { status: 409 });
      const refusal = error.details.refusal as Parameters<typeof dateRefusalMessage>[0] | undefined;
      return json({ success: false, error: refusal ? dateRefusalMessage(refusal) : reservationTexts.allocateFailed }, { status: 400 });
    }
  });
}
