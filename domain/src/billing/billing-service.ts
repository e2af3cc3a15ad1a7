import { commandHandler, currentState, foldStream, retryOnConflict, type CommandContext } from '../command-handler';
import { catalogDecider } from '../catalog/decider';
import { toStreamName as catalogStream } from '../catalog/events';
import type { StoreData } from '../catalog/kinds';
import type { TaxData } from '../order/kinds';
import { DomainError } from '../decider';
import type { Clock, EventStore, Hashing, IdGenerator } from '../ports';
import { toStreamName as reservationStream, parseReservationEvent, type PaymentMethod, type ReservationEvent } from '../reservation/events';
import { parseToken } from '../reservation/decider';
import type { Bill } from '../table/checkout-service';
import type { TableService } from '../table/table-service';
import type { TableAuth } from '../table/visit-access';
import { allPaid, billSplitDecider, type BillSplitState, type SplitData } from './bill-split';
import { billStream, receiptsStream, type RateTotal, type ReceiptLine } from './events';
import type { GivenDiscount } from './discounts';
import type { DiscountPresetsData } from './kinds';
import { receiptBookDecider, saleKey, type BookReceipt } from './receipt-book';
import { partReceiptsOf, wholeBillOf } from './part-receipts';
import { receiptCorrection } from './receipt-correction';
import { cashHandling, recordedCash, type CashHandling } from './cash-handling';
import { partsOf, printedDiscounts, taxable, type SplitErrorCode, type SplitRequest } from './split-parts';
import { billTotals, summed } from './tax-math';

/**
 * Receipts and split bills (decision 240), on top of the table's bill and checkout.
 *
 * Streams, in the order written: a whole checkout ends the visit first (table service), then
 * issues its receipt; a part of a split issues its receipt first, then records the part paid,
 * then (the last part) checks the visit out. Issuing is idempotent per visit and part, so a
 * retry after a lost write finds the receipt already issued and completes the rest.
 */
export interface BillingPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hashing: Hashing;
  table: Pick<TableService, 'bill' | 'checkOut'>;
  /** Which store's book a receipt is in (the receipts read model). */
  receiptStoreOf(receiptId: string): Promise<string | null>;
}

/** Who reads a receipt: staff, the guest's link (signed by the web app), or one of the visit's own tokens. */
export type ReceiptAuth = { kind: 'staff' } | { kind: 'link' } | { kind: 'token'; token: string };

/**
 * `nothing_to_split`, `split_mismatch` (the items given are not exactly the bill's), `visit_ended`, `orders_changed`,
 * `tendered_short` (the cash handed over does not cover the total), `tendered_not_cash` (an amount tendered for a card or the like).
 */
export type BillingErrorCode = SplitErrorCode | 'visit_ended' | 'orders_changed' | 'tendered_short' | 'tendered_not_cash';

export type { SplitRequest } from './split-parts';

export interface ReceiptOptions {
  addressee: string | null;
  proviso: string | null;
}

export type Receipt = BookReceipt;

/** The actor of what the system does by itself, as the reminders and the notification mails name it. */
const SYSTEM_ACTOR = 'system';

/** A whole bill's receipt: its lines, its rates, and the discounts printed under the lines. */
function wholeBill(bill: Bill) {
  return {
    partId: null,
    partLabel: null,
    // The lines sum to the subtotal, the rates to the total.
    ...summed(billTotals(taxable(bill), bill.rates).lines, bill.totalsByRate),
    discounts: printedDiscounts(bill),
  };
}

