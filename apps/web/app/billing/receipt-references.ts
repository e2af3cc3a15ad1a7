import type { Messages } from '#app/i18n/language';
import type { ReceiptAnswer } from './answers';
import type { receiptTexts } from './texts';

/** One printed line of a receipt's references, with the test id the page gives it. */
export interface ReferenceLine {
  testId: string;
  text: string;
}

type Texts = Pick<
  Messages<typeof receiptTexts>,
  'wholeBillReference' | 'wholeBillRate' | 'partReceipts' | 'corrects' | 'replacedBy' | 'correctedNotice' | 'correctionCancellation'
>;

/**
 * What a receipt says of the receipts it belongs with, as the page and the PDF print it alike:
 * a correction's references both ways (decision 648) at the head, and an equal part's whole bill
 * with the parts' receipts (decision 647) under the part's own amounts.
 */
export function receiptReferences(receipt: ReceiptAnswer, t: Texts, yen: (amount: number) => string) {
  const head: ReferenceLine[] = [];
  if (receipt.corrects)
    head.push({
      testId: 'receipt-corrects',
      text: `${t.corrects(receipt.corrects.number, receipt.corrects.reason)} ${t.correctionCancellation(receipt.corrects.cancellation.number)}`,
    });
  if (receipt.replaced_by) head.push({ testId: 'receipt-replaced-by', text: t.replacedBy(receipt.replaced_by.number) });
  const wholeBill: ReferenceLine[] = [];
  const whole = receipt.whole_bill;
  if (whole) {
    const part = (receipt.part_label ?? '').split('/')[0] ?? '';
    wholeBill.push({ testId: 'receipt-whole-bill', text: t.wholeBillReference(yen(whole.total), whole.parts, part) });
    for (const r of whole.totals_by_rate)
      wholeBill.push({ testId: `receipt-whole-bill-rate-${r.rate}`, text: t.wholeBillRate(r.rate, r.reduced, yen(r.amount), yen(r.tax)) });
    if (whole.part_receipts.length > 0)
      wholeBill.push({ testId: 'receipt-part-receipts', text: t.partReceipts(whole.part_receipts.map((r) => ({ number: r.number, label: r.label }))) });
  }
  const foot: ReferenceLine[] = receipt.corrected_by ? [{ testId: 'receipt-corrected', text: t.correctedNotice(receipt.corrected_by.number) }] : [];
  return { head, wholeBill, foot };
}
