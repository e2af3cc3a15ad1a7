import { Link } from 'react-router';
import { withStore } from '#app/reservation/store-choice';
import { fallbackLang, useLanguage, useTexts } from '#app/i18n/language';
import { localizedHomeTexts } from './texts';

type StoreCard = { store_id: string; name: string; postal_code: string | null; address: string; phone: string; hours: { open: string; close: string } | null };

/** The open stores, each with its address, today's hours and links that name it (decision 406); nothing with one store. */
export function StoreList({ stores }: { stores: readonly StoreCard[] }) {
  const t = useTexts(localizedHomeTexts);
  // The store's own name and address are the Japanese the owner wrote (decision 394).
  const own = fallbackLang(useLanguage(), undefined);
  if (stores.length < 2) return null;
  return (
    // The heading above the grid, not a cell of it: the stores are the grid's cards.
    <section className="store-list" aria-labelledby="stores-title" data-testid="store-list">
      <h2 id="stores-title">{t.storesTitle}</h2>
      <div className="card-list">
        {stores.map((s) => (
          <article key={s.store_id} className="card" data-testid="store-card" data-store-id={s.store_id}>
            <div className="card-body">
              <h3 className="card-title" lang={own}>
                {s.name}
              </h3>
              <p lang={own}>
                {s.postal_code ? `〒${s.postal_code} ` : ''}
                {s.address}
              </p>
              <p>{s.phone}</p>
              <p>{s.hours ? t.todayHours(s.hours.open, s.hours.close) : t.closedToday}</p>
              <p>
                <Link to={withStore('/reservation', s.store_id)} className="button">
                  {t.bookThisStore}
                </Link>{' '}
                <Link to={`/menu?store_id=${encodeURIComponent(s.store_id)}`} className="button secondary">
                  {t.storeMenu}
                </Link>
              </p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
