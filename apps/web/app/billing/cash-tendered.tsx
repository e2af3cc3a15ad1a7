import { yenAmount } from '#app/shared/yen';
import { changeFor } from '@moncafe/domain/billing/tax-math';
import { InputField } from '#app/shared/fields';
import { billingTexts as t } from './texts';

/** The notes a guest most often hands over; ぴったり is the total itself. */
const QUICK_AMOUNTS = [1_000, 5_000, 10_000] as const;

/**
 * The お預かり field of a cash payment at the register (decision 640): staff type what the guest
 * handed over or press a quick amount, and see the お釣り large before completing. The server
 * checks the amount again; this only shows what it will answer.
 */
export function CashTendered({ total, tendered, onTendered }: { total: number; tendered: number | null; onTendered: (amount: number | null) => void }) {
  const change = tendered === null ? null : changeFor(total, tendered);
  return (
    <fieldset className="cash-tendered" data-testid="cash-tendered">
      <legend>{t.tendered}</legend>
      <InputField
        label={t.tendered}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={tendered ?? ''}
        onValue={(value) => onTendered(value === '' ? null : Number(value))}
        data-testid="tendered-input"
      />
      <p className="quick-amounts">
        {QUICK_AMOUNTS.map((amount) => (
          <button key={amount} type="button" className="button secondary" onClick={() => onTendered(amount)} data-testid={`tendered-${amount}`}>
            {yenAmount(amount)}
          </button>
        ))}
        <button type="button" className="button secondary" onClick={() => onTendered(total)} data-testid="tendered-exact">
          {t.exact}
        </button>
      </p>
      {tendered !== null && (
        <p className={change === null ? 'order-message error' : 'change-due'} data-testid="change-due" role="status">
          {change === null ? t.tenderedShort : `${t.change} ${yenAmount(change)}`}
        </p>
      )}
    </fieldset>
  );
}

/** After a cash payment: what was handed over and the change, large, for staff to count out. */
export function ChangeGiven({ tendered, change }: { tendered: number; change: number }) {
  return (
    <dl className="change-given" data-testid="change-given">
      <dt>{t.tendered}</dt>
      <dd data-testid="given-tendered">{yenAmount(tendered)}</dd>
      <dt>{t.change}</dt>
      <dd className="change-due" data-testid="given-change">
        {yenAmount(change)}
      </dd>
    </dl>
  );
}
