import type { Kysely } from 'kysely';
import { ratesOn, shownPrices, type StoreRates } from '@moncafe/domain/billing/tax-math';
import type { TaxCategory } from '@moncafe/domain/billing/tax-category';
import type { Database } from '../database';
import { listMenuItems, listMenuOptions } from './queries';
import { taxRuleOf } from '../tax/queries';

/**
 * The prices a guest is shown (総額表示, decision 518): what a menu item costs with tax, eaten in
 * and taken away, from its price as the owner entered it and the store's tax setting on the day.
 * The guest screens show these and the bill charges the same function's prices, so what a guest
 * pays is the sum of what they were shown.
 */
export interface ShownPriceFields {
  /** Tax included, eaten in. */
  price_with_tax: number;
  /** Tax included, taken away: lower only for a `reduced` item (food, soft drinks). */
  takeout_price_with_tax: number;
}

/** The rates of each store on `date`, read once per store. */
export async function storeRatesOn(db: Kysely<Database>, storeIds: Iterable<string>, date: string): Promise<Map<string, StoreRates>> {
  const ids = [...new Set(storeIds)];
  return new Map(await Promise.all(ids.map(async (id) => [id, ratesOn(await taxRuleOf(db, id), date)] as const)));
}

/** Each item with its shown prices (its store's rates on `date`), from the house's one tax function (domain/src/billing/tax-math.ts). */
export async function withShownPrices<T extends { store_id: string; price: number; tax_category: TaxCategory }>(
  db: Kysely<Database>,
  items: readonly T[],
  date: string,
): Promise<(T & ShownPriceFields)[]> {
  const rates = await storeRatesOn(
    db,
    items.map((i) => i.store_id),
    date,
  );
  return items.map((item) => {
    const shown = shownPrices(item.price, item.tax_category, rates.get(item.store_id)!);
    return { ...item, price_with_tax: shown.eatIn, takeout_price_with_tax: shown.takeout };
  });
}

/**
 * The options of these menus with each choice's extra price as the guest is shown it
 * (`extra_price_with_tax`, decision 632): at its course's tax category eaten in, by its store's
 * rates on `date`; `extra_price` stays as entered.
 */
export async function optionsWithShownPrices(db: Kysely<Database>, menuIds: string | readonly string[], date: string) {
  const options = await listMenuOptions(db, menuIds);
  const menus = new Map((await listMenuItems(db, { ids: [...new Set(options.map((o) => o.menu_id))] })).map((m) => [m.id, m]));
  const rates = await storeRatesOn(
    db,
    [...menus.values()].map((m) => m.store_id),
    date,
  );
  return options.map((o) => {
    const menu = menus.get(o.menu_id);
    const shown = (extra: number) => (menu ? shownPrices(extra, menu.tax_category, rates.get(menu.store_id)!).eatIn : extra);
    return { ...o, choices: o.choices.map((c) => ({ ...c, extra_price_with_tax: shown(c.extra_price) })) };
  });
}
