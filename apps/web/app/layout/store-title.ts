import { languageOfMatches, textsIn, type Localized, type Messages } from '#app/i18n/language';
import { pageTitle } from './texts';

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;
type ChoiceData = { choice?: { stores: readonly unknown[]; chosenName: string | null } } | undefined;

/**
 * A public page's title naming the store the guest chose (`予約コース | MonCafe 西口公園店 | MonCafe`),
 * only where several stores are open and one was chosen; otherwise the spec's title word for word
 * (decision 406). The page's loader answers `choice` (app/reservation/store-choice.server.ts).
 */
export function storeTitleMeta<T>(texts: Localized<T>, pick: (texts: Messages<T>) => string) {
  return ({ matches, loaderData, data }: { matches: readonly MatchLike[]; loaderData?: unknown; data?: unknown }) => {
    const choice = ((loaderData ?? data) as ChoiceData)?.choice;
    const screen = pick(textsIn(texts, languageOfMatches(matches)));
    const named = choice?.chosenName && choice.stores.length > 1 ? `${screen} | ${choice.chosenName}` : screen;
    return [{ title: pageTitle(named) }];
  };
}
