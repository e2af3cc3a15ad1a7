import { useNavigate } from 'react-router';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { AreaHome } from '#app/areas/area-home';
import { areaTexts } from '#app/areas/texts';
import { appOf } from '#app/context';
import { FloorView } from '#app/floor/floor-view';
import floorCss from '#app/floor/floor.css?url';
import { useStoreQuery } from '#app/table-order/use-store-query';

export const links = () => [{ rel: 'stylesheet', href: floorCss }];

/** The floor view of the chosen store (decision 280): the seats live; a seat opens on /monitor/order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  if (!parsed.success) return { storeId: null, floor: [] };
  return { storeId: parsed.data, floor: await appOf(context).services.floor.seats(parsed.data) };
}

export default function MonitorHome({ loaderData }: Route.ComponentProps) {
  useStoreQuery(loaderData.storeId);
  const navigate = useNavigate();
  const { storeId } = loaderData;
  return (
    <>
      <AreaHome title={areaTexts.monitorTitle} needsStore />
      {storeId && (
        <FloorView
          seats={loaderData.floor}
          storeId={storeId}
          selectedSeatId={null}
          onSelect={(seatId) => void navigate(`/monitor/order?store_id=${encodeURIComponent(storeId)}&seat_id=${encodeURIComponent(seatId)}`)}
        />
      )}
    </>
  );
}
