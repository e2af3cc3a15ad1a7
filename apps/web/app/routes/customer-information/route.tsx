import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCart } from '#app/cart/cart-store';
import { pageTitle } from '#app/layout/texts';
import { callJson } from '#app/http/api-client';
import type { Answer as SendAnswer } from '#app/routes/api/reservation-confirmation/send-confirmation/route';
import { contactPrefill, isEmail, phonePart, phonePartsValid, readDraft, writeDraft } from '#app/reservation/draft';
import { endReservation, useReservationSession } from '#app/reservation/use-reservation-session';
import { reservationTexts as t } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';

export const meta = () => [{ title: pageTitle(t.customerTitle) }];
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

/** /customer-information: name, phone in three digit-only parts and e-mail; sends the confirmation mail. */
export default function CustomerInformation() {
  useReservationSession();
  const cart = useCart();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState<[string, string, string]>(['', '', '']);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState({ name: false, phone: false, email: false });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const draft = readDraft();
    setName(draft.customerName);
    setEmail(draft.email);
    const parts = draft.phone.split('-');
    if (parts.length === 3) setPhone([parts[0]!, parts[1]!, parts[2]!]);
    if (draft.customerName && draft.email) return;
    // A signed-in customer's name and e-mail fill what is still empty. A 429 on this page's load
    // is retried after 3 seconds (customer-site.md §8); the answer is never cached (sign-in may change).
    let live = true;
    void callJson('/api/auth/status', { noStore: true, retryAfter429Ms: 3_000 }).then((r) => {
      if (!live || !r.ok) return;
      const fill = contactPrefill({ name: readDraft().customerName, email: readDraft().email }, r.body);
      if (fill.name) setName((now) => now || fill.name!);
      if (fill.email) setEmail((now) => now || fill.email!);
    });
    return () => {
      live = false;
    };
  }, []);

  const nameOk = name.trim() !== '';
  const phoneOk = phonePartsValid(phone);
  const emailOk = isEmail(email);
  const valid = nameOk && phoneOk && emailOk && cart.length > 0;

  const submit = async () => {
    if (!valid) return;
    const draft = writeDraft({ customerName: name.trim(), email: email.trim(), phone: phone.join('-') });
    if (!draft.date || !draft.time) {
      void navigate('/reservation/day');
      return;
    }
    setSending(true);
    setError(null);
    const r = await callJson<SendAnswer>('/api/reservation-confirmation/send-confirmation', {
      body: {
        name: draft.customerName,
        email: draft.email,
        phone: draft.phone,
        reservationData: {
          date: draft.date,
          time: draft.time,
          people: draft.people,
          cart: cart.map((l) => ({ menu_id: l.menu_id, quantity: l.quantity })),
          detail: draft.detail,
        },
      },
    });
    setSending(false);
    if (r.ok) {
      const sentTo = draft.email;
      // The reservation now lives on the server; the seats stay held for it until the link expires.
      endReservationKeepingSeats();
      void navigate(`/reservation-email-sent?email=${encodeURIComponent(sentTo)}`);
      return;
    }
    setError(r.message ?? r.body.error ?? (r.status === 400 ? t.checkRequiredFields : t.sendFailed));
  };

  return (
    <article className="page rsv-page">
      <Link to="/reservation/day" className="rsv-back">
        {t.dayTitle}
      </Link>
      <h1>{t.customerTitle}</h1>
      <form
        className="card rsv-card"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <RequiredInput
          label={t.name}
          type="text"
          name="name"
          maxLength={50}
          value={name}
          problem={touched.name && !nameOk ? t.nameRequired : null}
          onChange={setName}
          onBlur={() => setTouched({ ...touched, name: true })}
        />
        <fieldset className="rsv-field">
          <legend>{t.phone}</legend>
          <div className="rsv-phone">
            {phone.map((part, i) => (
              <span key={i}>
                {i > 0 && '- '}
                <input
                  type="tel"
                  inputMode="numeric"
                  aria-label={`${t.phone}${i + 1}`}
                  autoComplete={['tel-area-code', 'tel-local-prefix', 'tel-local-suffix'][i]}
                  required
                  aria-required="true"
                  aria-invalid={touched.phone && !phoneOk}
                  aria-describedby={touched.phone && !phoneOk ? 'phone-error' : undefined}
                  data-testid={`phone-${i + 1}`}
                  value={part}
                  maxLength={4}
                  onChange={(e) => {
                    const next: [string, string, string] = [...phone];
                    next[i] = phonePart(e.target.value);
                    setPhone(next);
                  }}
                  onBlur={() => setTouched({ ...touched, phone: true })}
                />
              </span>
            ))}
          </div>
          {touched.phone && !phoneOk && (
            <span className="rsv-error" id="phone-error" role="alert">
              {t.phoneRequired}
            </span>
          )}
        </fieldset>
        <RequiredInput
          label={t.email}
          type="email"
          name="email"
          maxLength={254}
          value={email}
          problem={touched.email && !emailOk ? t.emailRequired : null}
          onChange={setEmail}
          onBlur={() => setTouched({ ...touched, email: true })}
        />
        {error && (
          <p className="rsv-message" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={!valid || sending} aria-busy={sending}>
          {sending ? t.sending : t.sendConfirmation}
        </button>
      </form>
    </article>
  );
}

/** After a successful request the hold belongs to the reservation: clear the browser side only. */
function endReservationKeepingSeats() {
  writeDraft({ date: null });
  endReservation();
}

/** A required contact field; once left invalid it names its problem, announced and tied to the input. */
function RequiredInput(props: {
  label: string;
  type: 'text' | 'email';
  name: 'name' | 'email';
  maxLength: number;
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const errorId = `${props.name}-error`;
  return (
    <label className="rsv-field">
      {props.label}
      <input
        type={props.type}
        name={props.name}
        autoComplete={props.name}
        value={props.value}
        maxLength={props.maxLength}
        required
        aria-required="true"
        aria-invalid={props.problem !== null}
        aria-describedby={props.problem !== null ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      {props.problem !== null && (
        <span className="rsv-error" id={errorId} role="alert">
          {props.problem}
        </span>
      )}
    </label>
  );
}
