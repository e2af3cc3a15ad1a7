import { useId, useState } from 'react';
import type { Answer as StaffBookingAnswer } from '#app/routes/api/monitor/staff-bookings/route';
import { tableCall } from '#app/table-order/table-call';
import { floorTexts as t } from './texts';
import { InputField, PageForm } from '#app/shared/fields';

const PEOPLE = [1, 2, 3, 4, 5, 6, 7, 8];

/** A walk-in seated from the form: its seat and the tablet's one-time QR (decision 351). */
export type SeatedWalkIn = NonNullable<Extract<StaffBookingAnswer, { success: true }>['seated']>;

/**
 * Staff enter a phone booking (decision 282) or a walk-in at the door (decision 351): name, phone,
 * party, date and time (not for a walk-in: it is now), course and remarks, checked by the
 * customer's booking rules on the server. A walk-in is seated at once and its QR shown (`onSeated`).
 */
export function PhoneBookingForm({
  storeId,
  today,
  courses,
  onSeated,
}: {
  storeId: string;
  today: string;
  courses: readonly { id: string; name: string }[];
  onSeated: (seated: SeatedWalkIn) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [walkIn, setWalkIn] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (key: string) => String(data.get(key) ?? '');
    setBusy(true);
    const r = await tableCall<StaffBookingAnswer>('/api/monitor/staff-bookings', {
      body: {
        walk_in: walkIn,
        store_id: storeId,
        ...(walkIn ? {} : { date: text('date'), time: text('time') }),
        people: Number(text('people')),
        menu_id: text('menu_id') || null,
        name: text('name'),
        phone: text('phone'),
        remarks: text('remarks'),
      },
    });
    setBusy(false);
    if (r.status === 200 && r.body.success) {
      const seated = r.body.seated;
      setMessage({ ok: true, text: seated ? t.seatedWalkIn(text('name'), seated.seat_name) : t.booked(r.body.reservation_number, text('name')) });
      form.reset();
      setWalkIn(false);
      if (seated) onSeated(seated);
    } else setMessage({ ok: false, text: r.body.message ?? t.bookingFailed });
  };

  return (
    <section className="floor-panel panel" aria-labelledby={`${id}-title`} data-testid="phone-booking">
      <h3 id={`${id}-title`}>{t.bookingTitle}</h3>
      <p className="hint">{t.walkInHint}</p>
      <PageForm className="floor-form" onSubmit={(form) => void submit(form)}>
        <label className="wide tick">
          <input type="checkbox" name="walk_in" checked={walkIn} onChange={(e) => setWalkIn(e.target.checked)} /> {t.walkIn}
        </label>
        <InputField label={t.name} name="name" required autoComplete="off" maxLength={100} />
        <InputField label={walkIn ? t.phoneOptional : t.phone} name="phone" type="tel" required={!walkIn} autoComplete="off" maxLength={30} />
        <label className="field">
          {t.people}
          <select name="people" defaultValue="2">
            {PEOPLE.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {!walkIn && (
          <>
            <InputField label={t.date} name="date" type="date" required defaultValue={today} min={today} />
            <InputField label={t.time} name="time" type="time" required step={300} />
          </>
        )}
        <label className="field floor-course">
          {t.course}
          <select name="menu_id" defaultValue="">
            <option value="">{t.noCourse}</option>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field wide">
          {t.remarks}
          <textarea name="remarks" rows={2} maxLength={500} />
        </label>
        <p className="wide">
          <button type="submit" className="button" disabled={busy} data-testid="phone-booking-submit">
            {walkIn ? t.submitWalkIn : t.submitBooking}
          </button>
        </p>
      </PageForm>
      {message && (
        <p className={message.ok ? 'order-message' : 'order-message error'} role={message.ok ? 'status' : 'alert'} data-testid="phone-booking-message">
          {message.text}
        </p>
      )}
    </section>
  );
}
