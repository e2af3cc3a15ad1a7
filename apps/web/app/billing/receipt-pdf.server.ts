import { existsSync } from 'node:fs';
import type PdfDocument from 'pdfkit';
import { onFirstUse, requirePackage } from '#app/shared/on-first-use.server';
import { yenAmount } from '#app/shared/yen';
import { equalShareOf, type ReceiptAnswer } from './answers';
import { receiptReferences } from './receipt-references';
import type { Paper } from './receipt-view';
import { billingTexts as t } from './texts';

/**
 * The receipt as a PDF (decision 240), drawn server-side by pdfkit with Noto Sans CJK JP from
 * Debian's fonts-noto-cjk (a TrueType collection; pdfkit embeds only the glyphs used). The font
 * is found at RECEIPT_FONT or Debian's path; without it there is no PDF (null).
 */
const FONT_FILE = process.env.RECEIPT_FONT ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const FONT_NAME = 'NotoSansCJKjp-Regular';
const MM = 72 / 25.4;
const WIDTHS: Record<Paper, number> = { '58': 58 * MM, '80': 80 * MM, a4: 210 * MM };

const tokyo = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });

export function receiptPdfAvailable(): boolean {
  return existsSync(FONT_FILE);
}

/** pdfkit, with fontkit and its tables, loads with the first receipt PDF, not when the web process starts (decisions 439, 440). */
const loadPdfkit = onFirstUse(() => requirePackage<typeof PdfDocument>('pdfkit'));

export function receiptPdf(receipt: ReceiptAnswer, paper: Paper): Promise<Uint8Array<ArrayBuffer>> {
  const PDFDocument = loadPdfkit();
  const width = WIDTHS[paper];
  const margin = paper === 'a4' ? 40 : 8;
  const size = paper === '58' ? 8 : paper === '80' ? 9 : 11;
  // A correction's references and an equal part's whole bill take a line each.
  const referenceRows = (receipt.whole_bill?.totals_by_rate.length ?? 0) + 4;
  const height = paper === 'a4' ? 297 * MM : Math.max(200, 140 + receipt.lines.length * 14 + receipt.totals_by_rate.length * 14 + referenceRows * 14 + 200);
  const doc = new PDFDocument({ size: [width, height], margin, info: { Title: `${t.receiptTitle} ${t.number(receipt.number)}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve) => doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))));
  doc.registerFont('jp', FONT_FILE, FONT_NAME);
  doc.font('jp');
  const inner = width - 2 * margin;
  const row = (left: string, right: string) => {
    const y = doc.y;
    doc.text(left, margin, y, { width: inner * 0.65 });
    const after = doc.y;
    doc.text(right, margin, y, { width: inner, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };
  doc.fontSize(size * 1.6).text(receipt.kind === 'cancellation' ? t.cancellationTitle : t.receiptTitle, { align: 'center' });
  doc.fontSize(size);
  doc.text(`${t.number(receipt.number)}${receipt.reissue ? `  【${t.reissued}】` : ''}`);
  if (receipt.addressee) doc.text(t.addresseeSuffix(receipt.addressee));
  if (receipt.cancels) doc.text(t.cancels(receipt.cancels.number, receipt.cancels.reason));
  const references = receiptReferences(receipt, t, yenAmount);
  for (const l of references.head) doc.text(l.text);
  if (receipt.part_label) doc.text(t.partLabel(receipt.part_label));
  doc.moveDown(0.5);
  const share = equalShareOf(receipt);
  if (share) doc.text(t.wholeBillLines);
  for (const l of receipt.lines)
    row(`${l.reduced ? `${t.reducedMark} ` : ''}${l.name}${l.takeout ? `（${t.takeout}）` : ''} × ${l.quantity}`, yenAmount(l.amount));
  for (const d of receipt.discounts) row(t.discountLine(d.reason), yenAmount(-d.amount));
  if (share) row(share.taxExcluded ? t.wholeBillTotalExcludingTax : t.wholeBillTotal, yenAmount(share.wholeTotal));
  doc.moveDown(0.5);
  if (share && receipt.part_label) doc.text(t.partShare(receipt.part_label));
  for (const r of receipt.totals_by_rate) row(`${t.ratePart(r.rate, r.reduced)} ${yenAmount(r.amount)}`, `${t.ratePartTax(r.rate)} ${yenAmount(r.tax)}`);
  doc.fontSize(size * 1.2);
  row(t.totalTaxIncluded, yenAmount(receipt.total));
  doc.fontSize(size);
  row(t.method, t.methods[receipt.payment_method]);
  if (receipt.tendered !== null) row(t.tendered, yenAmount(receipt.tendered));
  if (receipt.change !== null) row(t.change, yenAmount(receipt.change));
  for (const l of references.wholeBill) doc.text(l.text);
  const reduced = receipt.lines.find((l) => l.reduced);
  if (reduced) doc.text(t.reducedNoteRate(reduced.rate));
  if (receipt.proviso) doc.text(t.provisoLine(receipt.proviso));
  if (receipt.kind === 'sale') doc.text(t.receivedWithThanks);
  doc.moveDown(0.5);
  doc.text(`${t.issuedAt} ${tokyo.format(new Date(receipt.issued_at))}`);
  doc.text(receipt.issuer_name);
  doc.text(receipt.registration_number ? t.registration(receipt.registration_number) : t.noRegistration);
  if (receipt.cancelled_by && !receipt.corrected_by) doc.text(t.cancelledNotice);
  for (const l of references.foot) doc.text(l.text);
  doc.end();
  return done;
}
