import type { PaymentMethod } from '@moncafe/domain/reservation/events';
import { yenAmount } from '#app/shared/yen';
import { billingTexts as t } from './texts';

/** The day's receipts on the monitor's checkout (decision 240): each opens its print view, where staff reprint it or issue its 赤伝. */
export function DayReceipts(props: {
  receipts: readonly { id: string; number: number; total: number; method: PaymentMethod; kind: 'sale' | 'cancellation'; cancelled: boolean }[];
}) {
  return (
    <section className="day-receipts" data-testid="day-receipts">
      <h3>{t.dayReceipts}</h3>
      <ul>
        {props.receipts.map((r) => (
          <li key={r.id}>
            <a href={`/receipts/${r.id}`}>
              {t.number(r.number)} {r.kind === 'cancellation' ? t.cancellationTitle : t.receiptTitle} {yenAmount(r.total)}（{t.methods[r.method]}）
              {r.cancelled ? `・${t.cancelledShort}` : ''}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
