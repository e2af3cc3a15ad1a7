import { z } from 'zod';
import { paymentMethodSchema } from '../reservation/events';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * The money of a visit after its orders (decision 240): the store's receipts and a
 * visit's split bill. Two streams:
 *
 * - `receipts-{storeId}`: the store's receipt book. Every receipt (a sale or a cancelling 赤伝)
 *   is a `ReceiptIssued` numbered one after the last: the number is decided from the stream and
 *   appended at its expected revision, so two checkouts at once can never take the same number
 *   or leave a gap (a conflict reloads and takes the next one). Receipts are never edited: a
 *   reprint is `ReceiptReissued`, a refund a cancelling receipt referencing the original, a correction
 *   that 赤伝 and the corrected receipt in one append (decision 648), each naming the other.
 * - `bill-{reservationId}`: a visit's split (`BillSplit`) and each part's payment (`BillPartPaid`);
 *   the visit checks out when its last part is paid; the discounts staff give and take back
 *   (`DiscountGiven`, `DiscountRemoved`, decision 642).
 */
export const RECEIPTS_CATEGORY = 'receipts';
export const BILL_CATEGORY = 'bill';

export const receiptsStream = (storeId: string) => streamName(RECEIPTS_CATEGORY, storeId);
export const billStream = (reservationId: string) => streamName(BILL_CATEGORY, reservationId);

export function fromReceiptsStream(streamId: string): { storeId: string } | null {
  const parts = streamParts(RECEIPTS_CATEGORY, streamId, 1);
  return parts ? { storeId: parts[0]! } : null;
}

export function fromBillStream(streamId: string): { reservationId: string } | null {
  const parts = streamParts(BILL_CATEGORY, streamId, 1);
  return parts ? { reservationId: parts[0]! } : null;
}

export { taxCategorySchema, type TaxCategory } from './tax-category';

export const roundingSchema = z.enum(['floor', 'round', 'ceil']);

/** One line of a receipt: what was sold, at which rate, reduced-rate lines marked ※. */
export const receiptLineSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  /** Yen per unit as the menu shows it (including or excluding tax: see `pricesIncludeTax`). */
  unitPrice: z.number().int(),
  /** unitPrice × quantity (negative on a cancelling receipt). */
  amount: z.number().int(),
  ratePercent: z.number().int(),
  reduced: z.boolean(),
  takeout: z.boolean(),
});
export type ReceiptLine = z.output<typeof receiptLineSchema>;

/** One rate's part of a receipt: `total` includes tax, `tax` is rounded once for the rate. */
export const rateTotalSchema = z.object({
  ratePercent: z.number().int(),
  reduced: z.boolean(),
  /** The amount before tax. */
  base: z.number().int(),
  tax: z.number().int(),
  /** base + tax. */
  total: z.number().int(),
});
export type RateTotal = z.output<typeof rateTotalSchema>;

