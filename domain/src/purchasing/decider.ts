import { assertNever, type Decider } from '../decider';
import { parsePurchasingEvent, type PurchasingEvent } from './events';

/** How often a supplier's password was revealed; every reveal is recorded, none is refused here. */
export interface SupplierAccessState {
  reveals: number;
}

export type SupplierAccessCommand = { type: 'RevealPassword'; supplierId: string; now: string; by: string };

function decide(command: SupplierAccessCommand): PurchasingEvent[] {
  switch (command.type) {
    case 'RevealPassword':
      return [{ type: 'SupplierPasswordRevealed', data: { supplierId: command.supplierId, revealedAt: command.now, by: command.by } }];
    default:
      return assertNever(command.type);
  }
}

function evolve(state: SupplierAccessState, event: PurchasingEvent): SupplierAccessState {
  switch (event.type) {
    case 'SupplierPasswordRevealed':
      return { reveals: state.reveals + 1 };
    default:
      return assertNever(event.type);
  }
}

export const supplierAccessDecider: Decider<SupplierAccessState, SupplierAccessCommand, PurchasingEvent> = {
  initialState: () => ({ reveals: 0 }),
  evolve,
  decide,
  parseEvent: parsePurchasingEvent,
};
