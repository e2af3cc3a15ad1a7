import { languageOfMatches, textsIn, type Localized, type Messages } from '#app/i18n/language';
import { pageTitle } from './texts';

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;
type ChoiceData = { choice?: { stores: readonly unknown[]; chosenName: string | null } } | undefined;
type StoresData = { openStores?: readonly { store_id: string; name: string }[] } | undefined;
type MetaArgs = { matches: readonly MatchLike[]; loaderData?: unknown; data?: unknown };

/** `screen | store | MonCafe` where several stores are open and one was chosen, else `screen | MonCafe`. */
function titleNaming(screen: string, openStores: number, chosenName: string | null) {
  return [{ title: pageTitle(chosenName && openStores > 1 ? `${screen} | ${chosenName}` : screen) }];
}

/**
 * A public page's title naming the store the guest chose (`予約コース | MonCafe 西口公園店 | MonCafe`),
 * only where several stores are open and one was chosen; otherwise the spec's title word for word
 * (decision 406). The page's loader answers `choice` (app/reservation/store-choice.server.ts).
 */
export function storeTitleMeta<T>(texts: Localized<T>, pick: (texts: Messages<T>) => string) {
  return ({ matches, loaderData, data }: MetaArgs) => {
    const choice = ((loaderData ?? data) as ChoiceData)?.choice;
    return titleNaming(pick(textsIn(texts, languageOfMatches(matches))), choice?.stores.length ?? 0, choice?.chosenName ?? null);
  };
}

/**
 * The same title for a page whose address names the store in `param` (/menu's `?store_id`, the
 * booking steps' `?store`) and whose loader answers the open stores (`openStoresLoader`,
 * store-title.server.ts): the name of the store the address names, when it is open (decision 414).
 */
export function storeParamTitleMeta<T>(texts: Localized<T>, pick: (texts: Messages<T>) => string, param: string) {
  return ({ matches, loaderData, data, location }: MetaArgs & { location: { search: string } }) => {
    const stores = ((loaderData ?? data) as StoresData)?.openStores ?? [];
    const claimed = new URLSearchParams(location.search).get(param);
    const chosen = stores.find((s) => s.store_id === claimed);
    return titleNaming(pick(textsIn(texts, languageOfMatches(matches))), stores.length, chosen?.name ?? null);
  };
}
