import { yenAmount } from '#app/shared/yen';
import { reservationTexts as t } from './texts';

export interface ReservationShown {
  storeName?: string;
  reservationId?: string;
  name?: string;
  date: string;
  time: string;
  people: number;
  menuName?: string;
  menuPrice?: number;
}

/** The reservation's facts as a definition list, shared by the confirm and cancel pages. */
export function ReservationFacts({ r }: { r: ReservationShown }) {
  return (
    <dl data-testid="reservation-facts">
      {r.storeName && (
        <>
          <dt>{t.storeLabel}</dt>
          <dd>{r.storeName}</dd>
        </>
      )}
      {r.reservationId && (
        <>
          <dt>{t.numberLabel}</dt>
          <dd>{r.reservationId}</dd>
        </>
      )}
      {r.name && (
        <>
          <dt>{t.nameLabel}</dt>
          <dd>{r.name}</dd>
        </>
      )}
      <dt>{t.dateLabel}</dt>
      <dd>{r.date}</dd>
      <dt>{t.timeLabel}</dt>
      <dd>{r.time}</dd>
      <dt>{t.peopleLabel}</dt>
      <dd>{t.peopleOption(r.people)}</dd>
      {r.menuName && (
        <>
          <dt>{t.menuLabel}</dt>
          <dd>
            {r.menuName}
            {r.menuPrice !== undefined && `（${yenAmount(r.menuPrice)}）`}
          </dd>
        </>
      )}
    </dl>
  );
}

export function Notices({ notices }: { notices: readonly string[] }) {
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
