import type { Queries } from '@moncafe/projections/queries';
import { STORE_PARAM } from './store-choice';

export interface StoreChoice {
  /** The open stores in display order (the choice is shown only when there are several). */
  stores: { store_id: string; name: string }[];
  /** The store the page is about: the chosen one, else the first open store; null when none is open. */
  storeId: string | null;
  /** The chosen store's name when one was chosen (titles name it), else null. */
  chosenName: string | null;
  /** A `?store=` that is not an open store: the page says so instead of showing another store's things. */
  refused: boolean;
}

/** The page's store from its address (`?store=`, a claim checked against the open stores, decision 406). */
export async function storeChoiceOf(queries: Queries, request: Request): Promise<StoreChoice> {
  const claimed = new URL(request.url).searchParams.get(STORE_PARAM);
  const stores = (await queries.stores.list()).map((s) => ({ store_id: s.store_id, name: s.name }));
  const chosen = claimed ? (stores.find((s) => s.store_id === claimed) ?? null) : null;
  return {
    stores,
    storeId: claimed ? (chosen?.store_id ?? null) : (stores[0]?.store_id ?? null),
    chosenName: chosen?.name ?? null,
    refused: claimed !== null && claimed !== '' && chosen === null,
  };
}
