import { useEffect, useState } from 'react';
import { useFormat, useTexts } from '#app/i18n/language';
import { Link } from 'react-router';
import { totalPrice, type CartLine } from '#app/cart/cart';
import { type Review } from './presentation';
import { readSession, remainingMs, remainingText, SESSION_CHANGED } from './session';
import { localizedReservationTexts } from './texts';
import { expireReservation } from './use-reservation-session';

/**
 * The time left of the 5-minute session, on every step of the booking. It counts down each
 * second (a paused session stands still) and ends the session at 0:00. Screen readers are told
 * once, when one minute is left, not every second (`role="timer"` is not live).
 */
export function SessionCountdown() {
  const t = useTexts(localizedReservationTexts);
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    const update = () => {
      const session = readSession();
      if (!session) return setLeft(null);
      const ms = remainingMs(session, Date.now());
      if (ms <= 0) expireReservation();
      else setLeft(ms);
    };
    update();
    const timer = window.setInterval(update, 1000);
    window.addEventListener(SESSION_CHANGED, update);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(SESSION_CHANGED, update);
    };
  }, []);
  const lastMinute = left !== null && left <= 60_000;
  return (
    <p className={`rsv-countdown${lastMinute ? ' urgent' : ''}`} data-testid="session-countdown" hidden={left === null}>
      <span>{t.timeLeft}</span>{' '}
      <span role="timer" className="rsv-countdown-time" data-testid="time-left">
        {left === null ? '' : remainingText(left)}
      </span>
      <span className="visually-hidden" role="status">
        {lastMinute ? t.oneMinuteLeft : ''}
      </span>
    </p>
  );
}

/** The courses being booked and the time left, at the top of the day, details and contact steps. */
export function CartSummary({ cart }: { cart: readonly CartLine[] }) {
  const t = useTexts(localizedReservationTexts);
  const format = useFormat();
  return (
    <section className="card rsv-summary" aria-label={t.summaryTitle} data-testid="reservation-summary">
      <div className="rsv-summary-head">
        <h2>{t.summaryTitle}</h2>
        <SessionCountdown />
      </div>
      <ul>
        {cart.map((l) => (
          <li key={l.menu_id}>
            <span className="rsv-line-name">
              {l.name} × {l.quantity}
            </span>
            <span>{format.yen(l.price * l.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="rsv-summary-foot">
        <Link to="/reservation" aria-label={t.changeCourses}>
          {t.change}
        </Link>
        <span className="rsv-total">
          {t.total}: {format.yen(totalPrice(cart))}
        </span>
      </p>
    </section>
  );
}

/**
 * Everything the guest is about to send, each part with its way back to change it: courses,
 * options with their prices, the date in Japanese with its weekday, time, party and the total
 * (the contact step and the review step before sending).
 */
export function ReviewCard(props: {
  review: Review | null;
  when: { date: string | null; time: string | null; people: number };
  hasOptions: boolean;
  contact?: { name: string; phone: string; email: string; onChange: () => void };
  title?: string;
}) {
  const t = useTexts(localizedReservationTexts);
  const format = useFormat();
  const { review, when, contact } = props;
  return (
    <section className="card rsv-card rsv-review" aria-labelledby="review-title" data-testid="review">
      <div className="rsv-summary-head">
        <h2 id="review-title">{props.title ?? t.summaryTitle}</h2>
        <SessionCountdown />
      </div>
      {review === null ? (
        <p role="status">{t.loading}</p>
      ) : (
        <dl className="rsv-facts">
          <dt>{t.menuLabel}</dt>
          <dd>
            <ul className="rsv-plain-list">
              {review.lines.map((l) => (
                <li key={l.menuId}>
                  {l.name} × {l.quantity}（{format.yen(l.subtotal)}）
                </li>
              ))}
            </ul>
            <ChangeLink to="/reservation" label={t.changeCourses} />
          </dd>
          {props.hasOptions && (
            <>
              <dt>{t.optionsLabel}</dt>
              <dd data-testid="review-options">
                <ul className="rsv-plain-list">
                  {review.options.map((o) => (
                    <li key={o.label}>
                      {o.label}：{o.value}
                    </li>
                  ))}
                </ul>
                <ChangeLink to="/reservation-details" label={t.changeOptions} />
              </dd>
            </>
          )}
          <dt>{t.dateLabel}</dt>
          <dd data-testid="review-date">{when.date ? format.date(when.date) : t.notChosen}</dd>
          <dt>{t.timeLabel}</dt>
          <dd>{when.time ?? t.notChosen}</dd>
          <dt>{t.peopleLabel}</dt>
          <dd>
            {t.peopleOption(when.people)}
            <ChangeLink to="/reservation/day" label={t.changeDay} />
          </dd>
          {contact && (
            <>
              <dt>{t.nameLabel}</dt>
              <dd>{contact.name}</dd>
              <dt>{t.phone}</dt>
              <dd>{contact.phone}</dd>
              <dt>{t.email}</dt>
              <dd>
                <span className="rsv-email" data-testid="review-email">
                  <EmailBreaks email={contact.email} />
                </span>
                <button type="button" className="rsv-change" onClick={contact.onChange}>
                  {t.changeContact}
                </button>
              </dd>
            </>
          )}
          <dt>{t.total}</dt>
          <dd className="rsv-total" data-testid="review-total">
            {format.yen(review.total)}
          </dd>
        </dl>
      )}
    </section>
  );
}

/** An address that wraps at its @ and dots, never mid-word (decision 191). */
function EmailBreaks({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {part}
        </span>
      ))}
    </>
  );
}

function ChangeLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="rsv-change">
      {label}
    </Link>
  );
}
