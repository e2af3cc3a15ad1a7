import { useState } from 'react';
import type { Answer as BillAnswer } from '#app/routes/api/orders/checkout/route';
import { courseLineTexts as t } from '#app/table-order/staff-texts';
import { tableCall } from '#app/table-order/table-call';
import { ReasonField } from './reason-field';

/**
 * The booked courses on the bill, for staff at the monitor checkout and on the floor view (decision 630): each course
 * with its booked and billed count, and a form to change the count (one guest did not come) or
 * take the course off, which the server refuses without a reason.
 */
export function CourseLines(props: { bill: BillAnswer; onChanged: () => void }) {
  const { bill, onChanged } = props;
  if (bill.courses.length === 0) return null;
  return (
    <section className="course-lines" data-testid="course-lines">
      <h3>{t.title}</h3>
      <ul>
        {bill.courses.map((c) => (
          <CourseLine key={`${c.reservation_id}-${c.menu_id}`} course={c} reservationId={bill.reservation_id} onChanged={onChanged} />
        ))}
      </ul>
    </section>
  );
}

function CourseLine(props: { course: BillAnswer['courses'][number]; reservationId: string; onChanged: () => void }) {
  const { course, reservationId, onChanged } = props;
  const [count, setCount] = useState(String(course.quantity));
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (quantity: number) => {
    setBusy(true);
    setMessage(null);
    const r = await tableCall('/api/orders/course-line', {
      token: null,
      body: { reservation_id: reservationId, menu_id: course.menu_id, quantity, reason },
    });
    setBusy(false);
    if (r.status === 200 && r.body.success) {
      setReason('');
      setMessage({ ok: true, text: quantity === 0 ? t.removed : t.changed });
      // The whole bill is read again: a split, if any, is the server's to tell.
      onChanged();
      return;
    }
    setMessage({ ok: false, text: r.body.message ?? t.failed });
  };

  return (
    <li data-testid={`course-line-${course.menu_id}`}>
      <p>{t.booked(course.name, course.booked, course.quantity)}</p>
      <label className="field">
        {t.count}
        <input type="number" min={0} max={99} value={count} onChange={(e) => setCount(e.target.value)} data-testid="course-line-count" />
      </label>
      <ReasonField label={t.reason} placeholder={t.reasonPlaceholder} value={reason} onChange={setReason} testId="course-line-reason" />
      <button type="button" className="button secondary" disabled={busy} onClick={() => void send(Number(count))} data-testid="course-line-change">
        {t.change}
      </button>
      <button type="button" className="button secondary" disabled={busy} onClick={() => void send(0)} data-testid="course-line-remove">
        {t.remove}
      </button>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'order-confirmed' : 'order-message error'}>
          {message.text}
        </p>
      )}
    </li>
  );
}