export function billingService(ports: BillingPorts) {
  const book = commandHandler(receiptBookDecider, { ...ports, maxAttempts: 50 });
  const splits = commandHandler(billSplitDecider, ports);
  const actorOf = (auth: TableAuth) => (auth.kind === 'staff' ? auth.actor : 'customer');

  async function catalogRecord<T>(kind: 'tax' | 'store' | 'discount-presets', id: string): Promise<T | null> {
    const state = foldStream(catalogDecider, await ports.eventStore.readStream(catalogStream(kind, id)));
    return state.status === 'saved' ? (state.data as T) : null;
  }

  /** The issuer on the store's receipts: the tax record's issuer name (else the store's name) and registration number. */
  async function issuerOf(storeId: string) {
    const [tax, store] = await Promise.all([catalogRecord<TaxData>('tax', storeId), catalogRecord<StoreData>('store', storeId)]);
    return { issuerName: tax?.issuer_name || store?.name || storeId, registrationNumber: tax?.registration_number ?? null };
  }

  async function issue(
    bill: Bill,
    part: {
      partId: string | null;
      partLabel: string | null;
      lines: ReceiptLine[];
      totalsByRate: RateTotal[];
      total: number;
      discounts?: { reason: string; amount: number }[];
      wholeBill?: BookReceipt['wholeBill'];
    },
    payment: { method: PaymentMethod } & ReceiptOptions & CashHandling,
    context: CommandContext,
  ): Promise<Receipt & { position: number | null }> {
    const stream = receiptsStream(bill.storeId);
    const result = await book.handle(
      stream,
      {
        type: 'IssueReceipt',
        receipt: {
          receiptId: ports.ids.uuid(),
          storeId: bill.storeId,
          reservationId: bill.reservationId,
          issuedAt: ports.clock.now().toISOString(),
          ...(await issuerOf(bill.storeId)),
          ...part,
          // Lines are priced as the guest was shown them, tax included (decision 500).
          pricesIncludeTax: true,
          rounding: bill.rates.rounding,
          paymentMethod: payment.method,
          addressee: payment.addressee,
          proviso: payment.proviso,
          tendered: payment.tendered,
          change: payment.change,
        },
      },
      context,
    );
    const state = await currentState(ports.eventStore, receiptBookDecider, stream);
    return { ...state.receipts[state.sales[saleKey(bill.reservationId, part.partId)]!]!, position: result.position };
  }

  const sameOrders = (split: SplitData, bill: Bill) => JSON.stringify([...split.orderIds].sort()) === JSON.stringify(bill.orders.map((o) => o.orderId).sort());

  /** The split as the bill should show it: null when none, or when orders came after it (it must be made again). */
  function currentSplit(state: BillSplitState, bill: Bill) {
    if (!state.split || (!sameOrders(state.split, bill) && Object.keys(state.paid).length === 0)) return null;
    return { ...state.split, parts: state.split.parts.map((p) => ({ ...p, paid: state.paid[p.partId] ?? null })) };
  }

  async function billWithSplit(input: { reservationId: string; auth: TableAuth }) {
    const bill = await ports.table.bill(input);
    const state = await currentState(ports.eventStore, billSplitDecider, billStream(bill.reservationId));
    return { bill, split: currentSplit(state, bill) };
  }

  /**
   * One of the visit's own tokens, alive or ended with the checkout: they are never issued to anyone
   * else. `events`: the visit's stream when the caller has read it already.
   */
  async function visitsOwnToken(reservationId: string, token: string, events?: readonly (ReservationEvent | null)[]): Promise<boolean> {
    let parsed: { reservationId: string; tokenHash: string };
    try {
      parsed = parseToken(token, ports.hashing.sha256Hex);
    } catch {
      return false;
    }
    if (parsed.reservationId !== reservationId) return false;
    const visit = events ?? (await ports.eventStore.readStream(reservationStream(reservationId))).map((e) => parseReservationEvent(e));
    return visit.some((event) => event?.type === 'VisitTokenIssued' && event.data.tokenHash === parsed.tokenHash);
  }

  /** The whole bill's receipt of an ended visit, issued now when its checkout's process stopped before it (decision 643). */
  async function saleReceiptOf(bill: Bill, method: PaymentMethod, context: CommandContext) {
    const issued = await currentState(ports.eventStore, receiptBookDecider, receiptsStream(bill.storeId));
    const id = issued.sales[saleKey(bill.reservationId, null)];
    if (id !== undefined) return { ...issued.receipts[id]!, position: null };
    return issue(bill, wholeBill(bill), { method, addressee: null, proviso: null, tendered: null, change: null }, context);
  }

  /**
   * A checkout asked for again once it was done — its answer lost with a stopped process and
   * resent, or a second tap on another screen — is answered as it was recorded (decision 644): the
   * payment, the exit and the receipt, never "the visit has ended" to a guest who has paid. Only
   * for the same orders, asked by staff or with one of the visit's own tokens; null otherwise, and
   * for a visit still open, ended without a payment or paid part by part.
   */
  async function settledCheckout(input: { reservationId: string; auth: TableAuth; orderIds: readonly string[] | null; correlationId: string }) {
    const events = (await ports.eventStore.readStream(reservationStream(input.reservationId))).map((e) => parseReservationEvent(e));
    const out = [...events].reverse().find((e) => e?.type === 'CheckedOut');
    if (out?.type !== 'CheckedOut' || !out.data.payment) return null;
    const { payment } = out.data;
    if (input.auth.kind === 'token' && !(await visitsOwnToken(input.reservationId, input.auth.token, events))) return null;
    if (input.orderIds !== null && JSON.stringify([...input.orderIds].sort()) !== JSON.stringify([...payment.orderIds].sort())) return null;
    const bill = await ports.table.bill({ reservationId: input.reservationId, auth: { kind: 'staff', actor: SYSTEM_ACTOR } });
    const split = await currentState(ports.eventStore, billSplitDecider, billStream(bill.reservationId));
    if (split.split && allPaid(split)) return null;
    const context: CommandContext = { correlationId: input.correlationId, actor: actorOf(input.auth), storeId: bill.storeId };
    const receipt = await saleReceiptOf(bill, payment.method, context);
    return { payment, bill, exitedAt: out.data.exitedAt, ...recordedCash(receipt), receipt, position: receipt.position ?? 0 };
  }

  return {
    /** The visit's bill with its split, if any (GET /api/orders/checkout). */
    bill: billWithSplit,

    /** The owner's preset discounts for the store's register (decision 642), read from the log; none until saved. */
    async discountPresets(storeId: string): Promise<DiscountPresetsData['presets']> {
      return (await catalogRecord<DiscountPresetsData>('discount-presets', storeId))?.presets ?? [];
    },

    /** Checks the whole bill out (POST /api/orders/checkout) and issues its receipt. */
    async checkOut(input: Parameters<TableService['checkOut']>[0] & ReceiptOptions & { tendered: number | null }) {
      const settled = await settledCheckout(input);
      if (settled) return settled;
      // Cash that does not cover the bill is refused before the visit ends (decision 640).
      const cash = cashHandling(input.method, input.tendered, (await ports.table.bill(input)).total);
      const done = await ports.table.checkOut(input);
      const context: CommandContext = { correlationId: input.correlationId, actor: actorOf(input.auth), storeId: done.bill.storeId };
      const { bill } = done;
      const receipt = await issue(bill, wholeBill(bill), { method: input.method, addressee: input.addressee, proviso: input.proviso, ...cash }, context);
      return { ...done, ...recordedCash(receipt), receipt, position: Math.max(done.position ?? 0, receipt.position ?? 0) };
    },

    /**
     * The receipt of a checkout that has none (decision 643): the checkout and its receipt are two
     * appends, and a process that stopped between them left the visit ended without one. Issued
     * from the bill as it was checked out, by the method paid, without what only the request
     * carried (宛名, 但し書き, the cash handed over). Nothing when the receipt is there, when the bill
     * was paid part by part (each part has its own) or when the visit has not ended.
     */
    async issueMissingReceipt(input: { reservationId: string; method: PaymentMethod; correlationId: string; causationId: string }) {
      const auth: TableAuth = { kind: 'staff', actor: SYSTEM_ACTOR };
      const bill = await ports.table.bill({ reservationId: input.reservationId, auth });
      if (!bill.exitedAt) return null;
      const split = await currentState(ports.eventStore, billSplitDecider, billStream(bill.reservationId));
      if (split.split && allPaid(split)) return null;
      const context: CommandContext = { correlationId: input.correlationId, causationId: input.causationId, actor: SYSTEM_ACTOR, storeId: bill.storeId };
      const receipt = await saleReceiptOf(bill, input.method, context);
      // Null when the receipt was there already: nothing was issued.
      return receipt.position === null ? null : receipt;
    },

    /**
     * Staff give a discount (POST /api/orders/discount, decision 642): a percentage or yen off the
     * whole bill or one of its orders, with a reason, checked against the bill as it stands (never
     * above it, never a rate below 0) before it is written. After the checkout it is a refund (a
     * 赤伝), so an ended visit refuses it. Answers the bill with the discount on it.
     */
    async giveDiscount(input: {
      reservationId: string;
      kind: GivenDiscount['kind'];
      value: number;
      reason: string;
      orderId: string | null;
      actor: string;
      correlationId: string;
    }) {
      const auth: TableAuth = { kind: 'staff', actor: input.actor };
      const discountId = ports.ids.uuid();
      const position = await retryOnConflict(
        async () => {
          const bill = await ports.table.bill({ reservationId: input.reservationId, auth });
          if (bill.exitedAt) throw new DomainError<BillingErrorCode>('visit_ended');
          const stream = await splits.load(billStream(bill.reservationId));
          const events = stream.decide({
            type: 'GiveDiscount',
            discount: {
              discountId,
              reservationId: bill.reservationId,
              storeId: bill.storeId,
              kind: input.kind,
              value: input.value,
              reason: input.reason,
              orderId: input.orderId,
              by: input.actor,
              givenAt: ports.clock.now().toISOString(),
            },
            bill: { lines: bill.lines, orderLines: bill.orderLines, rounding: bill.rates.rounding },
          });
          const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: bill.storeId };
          return (await stream.append(events, context)).position;
        },
        { maxAttempts: 5, what: `discount ${input.reservationId}` },
      );
      return { ...(await billWithSplit({ reservationId: input.reservationId, auth })), discountId, position };
    },

    /** Staff take a discount back before the checkout (decision 642); the bill without it is answered. */
    async removeDiscount(input: { reservationId: string; discountId: string; actor: string; correlationId: string }) {
      const auth: TableAuth = { kind: 'staff', actor: input.actor };
      const bill = await ports.table.bill({ reservationId: input.reservationId, auth });
      if (bill.exitedAt) throw new DomainError<BillingErrorCode>('visit_ended');
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: bill.storeId };
      const result = await splits.handle(
        billStream(bill.reservationId),
        { type: 'RemoveDiscount', discountId: input.discountId, by: input.actor, now: ports.clock.now().toISOString() },
        context,
      );
      return { ...(await billWithSplit({ reservationId: input.reservationId, auth })), position: result.position };
    },

    /** Splits the bill by items or into N equal parts (POST /api/orders/split). */
    async split(input: { reservationId: string; auth: TableAuth; request: SplitRequest; correlationId: string }) {
      const bill = await ports.table.bill(input);
      if (bill.exitedAt) throw new DomainError<BillingErrorCode>('visit_ended');
      const parts = partsOf(bill, input.request, () => ports.ids.uuid());
      const split: SplitData = {
        reservationId: bill.reservationId,
        storeId: bill.storeId,
        mode: input.request.mode,
        orderIds: bill.orders.map((o) => o.orderId),
        parts,
        pricesIncludeTax: true,
        rounding: bill.rates.rounding,
        splitAt: ports.clock.now().toISOString(),
      };
      const context: CommandContext = { correlationId: input.correlationId, actor: actorOf(input.auth), storeId: bill.storeId };
      const result = await splits.handle(billStream(bill.reservationId), { type: 'SplitBill', split }, context);
      return { split, position: result.position };
    },

    /**
     * Pays one part of the split by its own method: its receipt, the part paid, and when it was the
     * last part the visit's checkout (its total the sum of the parts).
     */
    async payPart(
      input: { reservationId: string; auth: TableAuth; partId: string; method: PaymentMethod; tendered: number | null; correlationId: string } & ReceiptOptions,
    ) {
      return retryOnConflict(
        async () => {
          const bill = await ports.table.bill(input);
          const stream = await splits.load(billStream(input.reservationId));
          const { split } = stream.state;
          if (!split) throw new DomainError('not_split');
          if (!sameOrders(split, bill)) throw new DomainError<BillingErrorCode>('orders_changed');
          const part = split.parts.find((p) => p.partId === input.partId);
          if (!part) throw new DomainError('unknown_part');
          const cash = cashHandling(input.method, input.tendered, part.total);
          const context: CommandContext = { correlationId: input.correlationId, actor: actorOf(input.auth), storeId: bill.storeId };
          const receipt = await issue(
            bill,
            {
              partId: part.partId,
              partLabel: part.label,
              lines: part.lines,
              totalsByRate: part.totalsByRate,
              total: part.total,
              ...(part.discounts?.length ? { discounts: part.discounts } : {}),
              // An equal part's receipt states the whole bill it is a share of (decision 647).
              ...(split.mode === 'equal' ? { wholeBill: wholeBillOf(split.parts) } : {}),
            },
            { method: input.method, addressee: input.addressee, proviso: input.proviso, ...cash },
            context,
          );
          const paid = await stream.append(
            stream.decide({
              type: 'PayPart',
              partId: part.partId,
              paymentMethod: input.method,
              receiptId: receipt.receiptId,
              receiptNumber: receipt.number,
              now: receipt.issuedAt,
            }),
            context,
          );
          const after = (await splits.load(billStream(input.reservationId))).state;
          let position = Math.max(paid.position ?? 0, receipt.position ?? 0);
          let exitedAt: string | null = null;
          if (allPaid(after) && !bill.exitedAt) {
            const { parts } = split;
            const done = await ports.table.checkOut({
              reservationId: input.reservationId,
              auth: input.auth,
              method: input.method,
              orderIds: split.orderIds,
              correlationId: input.correlationId,
              totals: {
                subtotal: bill.subtotal,
                tax: parts.reduce((s, p) => s + p.totalsByRate.reduce((a, r) => a + r.tax, 0), 0),
                total: parts.reduce((s, p) => s + p.total, 0),
              },
            });
            position = Math.max(position, done.position ?? 0);
            exitedAt = done.exitedAt;
          }
          // A part paid again answers what its receipt recorded, not what this request claimed.
          return { receipt, part, ...recordedCash(receipt), allPaid: allPaid(after), exitedAt, position };
        },
        { maxAttempts: 5, what: `pay part ${input.partId}` },
      );
    },

    /**
     * A receipt as issued, with its reprints, its cancellation and correction, and an equal part's
     * receipts of the same bill (decision 647) (GET /api/receipts/{id}, /receipts/{id}).
     */
    async receipt(input: { receiptId: string; auth: ReceiptAuth }) {
      const storeId = await ports.receiptStoreOf(input.receiptId);
      if (!storeId) throw new DomainError('receipt_not_found');
      const state = await currentState(ports.eventStore, receiptBookDecider, receiptsStream(storeId));
      const receipt = state.receipts[input.receiptId];
      if (!receipt) throw new DomainError('receipt_not_found');
      if (input.auth.kind === 'token' && !(await visitsOwnToken(receipt.reservationId, input.auth.token))) throw new DomainError('receipt_not_found');
      return { ...receipt, partReceipts: partReceiptsOf(state, receipt) };
    },

    /** Staff print a receipt again: recorded, and every print from now on says 再発行. */
    async reissue(input: { receiptId: string; actor: string; correlationId: string }) {
      const storeId = await ports.receiptStoreOf(input.receiptId);
      if (!storeId) throw new DomainError('receipt_not_found');
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId };
      const result = await book.handle(
        receiptsStream(storeId),
        { type: 'ReissueReceipt', receiptId: input.receiptId, now: ports.clock.now().toISOString() },
        context,
      );
      return { position: result.position };
    },

    /** A refund: a cancelling receipt (赤伝) referencing the original, which stays as it was. */
    async cancel(input: { receiptId: string; reason: string; actor: string; correlationId: string }) {
      const storeId = await ports.receiptStoreOf(input.receiptId);
      if (!storeId) throw new DomainError('receipt_not_found');
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId };
      const cancellationId = ports.ids.uuid();
      const result = await book.handle(
        receiptsStream(storeId),
        { type: 'CancelReceipt', receiptId: cancellationId, originalId: input.receiptId, reason: input.reason, now: ports.clock.now().toISOString() },
        context,
      );
      const issued = result.events[0];
      return { receiptId: cancellationId, number: issued?.type === 'ReceiptIssued' ? issued.data.number : 0, position: result.position };
    },

    /** A correction (訂正, decision 648): the 赤伝 and the corrected receipt in one append, each naming the other. */
    correct: receiptCorrection({ ...ports, book }),
  };
}

export type BillingService = ReturnType<typeof billingService>;
