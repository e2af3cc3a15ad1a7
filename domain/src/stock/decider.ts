import { DomainError, assertNever, type Decider } from '../decider';
import { parseStockEvent, type StockEvent } from './events';

/**
 * The stock of one store (stream `stock-{storeId}`, events.ts). An item that is not managed is
 * never counted and never sold out by the count; a managed one may be ordered while its count is
 * above zero and staff have not marked it sold out (operations.md §2, "Customer order page").
 * Reserving is all or nothing: an order of several counted items takes all of them or none.
 */
export interface StockLevel {
  manageStock: boolean;
  quantity: number;
  isSoldOut: boolean;
}

export type StockCommand =
  | {
      type: 'SetStock';
      menuId: string;
      manageStock: boolean;
      quantity: number;
      isSoldOut: boolean;
      /** The count the editor showed: when orders changed it since, the save is refused (`stock_changed`). */
      expectedQuantity?: number | null;
      now: string;
    }
  | { type: 'ReserveStock'; orderId: string; lines: readonly { menuId: string; quantity: number }[]; now: string }
  /** A voided order line (or order) gives its counted items back (decision 283); `key` makes it idempotent. */
  | { type: 'ReturnStock'; orderId: string; key: string; lines: readonly { menuId: string; quantity: number }[]; now: string };

export interface StockState {
  items: Record<string, StockLevel>;
  /** Orders that reserved lately, so a retried order never takes its items twice. */
  recentOrders: string[];
}

/** `sold_out` (details: `menuIds`, the items short), `invalid_quantity`, `stock_changed` (details: `quantity`, the count now). */
export type StockErrorCode = 'sold_out' | 'invalid_quantity' | 'stock_changed';

/** How many reserving orders a stream remembers for idempotency: far more than a retry ever needs. */
const RECENT_ORDERS = 1000;

const UNMANAGED: StockLevel = { manageStock: false, quantity: 0, isSoldOut: false };

export function levelOf(state: StockState, menuId: string): StockLevel {
  return Object.hasOwn(state.items, menuId) ? state.items[menuId]! : UNMANAGED;
}

/**
 * Stock cannot go below 0: a count staff set, and what an order leaves, must be 0 or more. The
 * decider refuses a negative count (`invalid_quantity`) and an order that takes more than is left (`sold_out`).
 */
export function neverBelowZero(remaining: number): boolean {
  return remaining >= 0;
}

/** Whether a guest may order the item: not counted, or counted with some left and not marked sold out. */
export function isOrderable(level: StockLevel): boolean {
  return !level.manageStock || (level.quantity > 0 && !level.isSoldOut);
}

function decideReserve(command: Extract<StockCommand, { type: 'ReserveStock' }>, state: StockState): StockEvent[] {
  if (state.recentOrders.includes(command.orderId)) return [];
  const wanted = new Map<string, number>();
  for (const line of command.lines) wanted.set(line.menuId, (wanted.get(line.menuId) ?? 0) + line.quantity);
  const counted = [...wanted].filter(([menuId]) => levelOf(state, menuId).manageStock);
  if (counted.length === 0) return [];
  const short = counted.filter(([menuId, quantity]) => {
    const level = levelOf(state, menuId);
    return level.isSoldOut || !neverBelowZero(level.quantity - quantity);
  });
  if (short.length > 0) throw new DomainError<StockErrorCode>('sold_out', 'sold_out', { menuIds: short.map(([menuId]) => menuId) });
  const lines = counted.map(([menuId, quantity]) => ({ menuId, quantity, remaining: levelOf(state, menuId).quantity - quantity }));
  return [{ type: 'StockReserved', data: { orderId: command.orderId, lines, reservedAt: command.now } }];
}

export function decide(command: StockCommand, state: StockState): StockEvent[] {
  switch (command.type) {
    case 'SetStock': {
      if (!Number.isInteger(command.quantity) || !neverBelowZero(command.quantity)) throw new DomainError<StockErrorCode>('invalid_quantity');
      const current = levelOf(state, command.menuId);
      if (command.expectedQuantity !== undefined && command.expectedQuantity !== null && command.expectedQuantity !== current.quantity)
        throw new DomainError<StockErrorCode>('stock_changed', 'stock_changed', { quantity: current.quantity });
      const { menuId, manageStock, quantity, isSoldOut } = command;
      if (current.manageStock === manageStock && current.quantity === quantity && current.isSoldOut === isSoldOut) return [];
      return [{ type: 'StockSet', data: { menuId, manageStock, quantity, isSoldOut, setAt: command.now } }];
    }
    case 'ReserveStock':
      return decideReserve(command, state);
    case 'ReturnStock': {
      if (state.recentOrders.includes(command.key)) return [];
      const lines = command.lines
        .filter((l) => l.quantity > 0 && levelOf(state, l.menuId).manageStock)
        .map((l) => ({ menuId: l.menuId, quantity: l.quantity, remaining: levelOf(state, l.menuId).quantity + l.quantity }));
      return lines.length === 0 ? [] : [{ type: 'StockReturned', data: { orderId: command.orderId, key: command.key, lines, returnedAt: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: StockState, event: StockEvent): StockState {
  switch (event.type) {
    case 'StockSet': {
      const { menuId, manageStock, quantity, isSoldOut } = event.data;
      return { ...state, items: { ...state.items, [menuId]: { manageStock, quantity, isSoldOut } } };
    }
    case 'StockReserved': {
      const items = { ...state.items };
      for (const line of event.data.lines) items[line.menuId] = { ...levelOf(state, line.menuId), quantity: line.remaining };
      return { items, recentOrders: [...state.recentOrders, event.data.orderId].slice(-RECENT_ORDERS) };
    }
    case 'StockReturned': {
      const items = { ...state.items };
      for (const line of event.data.lines) items[line.menuId] = { ...levelOf(state, line.menuId), quantity: line.remaining };
      return { items, recentOrders: [...state.recentOrders, event.data.key].slice(-RECENT_ORDERS) };
    }
    default:
      return assertNever(event);
  }
}

export const initialState = (): StockState => ({ items: {}, recentOrders: [] });

export const stockDecider: Decider<StockState, StockCommand, StockEvent> = { initialState, evolve, decide, parseEvent: parseStockEvent };
