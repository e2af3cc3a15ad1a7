import type { PersonalData } from '../privacy/personal-data';
import { toStreamName as reservationStream } from '../reservation/events';
import { RECEIPTS_CATEGORY } from './events';

/**
 * A receipt's personal fields (decision 517): the 宛名 and the 但し書き the guest typed at checkout.
 * The receipt book is the store's, so they are sealed with the key of the visit's reservation:
 * forgetting the guest (decision 182) leaves them unreadable in every copy of the log.
 */
export const receiptPersonalData: PersonalData = {
  category: RECEIPTS_CATEGORY,
  events: {
    ReceiptIssued: { addressee: 'text', proviso: 'text' },
  },
  subjectOf: (_type, data) => {
    const reservationId = (data as { reservationId?: unknown } | null)?.reservationId;
    return typeof reservationId === 'string' ? reservationStream(reservationId) : null;
  },
};
