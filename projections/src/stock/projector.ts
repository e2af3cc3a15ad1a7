import { assertNever } from '@moncafe/domain/decider';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { STOCK_CATEGORY, fromStreamName, parseStockEvent } from '@moncafe/domain/stock/events';
import type { Projector } from '../projector';

/** One row per item the editor set; a reservation sets the counts it left. Values only, so a replay is harmless. */
export const stockProjector: Projector = {
  name: 'menu-stock',
  tables: ['menu_stock'],
  categories: [STOCK_CATEGORY],
  handles: (recorded) => fromStreamName(recorded.streamId) !== null,
  async apply(rows, recorded: RecordedEvent) {
    const event = parseStockEvent(recorded);
    const stream = fromStreamName(recorded.streamId);
    if (!event || !stream) return;
    const stock = rows.table('menu_stock', 'menu_id');
    switch (event.type) {
      case 'StockSet': {
        const d = event.data;
        return stock.put({
          menu_id: d.menuId,
          store_id: stream.storeId,
          manage_stock: d.manageStock,
          quantity: d.quantity,
          is_sold_out: d.isSoldOut,
          updated_at: new Date(d.setAt),
        });
      }
      case 'StockReserved':
        for (const line of event.data.lines) await stock.update(line.menuId, { quantity: line.remaining, updated_at: new Date(event.data.reservedAt) });
        return;
      case 'StockReturned':
        for (const line of event.data.lines) await stock.update(line.menuId, { quantity: line.remaining, updated_at: new Date(event.data.returnedAt) });
        return;
      default:
        return assertNever(event);
    }
  },
};
