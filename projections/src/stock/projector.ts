import { assertNever } from '@moncafe/domain/decider';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { fromStreamName, parseStockEvent } from '@moncafe/domain/stock/events';
import type { Projector } from '../projector';

/** One row per item the editor set; a reservation sets the counts it left. Values only, so a replay is harmless. */
export const stockProjector: Projector = {
  name: 'menu-stock',
  tables: ['menu_stock'],
  async apply(trx, recorded: RecordedEvent) {
    const event = parseStockEvent(recorded);
    const stream = fromStreamName(recorded.streamId);
    if (!event || !stream) return;
    switch (event.type) {
      case 'StockSet': {
        const d = event.data;
        const row = {
          menu_id: d.menuId,
          store_id: stream.storeId,
          manage_stock: d.manageStock,
          quantity: d.quantity,
          is_sold_out: d.isSoldOut,
          updated_at: new Date(d.setAt),
        };
        await trx
          .insertInto('menu_stock')
          .values(row)
          .onConflict((oc) => oc.column('menu_id').doUpdateSet(row))
          .execute();
        return;
      }
      case 'StockReserved':
        for (const line of event.data.lines) {
          await trx
            .updateTable('menu_stock')
            .set({ quantity: line.remaining, updated_at: new Date(event.data.reservedAt) })
            .where('menu_id', '=', line.menuId)
            .execute();
        }
        return;
      default:
        return assertNever(event);
    }
  },
};
