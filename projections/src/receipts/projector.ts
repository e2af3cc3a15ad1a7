import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { assertNever } from '@moncafe/domain/decider';
import { RECEIPTS_CATEGORY, fromReceiptsStream, parseReceiptEvent } from '@moncafe/domain/billing/events';
import type { Projector } from '../projector';

/** Receipts (decision 240): a row per issued receipt; a reprint counts up, a cancellation marks its original. Every write sets values. */
export const receiptsProjector: Projector = {
  name: 'receipts',
  tables: ['receipts'],
  categories: [RECEIPTS_CATEGORY],
  handles: (recorded) => fromReceiptsStream(recorded.streamId) !== null,
  async apply(rows, recorded) {
    const event = parseReceiptEvent(recorded);
    if (!event) return;
    const receipts = rows.table('receipts', 'id');
    switch (event.type) {
      case 'ReceiptIssued': {
        const r = event.data;
        await receipts.put({
          id: r.receiptId,
          store_id: r.storeId,
          number: r.number,
          reservation_id: r.reservationId,
          part_id: r.partId,
          kind: r.kind,
          cancels_receipt_id: r.cancels?.receiptId ?? null,
          cancel_reason: r.cancels?.reason ?? null,
          cancelled_by: null,
          replaced_by: r.replacedBy?.receiptId ?? null,
          corrects_receipt_id: r.corrects?.receiptId ?? null,
          issued_at: new Date(r.issuedAt),
          business_date: tokyoDateOf(new Date(r.issuedAt)),
          payment_method: r.paymentMethod,
          total: r.total,
          tax: r.totalsByRate.reduce((s, t) => s + t.tax, 0),
          totals_by_rate: r.totalsByRate,
          tendered: r.tendered ?? null,
          change_given: r.change ?? null,
          discounts: r.discounts ?? null,
          reissued: 0,
        });
        if (r.cancels) await receipts.update(r.cancels.receiptId, { cancelled_by: r.receiptId });
        return;
      }
      case 'ReceiptReissued': {
        const row = await receipts.get(event.data.receiptId);
        if (row) await receipts.update(event.data.receiptId, { reissued: row.reissued + 1 });
        return;
      }
      default:
        return assertNever(event);
    }
  },
};
