import { equalShareOf, type ReceiptAnswer } from './answers';
import { fallbackLang, useFormat, useTexts } from '#app/i18n/language';
import { localizedGuestMarks } from '#app/table-order/texts';
import { receiptReferences, type ReferenceLine } from './receipt-references';
import { localizedReceiptTexts } from './texts';

export type Paper = '58' | '80' | 'a4';

const References = ({ lines }: { lines: ReferenceLine[] }) =>
  lines.map((l) => (
    <p key={l.testId} data-testid={l.testId}>
      {l.text}
    </p>
  ));

/** When it was issued, on Tokyo's clock, as each language writes it. */
const issuedAt = {
  ja: new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' }),
};

/**
 * A receipt as printed (decision 240): the five items of a qualified simplified invoice (issuer and
 * registration number, date, what was sold with reduced-rate lines marked ※, the total per rate,
 * the tax per rate), the payment method with the cash tendered and the change, 宛名 and 但し書き when given, 再発行 on a reprint, and
 * for a 赤伝 the receipt it cancels; a correction's receipts name each other (decision 648) and an
 * equal part states its whole bill and the parts' receipts (decision 647).
 */
export function ReceiptView({ receipt, paper }: { receipt: ReceiptAnswer; paper: Paper }) {
  const t = useTexts(localizedReceiptTexts);
  const marks = useTexts(localizedGuestMarks);
  const { language, yen } = useFormat();
  const cancellation = receipt.kind === 'cancellation';
  const reducedRate = receipt.lines.find((l) => l.reduced)?.rate ?? null;
  const share = equalShareOf(receipt);
  const references = receiptReferences(receipt, t, yen);
  return (
    <article className={`receipt paper-${paper}`} data-testid="receipt" data-number={receipt.number}>
      <h1 className={cancellation ? 'cancellation-title' : undefined}>{cancellation ? t.cancellationTitle : t.receiptTitle}</h1>
      <p>
        <span data-testid="receipt-number">{t.number(receipt.number)}</span>{' '}
        {receipt.reissue && (
          <span className="reissued" data-testid="receipt-reissued">
            {t.reissued}
          </span>
        )}
      </p>
      {receipt.addressee && <p data-testid="receipt-addressee">{t.addresseeSuffix(receipt.addressee)}</p>}
      {receipt.cancels && <p data-testid="receipt-cancels">{t.cancels(receipt.cancels.number, receipt.cancels.reason)}</p>}
      <References lines={references.head} />
      {receipt.part_label && <p>{t.partLabel(receipt.part_label)}</p>}
      {share && <h2 className="receipt-section">{t.wholeBillLines}</h2>}
      <table>
        <tbody>
          {receipt.lines.map((l, i) => (
            <tr key={i} data-testid="receipt-line">
              <td>
                {l.reduced ? `${t.reducedMark} ` : ''}
                {/* An order line keeps the Japanese name it was ordered under (decision 392). */}
                <span lang={fallbackLang(language, undefined)}>{l.name}</span>
                {l.takeout ? marks.inParens(t.takeout) : ''} × {l.quantity}
              </td>
              <td className="amount">{yen(l.amount)}</td>
            </tr>
          ))}
          {receipt.discounts.map((d, i) => (
            <tr key={`discount-${i}`} data-testid="receipt-discount">
              <td>{t.discountLine(d.reason)}</td>
              <td className="amount">{yen(-d.amount)}</td>
            </tr>
          ))}
          {share && (
            <tr data-testid="receipt-whole-total">
              <th scope="row">{share.taxExcluded ? t.wholeBillTotalExcludingTax : t.wholeBillTotal}</th>
              <td className="amount">{yen(share.wholeTotal)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <hr />
      {share && receipt.part_label && (
        <h2 className="receipt-section" data-testid="receipt-share">
          {t.partShare(receipt.part_label)}
        </h2>
      )}
      <table data-testid="receipt-rates">
        <tbody>
          {receipt.totals_by_rate.map((r) => (
            <tr key={`${r.rate}-${r.reduced}`} data-testid={`receipt-rate-${r.rate}`}>
              <th scope="row">
                {t.ratePart(r.rate, r.reduced)} {yen(r.amount)}
              </th>
              <td className="amount">
                {t.ratePartTax(r.rate)} {yen(r.tax)}
              </td>
            </tr>
          ))}
          <tr className="total-row">
            <th scope="row">{t.totalTaxIncluded}</th>
            <td className="amount" data-testid="receipt-total">
              {yen(receipt.total)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t.method}</th>
            <td className="amount" data-testid="receipt-method">
              {t.methods[receipt.payment_method]}
            </td>
          </tr>
          {receipt.tendered !== null && (
            <tr>
              <th scope="row">{t.tendered}</th>
              <td className="amount" data-testid="receipt-tendered">
                {yen(receipt.tendered)}
              </td>
            </tr>
          )}
          {receipt.change !== null && (
            <tr>
              <th scope="row">{t.change}</th>
              <td className="amount" data-testid="receipt-change">
                {yen(receipt.change)}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <References lines={references.wholeBill} />
      {reducedRate !== null && <p>{t.reducedNoteRate(reducedRate)}</p>}
      {receipt.proviso && <p data-testid="receipt-proviso">{t.provisoLine(receipt.proviso)}</p>}
      {!cancellation && <p>{t.receivedWithThanks}</p>}
      <hr />
      <p>
        {t.issuedAt} {issuedAt[language].format(new Date(receipt.issued_at))}
      </p>
      {/* The store's own words (decision 364). */}
      <p data-testid="receipt-issuer" lang="ja">
        {receipt.issuer_name}
      </p>
      <p data-testid="receipt-registration">{receipt.registration_number ? t.registration(receipt.registration_number) : t.noRegistration}</p>
      {receipt.cancelled_by && !receipt.corrected_by && (
        <p className="cancelled" data-testid="receipt-cancelled">
          {t.cancelledNotice}
        </p>
      )}
      <References lines={references.foot} />
    </article>
  );
}
