import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, RecordedEvent } from '@moncafe/domain/ports';
import { toStreamName as catalogStream } from '@moncafe/domain/catalog/events';
import { recordedEvent } from '@moncafe/domain/testing/recorded-event';
import { openReadModelTestDb, type ReadModelTestDb } from '../testing/read-model-db';
import { taxProjector } from '../tax/projector';
import { withShownPrices } from './shown-prices';

/**
 * Decision 518: the prices a guest is shown, tax included, eaten in and taken away, from the price
 * as entered and the store's tax setting on the day: both settings, both rates, a rate change ahead.
 */
let position = 0;
const at = (event: DomainEvent, streamId: string): RecordedEvent =>
  recordedEvent(event, { streamId, position: ++position, metadata: { correlationId: 'c', causationId: null, actor: 'owner', storeId: null } });
const taxOf = (storeId: string, data: Record<string, unknown>) =>
  at({ type: 'RecordSaved', data: { kind: 'tax', id: storeId, data: { store_id: storeId, ...data } } }, catalogStream('tax', storeId));

describe('the prices a guest is shown', () => {
  let t: ReadModelTestDb;
  beforeAll(async () => {
    t = await openReadModelTestDb();
    await t.project(
      [taxProjector],
      [
        taxOf('with-tax', { prices_include_tax: true }),
        taxOf('changing', { next_rates: { effective_from: '2027-04-01', rate_percent: 12, reduced_rate_percent: 9 } }),
      ],
    );
  });
  afterAll(() => t.close());

  const items = (storeId: string) => [
    { id: 'coffee', store_id: storeId, price: 500, tax_category: 'reduced' as const },
    { id: 'beer', store_id: storeId, price: 500, tax_category: 'never_reduced' as const },
    { id: 'mug', store_id: storeId, price: 1999, tax_category: 'standard' as const },
  ];
  const shown = async (storeId: string, date = '2027-01-10') =>
    (await withShownPrices(t.db, items(storeId), date)).map((i) => [i.id, i.price, i.price_with_tax, i.takeout_price_with_tax]);

  it('adds each rate’s tax to prices entered without it: 10% eaten in, 8% for food and soft drinks taken away, rounded down', async () => {
    expect(await shown('default')).toEqual([
      ['coffee', 500, 550, 540],
      ['beer', 500, 550, 550],
      ['mug', 1999, 2198, 2198],
    ]);
  });

  it('shows prices entered with tax as they are', async () => {
    expect(await shown('with-tax')).toEqual([
      ['coffee', 500, 500, 500],
      ['beer', 500, 500, 500],
      ['mug', 1999, 1999, 1999],
    ]);
  });

  it('shows a rate change entered ahead from its day', async () => {
    expect(await shown('changing', '2027-03-31')).toEqual(await shown('default'));
    expect(await shown('changing', '2027-04-01')).toEqual([
      ['coffee', 500, 560, 545],
      ['beer', 500, 560, 560],
      ['mug', 1999, 2238, 2238],
    ]);
  });
});
