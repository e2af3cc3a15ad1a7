import type { commandHandler, CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, IdGenerator } from '../ports';
import { receiptsStream, type ReceiptEvent } from './events';
import type { ReceiptBookCommand, ReceiptBookState, ReceiptChanges } from './receipt-book';

/** The handler of the store's receipt book, shared with the billing service so one process queues its commands on the book once. */
type ReceiptBook = ReturnType<typeof commandHandler<ReceiptBookState, ReceiptBookCommand, ReceiptEvent>>;

/**
 * A correction of a receipt (訂正, decision 648), as one action: the 赤伝 of the wrong receipt and
 * the corrected receipt, appended together to the store's book with consecutive numbers, each
 * naming the other. The amounts stay the sale's; 宛名, 但し書き and the payment method may change.
 */
export function receiptCorrection(ports: { ids: IdGenerator; clock: Clock; book: ReceiptBook; receiptStoreOf(receiptId: string): Promise<string | null> }) {
  return async function correct(input: { receiptId: string; reason: string; changes: ReceiptChanges; actor: string; correlationId: string }) {
    const storeId = await ports.receiptStoreOf(input.receiptId);
    if (!storeId) throw new DomainError('receipt_not_found');
    const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId };
    const cancellationId = ports.ids.uuid();
    const correctedId = ports.ids.uuid();
    const result = await ports.book.handle(
      receiptsStream(storeId),
      {
        type: 'CorrectReceipt',
        cancellationId,
        correctedId,
        originalId: input.receiptId,
        reason: input.reason,
        changes: input.changes,
        now: ports.clock.now().toISOString(),
      },
      context,
    );
    const numbers = result.events.map((e) => (e.type === 'ReceiptIssued' ? e.data.number : 0));
    return {
      cancellation: { receiptId: cancellationId, number: numbers[0] ?? 0 },
      corrected: { receiptId: correctedId, number: numbers[1] ?? 0 },
      position: result.position,
    };
  };
}