export const receiptEventSchemas = {
  /** A receipt (適格簡易請求書) was issued: a sale, or a cancelling receipt (赤伝) with negative amounts. */
  ReceiptIssued: z.object({
    receiptId: z.string(),
    /** Store-wide, from 1, no gaps. */
    number: z.number().int().positive(),
    storeId: z.string(),
    reservationId: z.string(),
    /** The split part this receipt pays, null for a whole bill. */
    partId: z.string().nullable(),
    kind: z.enum(['sale', 'cancellation']),
    /** For a cancellation: the receipt it cancels, its number and why. */
    cancels: z.object({ receiptId: z.string(), number: z.number().int(), reason: z.string() }).nullable(),
    issuedAt: z.string(),
    issuerName: z.string(),
    /** `T` + 13 digits, or null while the store has none (then it is no qualified invoice). */
    registrationNumber: z.string().nullable(),
    lines: z.array(receiptLineSchema),
    totalsByRate: z.array(rateTotalSchema),
    total: z.number().int(),
    pricesIncludeTax: z.boolean(),
    rounding: roundingSchema,
    paymentMethod: paymentMethodSchema,
    /** 宛名 and 但し書き of a 領収書, when asked for. */
    addressee: z.string().nullable(),
    proviso: z.string().nullable(),
    /** For an equal split: "1/3" etc. */
    partLabel: z.string().nullable(),
    /** Cash handed over (お預かり) and the change given back (お釣り), decision 640; absent for other methods, a 赤伝 and older receipts. */
    tendered: z.number().int().nonnegative().nullish(),
    change: z.number().int().nonnegative().nullish(),
    /** The bill's discounts as printed (decision 642): each one's reason and yen, tax included; absent on older receipts. */
    discounts: z.array(z.object({ reason: z.string(), amount: z.number().int() })).nullish(),
    /**
     * An equal part's whole bill (decision 647): what the parts add up to, per rate and in all, and
     * how many parts there are, so the part's receipt states the bill it is a share of. Absent on a
     * whole bill's receipt, a part of a split by items (each is its own bill) and older receipts.
     */
    wholeBill: z.object({ total: z.number().int(), totalsByRate: z.array(rateTotalSchema), parts: z.number().int().min(2) }).nullish(),
    /** On a 赤伝 issued by a correction (decision 648): the receipt issued in place of the one it cancels. */
    replacedBy: z.object({ receiptId: z.string(), number: z.number().int() }).nullish(),
    /** On a corrected receipt (decision 648): the receipt it corrects, the 赤伝 that cancelled that one, and why. */
    corrects: z
      .object({
        receiptId: z.string(),
        number: z.number().int(),
        cancellationId: z.string(),
        cancellationNumber: z.number().int(),
        reason: z.string(),
      })
      .nullish(),
  }),
  /** The receipt was printed again: every later print is marked 再発行. */
  ReceiptReissued: z.object({ receiptId: z.string(), reissuedAt: z.string() }),
};
export type ReceiptEvent = EventsOf<typeof receiptEventSchemas>;
export const parseReceiptEvent = eventParser(receiptEventSchemas);

/** One part of a split bill: its own lines (a split by items) or a share of every rate (N equal parts). */
export const billPartSchema = z.object({
  partId: z.string(),
  /** "1/2", "2/2" … */
  label: z.string(),
  lines: z.array(receiptLineSchema),
  totalsByRate: z.array(rateTotalSchema),
  total: z.number().int(),
  /**
   * The part's share of each discount on the bill (decision 645), printed on its receipt and counted
   * by the daily close: the parts' shares of a discount add up to it. Absent on older splits.
   */
  discounts: z.array(z.object({ reason: z.string(), amount: z.number().int() })).optional(),
});
export type BillPart = z.output<typeof billPartSchema>;

/** A discount as staff give it (decision 642): a percentage or yen off the whole bill or one order's lines. */
export const discountKindSchema = z.enum(['percent', 'yen']);

export const billEventSchemas = {
  /** The visit's bill was split: by items, or into N equal parts (the remainder on the first). */
  BillSplit: z.object({
    reservationId: z.string(),
    storeId: z.string(),
    mode: z.enum(['items', 'equal']),
    /** The orders the split covers (a later order makes the split stale). */
    orderIds: z.array(z.string()),
    parts: z.array(billPartSchema).min(2),
    pricesIncludeTax: z.boolean(),
    rounding: roundingSchema,
    splitAt: z.string(),
  }),
  /** One part was paid, by its own method, with its own receipt. */
  BillPartPaid: z.object({
    partId: z.string(),
    paymentMethod: paymentMethodSchema,
    receiptId: z.string(),
    receiptNumber: z.number().int(),
    paidAt: z.string(),
  }),
  /**
   * Staff gave a discount (decision 642): on the whole bill (`orderId` null) or on one order's
   * lines, with the reason and who; `amount` is the yen it came to when given (the bill reapplies
   * it to the lines it is on, so a later order does not change a yen discount and a percentage grows with its target).
   */
  DiscountGiven: z.object({
    discountId: z.string(),
    reservationId: z.string(),
    storeId: z.string(),
    kind: discountKindSchema,
    value: z.number().int().positive(),
    reason: z.string().min(1),
    orderId: z.string().nullable(),
    amount: z.number().int().nonnegative(),
    by: z.string(),
    givenAt: z.string(),
  }),
  /** Staff took a discount back before the checkout. */
  DiscountRemoved: z.object({ discountId: z.string(), by: z.string(), removedAt: z.string() }),
};
export type BillEvent = EventsOf<typeof billEventSchemas>;
export const parseBillEvent = eventParser(billEventSchemas);
