import { commandHandler, foldStream, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore, IdGenerator } from '../ports';
import type { TableCatalog } from '../table/ports';
import { toStreamName } from './events';
import { levelOf, stockDecider, type StockLevel } from './decider';

/**
 * The stock editor's use cases (/kitchen/stock, /monitor/stock; GET/POST /api/admin/menu-stock):
 * set an item's count, sold-out mark and whether it is counted. A save names the count the editor
 * showed, so a count that orders lowered meanwhile is not overwritten unseen (`stock_changed`).
 */
export interface StockEditorPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  catalog: Pick<TableCatalog, 'menuItems'>;
  stockAttempts?: number;
}

export interface StockSetting {
  menuId: string;
  manageStock: boolean;
  quantity: number;
  isSoldOut: boolean;
  expectedQuantity?: number | null;
}

export function stockEditorService(ports: StockEditorPorts) {
  const stock = commandHandler(stockDecider, { ...ports, maxAttempts: ports.stockAttempts ?? 200 });

  return {
    /** Sets one or more items of a store at once (each its own event); `unknown_item` when one is not the store's. */
    async set(input: { storeId: string; settings: readonly StockSetting[]; actor: string; correlationId: string }) {
      const ids = input.settings.map((s) => s.menuId);
      const known = (await ports.catalog.menuItems(ids)).filter((m) => m.storeId === input.storeId);
      const missing = ids.filter((id) => !known.some((m) => m.menuId === id));
      if (missing.length > 0) throw new DomainError('unknown_item', 'unknown_item', { menuIds: missing });
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: input.storeId };
      let position: number | null = null;
      for (const setting of input.settings) {
        const result = await stock.handle(toStreamName(input.storeId), { type: 'SetStock', ...setting, now: ports.clock.now().toISOString() }, context);
        position = result.position ?? position;
      }
      return { position };
    },

    /** An item's stock as the stream has it now (the editor's answer after a refused save). */
    async level(storeId: string, menuId: string): Promise<StockLevel> {
      return levelOf(foldStream(stockDecider, await ports.eventStore.readStream(toStreamName(storeId))), menuId);
    },
  };
}

export type StockEditorService = ReturnType<typeof stockEditorService>;
