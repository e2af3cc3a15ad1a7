import { describeDetail } from '@moncafe/domain/reservation/detail';
import type { ReservationRequest } from '@moncafe/domain/reservation/reservation';
import type { Runtime } from '@moncafe/infra/runtime';
import { noticesFor, optionSpecs, storeName } from './flow.server';

/** What the confirm page shows: the spec's confirmation shape plus the described options and notices. */
export async function confirmationView(runtime: Runtime, request: ReservationRequest, isConfirmed: boolean) {
  const { options } = await optionSpecs(
    runtime,
    request.lines.map((l) => l.menuId),
  );
  const first = request.lines[0];
  return {
    name: request.customer.name,
    email: request.customer.email,
    phone: request.customer.phone,
    data: {
      reservation_id: request.reservationId,
      store_name: await storeName(runtime, request.storeId),
      date: request.date,
      time: request.time,
      people: request.people,
      menu_name: request.lines.map((l) => (l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name)).join('、'),
      menu_price: request.lines.reduce((sum, l) => sum + l.price * l.quantity, 0) + request.optionsPrice,
      menu_description: first
        ? ((await runtime.db.selectFrom('menu_items').select('description').where('id', '=', first.menuId).executeTakeFirst())?.description ?? '')
        : '',
      detail: JSON.stringify(request.detail),
    },
    menuOptions: options.map((o) => ({ id: o.optionId, label: o.label })),
    detailLines: describeDetail(options, request.detail),
    notices: await noticesFor(runtime, request.storeId),
    isConfirmed,
  };
}

export type ConfirmationView = Awaited<ReturnType<typeof confirmationView>>;

/** What the cancel page shows: the spec's "reservation for cancel" fields. */
export async function cancelView(runtime: Runtime, request: ReservationRequest, status: string) {
  return {
    id: request.reservationId,
    store_name: await storeName(runtime, request.storeId),
    customer_name: request.customer.name,
    date: request.date,
    time: request.time,
    people: request.people,
    status,
  };
}

export type CancelView = Awaited<ReturnType<typeof cancelView>>;
