import { DomainError, assertNever, type Decider } from '../decider';
import { parseOrderEvent, type OrderEvent } from './events';

/**
 * One table order (stream `order-{id}`, events.ts): placed once, then ready → complete in the
 * kitchen, and back to ready when restored (spec §4: "An order goes ready, then complete, and can
 * be restored"). Completing a complete order or restoring a ready one changes nothing, so two
 * kitchen tablets tapping the same card agree.
 */
export type OrderPlacement = Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];

export type OrderCommand =
  | { type: 'PlaceOrder'; order: Omit<OrderPlacement, 'placedAt'>; now: string }
  | { type: 'CompleteOrder'; now: string }
  | { type: 'RestoreOrder'; now: string }
  /** One item made at its station; bumping the last one completes the ticket. Bumping a bumped item changes nothing. */
  | { type: 'BumpItem'; menuId: string; now: string }
  /** A bumped item back on its station's screen, the ticket waiting again. Recalling one not bumped changes nothing. */
  | { type: 'RecallItem'; menuId: string; now: string }
  /** Decision 283: one menu item's line, or (menuId null) the whole order; voiding what is already gone changes nothing. */
  | { type: 'VoidOrder'; menuId: string | null; reason: string; now: string };

/** A voided line leaves `order.lines`; a voided order keeps none (decision 283). */
export type OrderState = { status: 'empty' } | { status: 'ready' | 'complete'; order: OrderPlacement; bumped: readonly string[] };

export type OrderErrorCode = 'order_exists' | 'order_not_found';

const refuse = (code: OrderErrorCode) => new DomainError<OrderErrorCode>(code);

export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      if (state.status !== 'empty') throw refuse('order_exists');
      return [{ type: 'OrderPlaced', data: { ...command.order, placedAt: command.now } }];
    case 'CompleteOrder':
      if (state.status === 'empty') throw refuse('order_not_found');
      return state.status === 'complete' ? [] : [{ type: 'OrderCompleted', data: { completedAt: command.now } }];
    case 'RestoreOrder':
      if (state.status === 'empty') throw refuse('order_not_found');
      return state.status === 'ready' ? [] : [{ type: 'OrderRestored', data: { restoredAt: command.now } }];
    case 'BumpItem': {
      if (state.status === 'empty') throw refuse('order_not_found');
      const { lines } = state.order;
      if (!lines.some((l) => l.menuId === command.menuId) || state.bumped.includes(command.menuId) || state.status === 'complete') return [];
      const bumped: OrderEvent = { type: 'OrderItemBumped', data: { menuId: command.menuId, bumpedAt: command.now } };
      const allMade = lines.every((l) => l.menuId === command.menuId || state.bumped.includes(l.menuId));
      return allMade ? [bumped, { type: 'OrderCompleted', data: { completedAt: command.now } }] : [bumped];
    }
    case 'RecallItem': {
      if (state.status === 'empty') throw refuse('order_not_found');
      if (!state.order.lines.some((l) => l.menuId === command.menuId) || !state.bumped.includes(command.menuId)) return [];
      return [{ type: 'OrderItemRecalled', data: { menuId: command.menuId, recalledAt: command.now } }];
    }
    case 'VoidOrder': {
      if (state.status === 'empty') throw refuse('order_not_found');
      const { lines } = state.order;
      const line = command.menuId === null ? null : lines.find((l) => l.menuId === command.menuId);
      if (lines.length === 0 || (command.menuId !== null && !line)) return [];
      // The last line taken off is the whole order voided: the kitchen's ticket goes with it.
      if (!line || lines.length === 1) return [{ type: 'OrderVoided', data: { lines, reason: command.reason, voidedAt: command.now } }];
      const { menuId, name, quantity, price } = line;
      return [{ type: 'OrderLineVoided', data: { menuId, name, quantity, price, reason: command.reason, voidedAt: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return { status: 'ready', order: event.data, bumped: [] };
    // The whole ticket bumped is every item made; restored, every item waits again.
    case 'OrderCompleted':
      return state.status === 'empty' ? state : { ...state, status: 'complete', bumped: state.order.lines.map((l) => l.menuId) };
    case 'OrderRestored':
      return state.status === 'empty' ? state : { ...state, status: 'ready', bumped: [] };
    case 'OrderItemBumped':
      return state.status === 'empty' ? state : { ...state, bumped: [...state.bumped, event.data.menuId] };
    case 'OrderItemRecalled':
      return state.status === 'empty' ? state : { ...state, status: 'ready', bumped: state.bumped.filter((id) => id !== event.data.menuId) };
    case 'OrderLineVoided':
      return state.status === 'empty'
        ? state
        : {
            ...state,
            order: { ...state.order, lines: state.order.lines.filter((l) => l.menuId !== event.data.menuId) },
            bumped: state.bumped.filter((id) => id !== event.data.menuId),
          };
    case 'OrderVoided':
      return state.status === 'empty' ? state : { ...state, order: { ...state.order, lines: [] } };
    default:
      return assertNever(event);
  }
}

export const initialState = (): OrderState => ({ status: 'empty' });

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = { initialState, evolve, decide, parseEvent: parseOrderEvent };
