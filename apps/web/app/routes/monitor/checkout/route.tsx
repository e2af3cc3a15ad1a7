import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { areaTexts } from '#app/areas/texts';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { appOf } from '#app/context';
import { DayReceipts } from '#app/billing/day-receipts';
import { CheckoutView } from '#app/table-order/checkout-view';
import { clockTime } from '#app/table-order/presentation';
import { partiesAtTables } from '#app/table-order/parties-at-tables';
import { checkoutTexts as t } from '#app/table-order/texts';
import { useStoreQuery } from '#app/table-order/use-store-query';
import tableOrderCss from '#app/table-order/table-order.css?url';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.title, matches) }];
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  if (!parsed.success) return { storeId: null, seated: [], receipts: [], presets: [] };
  const { services, queries, runtime } = appOf(context);
  const floor = await services.table.floor(parsed.data);
  // The day's receipts, to reprint one or issue its 赤伝 (decision 240).
  const receipts = await queries.receipts.ofDay(parsed.data, tokyoDateOf(runtime.clock.now()));
  return {
    storeId: parsed.data,
    // The owner's preset discounts (decision 642), one tap each at the checkout.
    presets: (await services.billing.discountPresets(parsed.data)).map((p, i) => ({ id: String(i), ...p })),
    seated: partiesAtTables(floor),
    receipts: receipts.map((r) => ({ id: r.id, number: r.number, total: r.total, method: r.payment_method, kind: r.kind, cancelled: r.cancelled_by !== null })),
  };
}

/**
 * /monitor/checkout?reservation_id: staff's checkout of a reservation (the schedule links here).
 * Without one, the guests at the tables of the chosen store, to choose from.
 */
export default function MonitorCheckout({ loaderData }: Route.ComponentProps) {
  const storeId = useStoreQuery(loaderData.storeId);
  const [params] = useSearchParams();
  const reservationId = params.get('reservation_id');
  return (
    <section data-testid="monitor-checkout">
      <h2>{t.title}</h2>
      {reservationId ? (
        <>
          <CheckoutView key={reservationId} reservationId={reservationId} token={null} staff discountPresets={loaderData.presets} />
          <p>
            <Link to="/monitor/checkout">{t.backToList}</Link>
          </p>
        </>
      ) : !storeId ? (
        <p className="hint">{areaTexts.chooseStoreFirst}</p>
      ) : loaderData.seated.length === 0 ? (
        <p className="empty">{t.noSeated}</p>
      ) : (
        <>
          <p>{t.chooseReservation}</p>
          <ul className="seat-grid">
            {loaderData.seated.map((s) => (
              <li key={s.reservationId}>
                <Link className="button secondary" to={`/monitor/checkout?reservation_id=${s.reservationId}`}>
                  {t.reservationLabel(s.seatName, s.seatedAt ? clockTime(s.seatedAt) : (s.startTime ?? ''), s.people ?? 0)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {!reservationId && loaderData.receipts.length > 0 && <DayReceipts receipts={loaderData.receipts} />}
    </section>
  );
}
