import type { TaxData } from '@moncafe/domain/order/kinds';

/** Each store's tax rule (catalog kind `tax`); a store without a row uses the spec's 10%, rounded down. */
export interface TaxTables {
  tax_settings: { store_id: string } & Omit<TaxData, 'store_id'>;
}
