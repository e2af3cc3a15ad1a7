import { localizedReservationTexts } from './texts';
import { useFormat, useTexts } from '#app/i18n/language';

export interface ReservationShown {
  storeName?: string;
  /** The short number the guest quotes (`MC-4821-7K`). */
  reservationNumber?: string;
  name?: string;
  date: string;
  time: string;
  people: number;
  menuName?: string;
  menuPrice?: number;
  /** The guest's remarks (allergies …) as typed: shown back so the guest sees the store has them. */
  remarks?: string;
}

/**
 * The reservation's facts as a definition list, shared by the confirm and cancel pages: the
 * labels keep one line and their width, the values wrap (a 50-character name, a 320 px screen).
 */
export function ReservationFacts({ r }: { r: ReservationShown }) {
  const t = useTexts(localizedReservationTexts);
  const format = useFormat();
  return (
    <dl className="rsv-facts" data-testid="reservation-facts">
      {r.storeName && (
        <>
          <dt>{t.storeLabel}</dt>
          <dd>{r.storeName}</dd>
        </>
      )}
      {r.reservationNumber && (
        <>
          <dt>{t.numberLabel}</dt>
          <dd className="rsv-number" data-testid="reservation-number">
            {r.reservationNumber}
          </dd>
        </>
      )}
      {r.name && (
        <>
          <dt>{t.nameLabel}</dt>
          <dd>{r.name}</dd>
        </>
      )}
      <dt>{t.dateLabel}</dt>
      <dd data-testid="reservation-date">{format.date(r.date)}</dd>
      <dt>{t.timeLabel}</dt>
      <dd>{r.time}</dd>
      <dt>{t.peopleLabel}</dt>
      <dd>{t.peopleOption(r.people)}</dd>
      {r.menuName && (
        <>
          <dt>{t.menuLabel}</dt>
          <dd>
            {r.menuName}
            {r.menuPrice !== undefined && `（${format.yen(r.menuPrice)}）`}
          </dd>
        </>
      )}
      {r.remarks && (
        <>
          <dt>{t.remarksFact}</dt>
          <dd className="rsv-remarks" data-testid="reservation-remarks">
            {r.remarks}
          </dd>
        </>
      )}
    </dl>
  );
}

export function Notices({ notices }: { notices: readonly string[] }) {
  const t = useTexts(localizedReservationTexts);
  return (
    <section aria-label={t.noticesLabel}>
      <h2>{t.noticesLabel}</h2>
      <ul data-testid="notices">
        {notices.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </section>
  );
}
