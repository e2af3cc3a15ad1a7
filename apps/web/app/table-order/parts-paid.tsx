import { useFormat, useTexts } from '#app/i18n/language';
import type { PaidPart } from './paid';
import { localizedGuestBillTexts } from './texts';

/** A split bill's thank-you, under what this guest paid: the whole bill and each part with its amount and method. */
export function PartsPaid({ parts }: { parts: readonly PaidPart[] }) {
  const b = useTexts(localizedGuestBillTexts);
  const { yen } = useFormat();
  return (
    <section className="parts-paid" aria-labelledby="parts-paid-title" data-testid="parts-paid">
      <h2 id="parts-paid-title">{b.partsPaidTitle}</h2>
      <p data-testid="parts-paid-whole">{b.wholeBillPaid(yen(parts.reduce((n, p) => n + p.total, 0)), parts.length)}</p>
      <table>
        <tbody>
          {parts.map((p) => (
            <tr key={p.label} data-testid="parts-paid-part">
              <th scope="row">{p.label}</th>
              <td className="amount">{yen(p.total)}</td>
              <td>{b.methods[p.method]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
