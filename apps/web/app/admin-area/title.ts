import { areaTexts } from '#app/areas/texts';
import { PRODUCT_NAME } from '#app/layout/texts';

/**
 * Spec §2: admin page titles carry the name of the first store the stores call returns in place
 * of the words "admin screen" (default: 管理者画面). The admin layout's loader has the stores
 * already; a screen's meta finds them among its matches (decision 121):
 * `座席管理 | MonCafe 駅前店 | MonCafe`, or `管理者画面 | MonCafe` with no store.
 */
interface MatchLike {
  id: string;
  loaderData?: unknown;
  data?: unknown;
}

export function firstStoreName(matches: readonly (MatchLike | undefined)[]): string | null {
  for (const match of matches) {
    if (match?.id !== 'routes/admin/route') continue;
    const data = (match.loaderData ?? match.data) as { stores?: { name: string }[] } | undefined;
    return data?.stores?.[0]?.name ?? null;
  }
  return null;
}

export function adminPageTitle(screen: string | null, matches: readonly (MatchLike | undefined)[]): string {
  const area = firstStoreName(matches) ?? areaTexts.adminTitle;
  return [screen, area, PRODUCT_NAME].filter(Boolean).join(' | ');
}
