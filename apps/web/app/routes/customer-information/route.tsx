import { useEffect, useMemo, useState } from 'react';
import { useTexts } from '#app/i18n/language';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { storeParamTitleMeta } from '#app/layout/store-title';
import { openStoreNames } from '#app/layout/store-title.server';
import type { Route } from './+types/route';
import { callJson } from '#app/http/api-client';
import { STORE_PARAM, useFlowStore } from '#app/reservation/store-choice';
import type { Answer as SendAnswer } from '#app/routes/api/reservation-confirmation/send-confirmation/route';
import { useCourseOptions } from '#app/reservation/course-options';
import { contactPrefill, isEmail, phonePart, phonePartsValid, readDraft, writeDraft, type Draft } from '#app/reservation/draft';
import { reviewOf } from '#app/reservation/presentation';
import { reservationCart } from '#app/reservation/reservation-cart';
import { ReviewCard } from '#app/reservation/reservation-summary';
import { ReservationDisclaimer } from '#app/reservation/disclaimer';
import { endReservation, useReservationSession } from '#app/reservation/use-reservation-session';
import { localizedReservationTexts } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';

export const meta = storeParamTitleMeta(localizedReservationTexts, (t) => t.customerTitle, STORE_PARAM);

/** The open stores' names, for the title naming the chosen store (decision 414); the store does not change within the page. */
export function loader({ context }: Route.LoaderArgs) {
  return openStoreNames(context);
}
export const shouldRevalidate = () => false;
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

/**
 * /customer-information: what is being booked (each part with a way back to change it), then
 * name, phone in three digit-only parts and e-mail; `?step=review` shows everything once more,
 * the total included, before the confirmation mail is sent (decision 102).
 */
