import type { Application } from '@moncafe/domain/application';
import type { CommandContext } from '@moncafe/domain/command-handler';
import { DEMO_SEAT_IDS, DEMO_SECOND_SEAT_IDS, DEMO_SECOND_STORE_ID, DEMO_STORE_ID } from './demo-data';

/**
 * The demo cafe's table ordering (DEMO_DATA=1): its tax rule (the spec's 10%, rounded down,
 * added at checkout) and the home-made cakes counted in the kitchen's stock editor, so /order,
 * /kitchen/stock and /checkout show them working, and a code for every demo seat (decision 150),
 * so /monitor/qr-codes prints working cards. Ordinary commands; loading twice changes nothing.
 */
/** The demo store's registration number (decision 240): made up, its check digit valid. */
export const DEMO_REGISTRATION_NUMBER = 'T8900000000001';

export async function loadTableOrderDemo(
  services: Pick<Application, 'catalog' | 'stock' | 'seatCodes'>,
  context: CommandContext,
): Promise<{ position: number | null }> {
  await services.seatCodes.issueMissing(
    [...DEMO_SEAT_IDS.map((id) => ({ id, storeId: DEMO_STORE_ID })), ...DEMO_SECOND_SEAT_IDS.map((id) => ({ id, storeId: DEMO_SECOND_STORE_ID }))],
    context,
  );
  // Both stores: the same tax rule and registration number (one company), prices before tax.
  let tax: { position: number | null } = { position: null };
  for (const storeId of [DEMO_STORE_ID, DEMO_SECOND_STORE_ID]) {
    tax = await services.catalog.save(
      {
        kind: 'tax',
        id: storeId,
        data: {
          store_id: storeId,
          rate_percent: 10,
          rounding: 'floor',
          prices_include_tax: false,
          // Receipts are qualified simplified invoices (decision 240) (made up, with a valid check digit); the issuer is the store's name.
          registration_number: DEMO_REGISTRATION_NUMBER,
        },
      },
      context,
    );
  }
  // The register's preset discounts (decision 642): a regular's 10%, staff's own meal, a 500円 coupon.
  let presets: { position: number | null } = { position: null };
  for (const storeId of [DEMO_STORE_ID, DEMO_SECOND_STORE_ID])
    presets = await services.catalog.save(
      {
        kind: 'discount-presets',
        id: storeId,
        data: {
          store_id: storeId,
          presets: [
            { name: '常連', kind: 'percent', value: 10 },
            { name: 'スタッフ', kind: 'percent', value: 20 },
            { name: 'クーポン', kind: 'yen', value: 500 },
          ],
        },
      },
      context,
    );
  const counted: [menuId: string, quantity: number][] = [
    ['menu-gateau', 12],
    ['menu-cheesecake', 10],
    ['menu-pudding', 8],
  ];
  const stock = await services.stock.set({
    storeId: DEMO_STORE_ID,
    settings: counted.map(([menuId, quantity]) => ({ menuId, manageStock: true, quantity, isSoldOut: false })),
    actor: context.actor,
    correlationId: context.correlationId,
  });
  return { position: stock.position ?? presets.position ?? tax.position };
}
