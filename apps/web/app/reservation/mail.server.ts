import { describeDetail } from '@moncafe/domain/reservation/detail';
import type { ReservationRequest } from '@moncafe/domain/reservation/reservation';
import { cancelUrlFor, confirmationRequestMail, confirmUrlFor, reservationConfirmedMail, type ReservationMailData } from '@moncafe/infra/mail/reservation-mail';
import type { Runtime } from '@moncafe/infra/runtime';
import { noticesFor, optionSpecs, storeName } from './flow.server';

/** Mail data of a reservation: course lines, described options (images as 画像あり), notices. */
export async function mailDataFor(runtime: Runtime, request: ReservationRequest): Promise<ReservationMailData> {
  const { options } = await optionSpecs(
    runtime,
    request.lines.map((l) => l.menuId),
  );
  return {
    to: request.customer.email,
    customerName: request.customer.name,
    storeName: await storeName(runtime, request.storeId),
    reservationId: request.reservationId,
    date: request.date,
    time: request.time,
    people: request.people,
    courses: request.lines.map((l) => ({ name: l.name, quantity: l.quantity, price: l.price })),
    options: describeDetail(options, request.detail),
    totalPrice: request.lines.reduce((sum, l) => sum + l.price * l.quantity, 0) + request.optionsPrice,
    notices: await noticesFor(runtime, request.storeId),
  };
}

export async function sendConfirmationRequest(runtime: Runtime, request: ReservationRequest, token: string): Promise<void> {
  await runtime.mail.send(confirmationRequestMail(await mailDataFor(runtime, request), confirmUrlFor(runtime.config.publicUrl, token)));
}

export async function sendConfirmed(runtime: Runtime, request: ReservationRequest): Promise<void> {
  const url = cancelUrlFor(runtime.config.publicUrl, request.reservationId, request.customer.email);
  await runtime.mail.send(reservationConfirmedMail(await mailDataFor(runtime, request), url));
}
