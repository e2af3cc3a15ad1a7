import type { Kysely } from 'kysely';
import { DEFAULT_TAX_RULE, type TaxRule } from '@moncafe/domain/order/tax';
import type { Database } from '../database';

/** The store's tax rule, or the spec's default (10%, rounded down, added on top) when none is saved. */
export async function taxRuleOf(db: Kysely<Database>, storeId: string): Promise<TaxRule> {
  const row = await db.selectFrom('tax_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  return row
    ? {
        ratePercent: row.rate_percent,
        rounding: row.rounding,
        pricesIncludeTax: row.prices_include_tax,
        reducedRatePercent: row.reduced_rate_percent,
        nextRates: row.next_rates,
      }
    : DEFAULT_TAX_RULE;
}

/** The store's saved tax record as the settings screen edits it (decision 240: rates, rate change ahead, issuer), or null. */
export async function taxSettingsOf(db: Kysely<Database>, storeId: string) {
  return (await db.selectFrom('tax_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst()) ?? null;
}
