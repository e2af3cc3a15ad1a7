import type { Queries } from '@moncafe/projections/queries';
import type { Language } from '#app/i18n/language';

/**
 * The courses a store offers for booking (menu items with show_on_reservation), in display
 * order: the chosen store's (already checked to be open), else the first open store's; null
 * before any store exists. GET /api/customer/menu answers them, and
 * /reservation renders them on the server, so the list is there with the page's first paint.
 */
export async function reservationCourses(queries: Queries, today: string, language: Language = 'ja', chosenStoreId: string | null = null) {
  const storeId = chosenStoreId ?? (await queries.stores.default())?.store_id;
  if (!storeId) return null;
  // Each with `price_with_tax`, the price the guest is shown and pays (総額表示, decision 632).
  const courses = await queries.menus.listWithPrices({ storeId, visibleOn: 'reservation' }, today);
  return language === 'en' ? courses.map(inEnglish) : courses;
}

/** A menu item as an English reader sees it (decision 362): its English name and description where given, else the Japanese. */
export function inEnglish<T extends { name: string; description: string; name_en: string; description_en: string }>(item: T): T {
  return { ...item, name: item.name_en || item.name, description: item.description_en || item.description };
}
