import type { DayFigures } from '@moncafe/domain/register/figures';
import { dailyCloseTexts as t, moneyLabels } from '#app/admin-area/register-texts';
import { yenAmount } from '#app/shared/yen';

/** Reasons of voids or refunds, or a line saying there are none. */
function ReasonTable(props: { title: string; lines: DayFigures['voids']; testId: string }) {
  const { title, lines, testId } = props;
  return (
    <section className="panel" data-testid={testId}>
      <h4>{title}</h4>
      {lines.count === 0 ? (
        <p className="empty">{t.noneRecorded}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t.reason}</th>
              <th scope="col">{t.count}</th>
              <th scope="col">{t.amount}</th>
            </tr>
          </thead>
          <tbody>
            {lines.byReason.map((r) => (
              <tr key={r.reason}>
                <td>{r.reason}</td>
                <td>{r.count}</td>
                <td>{yenAmount(r.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Every figure of a business day as the daily close counts it; each cell carries its figure in `data-figure` for tests. */
export function FiguresTables({ figures }: { figures: DayFigures }) {
  return (
    <div className="admin-day-grid" data-testid="close-figures">
      <section className="panel" data-testid="close-sales">
        <h4>{t.salesTitle}</h4>
        <dl>
          <dt>{t.salesCount}</dt>
          <dd data-figure="sales.count">{figures.sales.count}</dd>
          <dt>{t.subtotal}</dt>
          <dd data-figure="sales.subtotal">{yenAmount(figures.sales.subtotal)}</dd>
          <dt>{t.tax}</dt>
          <dd data-figure="sales.tax">{yenAmount(figures.sales.tax)}</dd>
          <dt>{t.total}</dt>
          <dd data-figure="sales.total">{yenAmount(figures.sales.total)}</dd>
        </dl>
      </section>
      <section className="panel" data-testid="close-by-method">
        <h4>{t.byMethodTitle}</h4>
        {figures.byMethod.length === 0 ? (
          <p className="empty">{t.noneRecorded}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t.method}</th>
                <th scope="col">{t.count}</th>
                <th scope="col">{t.amount}</th>
              </tr>
            </thead>
            <tbody>
              {figures.byMethod.map((m) => (
                <tr key={m.method} data-method={m.method}>
                  <td>{moneyLabels.paymentMethods[m.method] ?? m.method}</td>
                  <td>{m.count}</td>
                  <td>{yenAmount(m.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="panel" data-testid="close-by-rate">
        <h4>{t.byRateTitle}</h4>
        {figures.byRate.length === 0 ? (
          <p className="empty">{t.noneRecorded}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t.rate}</th>
                <th scope="col">{t.taxable}</th>
                <th scope="col">{t.tax}</th>
                <th scope="col">{t.total}</th>
              </tr>
            </thead>
            <tbody>
              {figures.byRate.map((r) => (
                <tr key={`${r.ratePercent}-${String(r.reduced)}`}>
                  <td>{moneyLabels.rate(r.ratePercent, r.reduced)}</td>
                  <td>{yenAmount(r.taxable)}</td>
                  <td>{yenAmount(r.tax)}</td>
                  <td>{yenAmount(r.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="panel" data-testid="close-by-category">
        <h4>{t.byCategoryTitle}</h4>
        {figures.byCategory.length === 0 ? (
          <p className="empty">{t.noneRecorded}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t.category}</th>
                <th scope="col">{t.quantity}</th>
                <th scope="col">{t.amount}</th>
              </tr>
            </thead>
            <tbody>
              {figures.byCategory.map((c) => (
                <tr key={c.category}>
                  <td>{moneyLabels.categories[c.category] ?? c.category}</td>
                  <td>{c.quantity}</td>
                  <td>{yenAmount(c.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="panel" data-testid="close-guests">
        <h4>{t.guestsTitle}</h4>
        <dl>
          <dt>{t.visits}</dt>
          <dd data-figure="visits">{figures.visits}</dd>
          <dt>{t.guests}</dt>
          <dd data-figure="guests">{figures.guests}</dd>
        </dl>
      </section>
      <section className="panel" data-testid="close-reservations">
        <h4>{t.reservationsTitle}</h4>
        <dl>
          <dt>{t.booked}</dt>
          <dd data-figure="reservations.booked">{figures.reservations.booked}</dd>
          <dt>{t.noShows}</dt>
          <dd data-figure="reservations.noShows">{figures.reservations.noShows}</dd>
          <dt>{t.cancelled}</dt>
          <dd data-figure="reservations.cancelled">{figures.reservations.cancelled}</dd>
        </dl>
      </section>
      <ReasonTable title={t.voidsTitle} lines={figures.voids} testId="close-voids" />
      <ReasonTable title={t.refundsTitle} lines={figures.refunds} testId="close-refunds" />
      <ReasonTable title={t.discountsTitle} lines={figures.discounts} testId="close-discounts" />
      <ReasonTable title={t.correctionsTitle} lines={figures.corrections} testId="close-corrections" />
    </div>
  );
}
