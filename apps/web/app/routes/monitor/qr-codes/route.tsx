import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { areaTexts } from '#app/areas/texts';
import { appOf } from '#app/context';
import { seatOrderUrl, seatQrSvg } from '#app/table-order/seat-qr.server';
import { monitorTexts as t } from '#app/table-order/texts';
import { useStoreQuery } from '#app/table-order/use-store-query';
import tableOrderCss from '#app/table-order/table-order.css?url';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.qrTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];

/** Every seat of the chosen store with its QR code (SVG, made on the server by the `qrcode` package). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  if (!parsed.success) return { storeId: null, seats: [] };
  const { queries, runtime } = appOf(context);
  const seats = await queries.seats.ofStore(parsed.data);
  return {
    storeId: parsed.data,
    seats: await Promise.all(
      seats.map(async (seat) => {
        const url = seatOrderUrl(runtime.config.publicUrl, seat.id);
        return { id: seat.id, name: seat.name, url, svg: await seatQrSvg(url) };
      }),
    ),
  };
}

/** /monitor/qr-codes: a printable sheet of the chosen store's seat QR codes, each with its URL. */
export default function QrCodes({ loaderData }: Route.ComponentProps) {
  const storeId = useStoreQuery(loaderData.storeId);
  return (
    <section data-testid="qr-codes">
      <h2>{t.qrTitle}</h2>
      <p className="no-print">{t.qrIntro}</p>
      <p className="no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          {t.print}
        </button>
      </p>
      {!storeId && <p className="hint">{areaTexts.chooseStoreFirst}</p>}
      {loaderData.storeId && loaderData.seats.length === 0 && <p className="empty">{t.noSeats}</p>}
      <ul className="qr-sheet">
        {loaderData.seats.map((seat) => (
          <li key={seat.id} className="qr-card panel" data-testid="qr-card">
            <h3>{seat.name}</h3>
            {/* The SVG is the qrcode package's rendering of our own URL. */}
            <div role="img" aria-label={`${seat.name} QR`} dangerouslySetInnerHTML={{ __html: seat.svg }} />
            <p className="qr-url">{seat.url}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
