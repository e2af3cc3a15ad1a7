import type { Route } from './+types/route';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { appOf } from '#app/context';
import { useLanguage, useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import { CalendarCard } from './calendar-card';
import { homeData } from './home-data.server';
import { InstagramCard, LinkCard } from './link-card';
import { StoreList } from './store-list';
import { localizedHomeTexts } from './texts';

export const meta = titleMeta(localizedHomeTexts, (t) => t.title);

/** The page changes only with the catalog and the date: entry.server.tsx renders it once per loader answer. */
export const handle = { renderOnce: true };

export async function loader({ context }: Route.LoaderArgs) {
  const { queries, runtime } = appOf(context);
  const now = runtime.clock.now();
  // Cards, hours and holidays change only with a catalog event or the date: read once per day
  // and per catalog change (infra/src/reference-data), not per visit.
  return runtime.referenceData.get(`home:${tokyoDateOf(now)}`, () => homeData(queries, now));
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { cards, calendars, stores } = loaderData;
  const homeTexts = useTexts(localizedHomeTexts);
  const language = useLanguage();
  return (
    <div className="page home-page">
      <h1 className="visually-hidden">{homeTexts.heading}</h1>
      <StoreList stores={stores} />
      {cards.length === 0 && <p className="empty">{homeTexts.empty}</p>}
      <div className="card-list" data-testid="home-cards">
        {cards.map((card, i) => {
          const first = i === 0;
          switch (card.card_type) {
            case 'instagram':
              return <InstagramCard key={card.id} card={card} first={first} />;
            case 'calendar':
              // The calendar's own English stands in where the store wrote none (its legend explains the calendar's marks).
              return (
                <CalendarCard
                  key={card.id}
                  calendar={calendars[card.store_id ?? '']!}
                  store={card.store_name}
                  title={language === 'en' ? card.title_en : card.title}
                  description={language === 'en' ? card.description_en : card.description}
                />
              );
            default:
              return <LinkCard key={card.id} card={card} first={first} />;
          }
        })}
      </div>
    </div>
  );
}
