import { areaTexts } from '#app/areas/texts';
import { PRODUCT_NAME } from '#app/layout/texts';

/**
 * Spec §2: page titles of the operations areas carry the name of the first store the stores call
 * returns in place of the area's own words (管理者画面, モニター, スタッフ, キッチン). Each area's
 * layout loader has the stores already; a screen's meta finds them among its matches (decision
 * 121): `座席管理 | MonCafe 駅前店 | MonCafe`, or `座席管理 | 管理者画面 | MonCafe` with no store.
 */
interface MatchLike {
  id: string;
  loaderData?: unknown;
  data?: unknown;
}

const areaLayouts: Record<string, string> = {
  'routes/admin/route': areaTexts.adminTitle,
  'routes/monitor/route': areaTexts.monitorTitle,
  'routes/staff/route': areaTexts.staffTitle,
  'routes/kitchen/route': areaTexts.kitchenTitle,
};

function areaLayoutOf(matches: readonly (MatchLike | undefined)[]): MatchLike | undefined {
  return matches.find((match) => match !== undefined && Object.hasOwn(areaLayouts, match.id));
}

function firstStoreName(matches: readonly (MatchLike | undefined)[]): string | null {
  const layout = areaLayoutOf(matches);
  const data = (layout?.loaderData ?? layout?.data) as { stores?: { name: string }[] } | undefined;
  return data?.stores?.[0]?.name ?? null;
}

/** The title of a screen in the admin, monitor, staff or kitchen area (`screen` null: the area's home). */
export function areaPageTitle(screen: string | null, matches: readonly (MatchLike | undefined)[]): string {
  const layout = areaLayoutOf(matches);
  const area = firstStoreName(matches) ?? (layout ? areaLayouts[layout.id] : areaTexts.adminTitle);
  return [screen, area, PRODUCT_NAME].filter(Boolean).join(' | ');
}

export const adminPageTitle = areaPageTitle;

/**
 * The title once the browser knows the chosen store (decision 320): the server renders the first
 * store's name (the choice lives in local storage), and the area's layout swaps in the chosen
 * store's name after each render. Only the area segment (between the screen and the product
 * name) is replaced; a title without the first store's name is left as it is.
 */
export function titleForChosenStore(title: string, firstStoreName: string | null, chosenStoreName: string | null): string {
  if (!firstStoreName || !chosenStoreName) return title;
  const parts = title.split(' | ');
  const at = parts.length - 2;
  if (at < 0 || parts[at] !== firstStoreName) return title;
  parts[at] = chosenStoreName;
  return parts.join(' | ');
}