export default function CustomerInformation() {
  const t = useTexts(localizedReservationTexts);
  useReservationSession();
  const cart = reservationCart.useLines();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const store = useFlowStore();
  const menuIds = useMemo(() => cart.map((l) => l.menu_id), [cart]);
  const options = useCourseOptions(menuIds);
  // The browser's draft, read after hydration (the server has none).
  const [draft, setDraft] = useState<Draft | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState<[string, string, string]>(['', '', '']);
  const [email, setEmail] = useState('');
  const [remarks, setRemarks] = useState('');
  const [touched, setTouched] = useState({ name: false, phone: false, email: false });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const stored = readDraft();
    setDraft(stored);
    setName(stored.customerName);
    setEmail(stored.email);
    setRemarks(stored.remarks);
    const parts = stored.phone.split('-');
    if (parts.length === 3) setPhone([parts[0]!, parts[1]!, parts[2]!]);
    if (stored.customerName && stored.email) return;
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
  const reviewing = params.get('step') === 'review' && valid && draft !== null;
  const hasOptions = options.state === 'loaded' && options.options.length > 0;
  const review =
    draft === null || options.state === 'loading'
      ? null
      : reviewOf(cart, options.state === 'loaded' ? options : { options: [], dependencies: [] }, draft.detail);
  const when = { date: draft?.date ?? null, time: draft?.time ?? null, people: draft?.people ?? 2 };

  /** What was typed, as the draft keeps it. */
  const contact = () => ({ customerName: name.trim(), email: email.trim(), phone: phone.join('-'), remarks: remarks.trim() });

  /** The form: keep what was typed and show the review. */
  const toReview = () => {
    setTouched({ name: true, phone: true, email: true });
    if (!valid) return;
    setDraft(writeDraft(contact()));
    setError(null);
    setParams({ ...store.claimParam, step: 'review' });
  };

  const send = async () => {
    const current = writeDraft(contact());
    if (!current.date || !current.time) {
      void navigate(store.to('/reservation/day'));
      return;
    }
    setSending(true);
    setError(null);
    const r = await callJson<SendAnswer>('/api/reservation-confirmation/send-confirmation', {
      body: {
        name: current.customerName,
        email: current.email,
        phone: current.phone,
        remarks: current.remarks,
        reservationData: {
          date: current.date,
          time: current.time,
          people: current.people,
          ...store.claim,
          cart: cart.map((l) => ({ menu_id: l.menu_id, quantity: l.quantity })),
          detail: current.detail,
        },
      },
    });
    setSending(false);
    if (r.ok) {
      const sentTo = current.email;
      // The reservation now lives on the server; the seats stay held for it until the link expires.
      endReservationKeepingSeats();
      void navigate(store.to(`/reservation-email-sent?email=${encodeURIComponent(sentTo)}`), { replace: true });
      return;
    }
    setError(r.message ?? r.body.error ?? (r.status === 400 ? t.checkRequiredFields : t.sendFailed));
  };

  if (reviewing)
    return (
      <article className="page rsv-page">
        <h1>{t.reviewTitle}</h1>
        <p>{t.reviewLead}</p>
        <ReviewCard
          title={t.reviewTitle}
          review={review}
          when={when}
          hasOptions={hasOptions}
          contact={{ name: name.trim(), phone: phone.join('-'), email: email.trim(), onChange: () => setParams(store.claimParam) }}
        />
        {remarks.trim() && (
          <dl className="card rsv-card" data-testid="review-remarks">
            <dt>{t.remarks}</dt>
            <dd>{remarks.trim()}</dd>
          </dl>
        )}
        <ReservationDisclaimer />
        {error && (
          <p className="rsv-message" role="alert">
            {error}
          </p>
        )}
        <div className="rsv-actions">
          <button type="button" className="button secondary" onClick={() => setParams(store.claimParam)}>
            {t.changeContact}
          </button>
          <button type="button" className="button" disabled={sending || review === null} aria-busy={sending} onClick={() => void send()}>
            {sending ? t.sending : t.sendConfirmation}
          </button>
        </div>
      </article>
    );

  return (
    <article className="page rsv-page">
      <Link to={store.to('/reservation/day')} className="rsv-back">
        {t.dayTitle}
      </Link>
      <h1>{t.customerTitle}</h1>
      <ReviewCard review={review} when={when} hasOptions={hasOptions} />
      <form
        className="card rsv-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          toReview();
        }}
      >
        <RequiredInput name="name" value={name} invalid={touched.name && !nameOk} onChange={setName} onBlur={() => setTouched({ ...touched, name: true })} />
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
          name="email"
          value={email}
          invalid={touched.email && !emailOk}
          onChange={setEmail}
          onBlur={() => setTouched({ ...touched, email: true })}
        />
        <label className="rsv-field">
          {t.remarks}
          <textarea name="remarks" rows={3} maxLength={300} value={remarks} onChange={(e) => setRemarks(e.target.value)} aria-describedby="remarks-hint" />
          <span className="rsv-hint" id="remarks-hint">
            {t.remarksHint}
          </span>
        </label>
        <button type="submit" className="button" disabled={!valid}>
          {t.toReview}
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

/** The two typed contact fields: label, input type, length and the problem a wrong one names (keys of the reservation texts). */
const contactFields = {
  name: { label: 'name', type: 'text', maxLength: 50, problem: 'nameRequired' },
  email: { label: 'email', type: 'email', maxLength: 254, problem: 'emailRequired' },
} as const;

/** A required contact field; once left invalid it names its problem, announced and tied to the input. */
function RequiredInput(props: { name: keyof typeof contactFields; value: string; invalid: boolean; onChange: (value: string) => void; onBlur: () => void }) {
  const t = useTexts(localizedReservationTexts);
  const field = contactFields[props.name];
  const errorId = `${props.name}-error`;
  return (
    <label className="rsv-field">
      {t[field.label]}
      <input
        type={field.type}
        name={props.name}
        autoComplete={props.name}
        value={props.value}
        maxLength={field.maxLength}
        required
        aria-required="true"
        aria-invalid={props.invalid}
        aria-describedby={props.invalid ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      {props.invalid && (
        <span className="rsv-error" id={errorId} role="alert">
          {t[field.problem]}
        </span>
      )}
    </label>
  );
}
