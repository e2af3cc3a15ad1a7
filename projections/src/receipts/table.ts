import type { ColumnType } from 'kysely';
import type { RateTotal } from '@moncafe/domain/billing/events';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';

/** jsonb column: read as T, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/**
 * Every receipt the stores issued (decision 240), one row each, from `ReceiptIssued` and
 * `ReceiptReissued`: sales and cancelling receipts (赤伝, negative amounts) alike.
 */
export interface ReceiptTables {
  receipts: {
    id: string;
    store_id: string;
    number: number;
    reservation_id: string;
    part_id: string | null;
    kind: 'sale' | 'cancellation';
    /** For a cancellation: the receipt it cancels. */
    cancels_receipt_id: string | null;
    cancel_reason: string | null;
    /** For a sale: the cancelling receipt, once issued. */
    cancelled_by: string | null;
    /** For a 赤伝 a correction issued (decision 648): the corrected receipt in the cancelled one's place. */
    replaced_by: string | null;
    /** For a corrected receipt (decision 648): the receipt it corrects. */
    corrects_receipt_id: string | null;
    issued_at: Date;
    /** The Tokyo date it was issued on. */
    business_date: string;
    payment_method: PaymentMethod;
    total: number;
    tax: number;
    totals_by_rate: Json<RateTotal[]>;
    /** Cash handed over (お預かり) and the change given back (お釣り), decision 640; null where not entered. */
    tendered: number | null;
    change_given: number | null;
    /** The discounts printed under the lines (decision 642): each one's reason and yen (negative on a 赤伝); null on older receipts. */
    discounts: Json<{ reason: string; amount: number }[]> | null;
    reissued: number;
  };
}
