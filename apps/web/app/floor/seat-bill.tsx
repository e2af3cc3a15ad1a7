import { useCallback, useEffect, useState } from 'react';
import type { Answer as BillAnswer } from '#app/routes/api/orders/checkout/route';
import { BillAdjustments } from '#app/billing/bill-adjustments';
import type { DiscountPreset } from '#app/billing/discounts';
import { yenAmount } from '#app/shared/yen';
import { tableCall } from '#app/table-order/table-call';
import { checkoutTexts, guestBillTexts, orderTexts } from '#app/table-order/texts';

/**
 * The selected party's bill on the floor view: its subtotal, each discount and the total after
 * them, with the monitor checkout's own controls for the booked courses' counts and the discounts
 * (decisions 630, 642), so staff at the tablet adjust the bill without leaving the floor. The
 * bill is read again when the party's orders change (`ordersKey`), and after each adjustment.
 */
export function SeatBill({ reservationId, presets, ordersKey }: { reservationId: string; presets: readonly DiscountPreset[]; ordersKey: string }) {
  const [bill, setBill] = useState<BillAnswer | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(async () => {
    const r = await tableCall<BillAnswer>(`/api/orders/checkout?reservation_id=${reservationId}`);
    if (r.status === 200 && r.body.success) {
      setBill(r.body);
      setFailed(null);
    } else setFailed(r.status === 0 ? checkoutTexts.cannotReach : (r.body.message ?? r.body.error ?? checkoutTexts.cannotReach));
  }, [reservationId]);
  useEffect(() => {
    void load();
  }, [load, ordersKey]);

  return (
    <section className="floor-bill" aria-labelledby="floor-bill-title" data-testid="floor-bill">
      <h3 id="floor-bill-title">{checkoutTexts.title}</h3>
      {failed && (
        <p className="order-message error" role="alert">
          {failed}
        </p>
      )}
      {!bill ? (
        !failed && <p aria-busy="true">{orderTexts.loading}</p>
      ) : (
        <>
          <dl className="floor-bill-sums">
            <div>
              <dt>{checkoutTexts.subtotal}</dt>
              <dd data-testid="floor-bill-subtotal">{yenAmount(bill.subtotal)}</dd>
            </div>
            {bill.discounts.map((d) => (
              <div key={d.id} data-testid="floor-bill-discount">
                <dt>{guestBillTexts.discountLine(d.reason)}</dt>
                <dd>{yenAmount(-d.amount)}</dd>
              </div>
            ))}
            <div>
              <dt>{checkoutTexts.total}</dt>
              <dd data-testid="floor-bill-total">
                <strong>{yenAmount(bill.total)}</strong>
              </dd>
            </div>
          </dl>
          {!bill.exited_at && <BillAdjustments bill={bill} presets={presets} onReload={() => void load()} onChanged={setBill} />}
        </>
      )}
    </section>
  );
}
