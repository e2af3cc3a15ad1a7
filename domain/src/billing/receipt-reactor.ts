import type { ReactorControl, RecordedEvent } from '../ports';
import { fromStreamName as fromReservationStream, parseReservationEvent } from '../reservation/events';
import type { BillingService } from './billing-service';

/**
 * Every checkout has its receipt (decision 643). A checkout ends the visit in the reservation's
 * stream and then numbers its receipt in the store's receipt book: two appends, so a process that
 * stops between them leaves a paid visit with no receipt, and the guest's request, resent, finds
 * the visit ended. This reactor follows the checkouts and issues a missing receipt from the bill as
 * it was checked out.
 *
 * It looks only once a checkout is `graceMs` old: the request that checked out issues its own
 * receipt within moments, with what only it carries (宛名, 但し書き, お預かり), and should win.
 * Issuing is idempotent either way (one sale per visit in the book), so the two never make two.
 */
export const RECEIPT_GRACE_MS = 30_000;

export function missingReceiptReactor(ports: {
  billing: Pick<BillingService, 'issueMissingReceipt'>;
  logger: { warn(fields: object, message: string): void };
  /** Wall-clock milliseconds, against the store's recorded time of the checkout. */
  now?: () => number;
  graceMs?: number;
}) {
  const graceMs = ports.graceMs ?? RECEIPT_GRACE_MS;
  const now = ports.now ?? Date.now;
  return {
    handles: (event: Pick<RecordedEvent, 'type'>) => event.type === 'CheckedOut',

    /** Issues the checkout's receipt if it has none; answers how many it issued (0 or 1). */
    async react(event: RecordedEvent, control: ReactorControl): Promise<number> {
      const checkedOut = parseReservationEvent(event);
      const visit = fromReservationStream(event.streamId);
      // A visit ended without a payment here (staff marked the guests gone, a party merged away) has no receipt to issue.
      if (checkedOut?.type !== 'CheckedOut' || !checkedOut.data.payment || !visit) return 0;
      const age = now() - event.recordedAt.getTime();
      if (age < graceMs) await control.pause(graceMs - Math.max(0, age));
      // Stopping: the next start looks again, from the checkpoint before this checkout.
      if (control.stopped()) return 0;
      const receipt = await ports.billing.issueMissingReceipt({
        reservationId: visit.reservationId,
        method: checkedOut.data.payment.method,
        correlationId: event.metadata.correlationId,
        causationId: event.eventId,
      });
      if (!receipt) return 0;
      ports.logger.warn(
        { reservationId: visit.reservationId, receiptId: receipt.receiptId, number: receipt.number },
        'receipt issued for a checkout that had none',
      );
      return 1;
    },
  };
}

export type MissingReceiptReactor = ReturnType<typeof missingReceiptReactor>;
