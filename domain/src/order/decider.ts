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
  { type: 'PlaceOrder'; order: Omit<OrderPlacement, 'placedAt'>; now: string } | { type: 'CompleteOrder'; now: string } | { type: 'RestoreOrder'; now: string };

export type OrderState = { status: 'empty' } | { status: 'ready' | 'complete'; order: OrderPlacement };

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
    default:
      return assertNever(command);
  }
}

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return { status: 'ready', order: event.data };
    case 'OrderCompleted':
      return state.status === 'empty' ? state : { ...state, status: 'complete' };
    case 'OrderRestored':
      return state.status === 'empty' ? state : { ...state, status: 'ready' };
    default:
      return assertNever(event);
  }
}

export const initialState = (): OrderState => ({ status: 'empty' });

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = { initialState, evolve, decide, parseEvent: parseOrderEvent };
