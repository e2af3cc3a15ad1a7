import { useOutletContext } from 'react-router';
import type { AreaOutletContext } from './store-choice';
import { areaTexts } from './texts';

/** The home screen of an area until its issue fills it in: which store is chosen, or how to choose one. */
export function AreaHome({ title, needsStore }: { title: string; needsStore: boolean }) {
  const { storeId, stores } = useOutletContext<AreaOutletContext>();
  const store = stores.find((s) => s.store_id === storeId);
  return (
    <div className="area-home">
      <h2>{title}</h2>
      {needsStore && !store && (
        <div className="notice" role="note">
          <h3>{areaTexts.storeRequiredTitle}</h3>
          <p>{areaTexts.chooseStoreFirst}</p>
        </div>
      )}
      {store && <p>{areaTexts.selectedStore(store.name)}</p>}
    </div>
  );
}
