import { useState } from 'react';
import type { Answer as BillAnswer } from '#app/routes/api/orders/checkout/route';
import { discountTexts as t } from './texts';
import { useFormat } from '#app/i18n/language';
import { tableCall } from '#app/table-order/table-call';
import { ReasonField } from './reason-field';

/** A discount the owner keeps ready (decision 642): one tap gives it, with its name as the reason. */
export interface DiscountPreset {
  id: string;
  name: string;
  kind: 'percent' | 'yen';
  value: number;
}

type Kind = DiscountPreset['kind'];

/**
 * The discounts at the monitor checkout and on the floor view (staff only, decision 642): those given, each to take
 * back; the owner's presets; and a discount of any percentage or yen, on the whole bill or one
 * order, with a reason. The server checks every one against the bill and says why it refuses.
 */
export function Discounts(props: { bill: BillAnswer; presets: readonly DiscountPreset[]; onChanged: (bill: BillAnswer) => void }) {
  const { bill, presets, onChanged } = props;
  const { yen } = useFormat();
  const [kind, setKind] = useState<Kind>('percent');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [target, setTarget] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const orders = bill.order_ids.map((id, i) => ({
    id,
    label: t.order(
      i + 1,
      bill.order_items.filter((item) => item.order_id === id).map((item) => ({ name: item.menu_name, quantity: item.quantity })),
    ),
  }));
  const valueText = (k: Kind, v: number) => (k === 'percent' ? t.percentValue(v) : t.yenValue(yen(v)));

  const send = async (url: string, body: Record<string, unknown>, done: string) => {
    setBusy(true);
    setMessage(null);
    const r = await tableCall<BillAnswer>(url, { token: null, body: { reservation_id: bill.reservation_id, ...body } });
    setBusy(false);
    if (r.status === 200 && r.body.success) {
      setMessage({ ok: true, text: done });
      setValue('');
      setReason('');
      onChanged(r.body);
      return;
    }
    setMessage({ ok: false, text: r.body.message ?? t.failed });
  };
  const give = (d: { kind: Kind; value: number; reason: string }) => void send('/api/orders/discount', { ...d, order_id: target || null }, t.given);

  return (
    <section className="discounts" data-testid="discounts">
      <h3>{t.title}</h3>
      {bill.discounts.length > 0 && (
        <ul>
          {bill.discounts.map((d) => (
            <li key={d.id} data-testid="discount-given">
              {t.givenLine(d.reason, valueText(d.kind, d.value), yen(-d.amount))}
              <button
                type="button"
                className="button secondary"
                disabled={busy}
                onClick={() => void send('/api/orders/discount/remove', { discount_id: d.id }, t.removed)}
                data-testid="discount-remove"
              >
                {t.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {bill.lapsed_discounts.map((d) => (
        <p key={d.id} className="hint">
          {t.lapsed(d.reason)}
        </p>
      ))}
      <label className="field">
        {t.target}
        <select value={target} onChange={(e) => setTarget(e.target.value)} data-testid="discount-target">
          <option value="">{t.wholeBill}</option>
          {orders.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {presets.length > 0 && (
        <fieldset>
          <legend>{t.presets}</legend>
          {presets.map((p) => (
            <button
              key={p.id}
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => give({ kind: p.kind, value: p.value, reason: p.name })}
              data-testid="discount-preset"
            >
              {t.preset(p.name, valueText(p.kind, p.value))}
            </button>
          ))}
        </fieldset>
      )}
      <fieldset>
        <legend>{t.custom}</legend>
        <label className="field">
          {t.kind}
          <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} data-testid="discount-kind">
            <option value="percent">{t.kinds.percent}</option>
            <option value="yen">{t.kinds.yen}</option>
          </select>
        </label>
        <label className="field">
          {t.value}
          <input type="number" inputMode="numeric" min={1} value={value} onChange={(e) => setValue(e.target.value)} data-testid="discount-value" />
        </label>
        <ReasonField label={t.reason} placeholder={t.reasonPlaceholder} value={reason} onChange={setReason} testId="discount-reason" />
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() => give({ kind, value: Number(value), reason })}
          data-testid="discount-give"
        >
          {t.give}
        </button>
      </fieldset>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'order-confirmed' : 'order-message error'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
