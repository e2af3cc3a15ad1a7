import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OptionalImage } from '#app/layout/optional-image';
import { fallbackLang, useFormat, useTexts } from '#app/i18n/language';
import { storeParamTitleMeta } from '#app/layout/store-title';
import { openStoreNames } from '#app/layout/store-title.server';
import type { Route } from './+types/route';
import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import type { Answer as MenuAnswer } from '#app/routes/api/admin/menu/route';
import type { Answer as StoresAnswer } from '#app/routes/api/stores/route';
import { formatYen } from '#app/shared/yen';
import { withStore } from '#app/reservation/store-choice';
import { menuNameIn } from '#app/table-order/presentation';
import { localizedGuestMarks } from '#app/table-order/texts';
import { PriceTag } from '#app/shared/price-tag';
import { localizedMenuTexts } from './texts';

/** The chosen store's name in the title (`?store_id`, decision 414); the spec's title with none. */
export const meta = storeParamTitleMeta(localizedMenuTexts, (t) => t.title, 'store_id');

/**
 * The server renders the same shell for everyone (the list is fetched in the browser): entry.server.tsx
 * renders it once per address and catalog version, the loader's answer being the open stores' names
 * kept as reference data.
 */
export const handle = { renderOnce: true };

export function loader({ context }: Route.LoaderArgs) {
  return openStoreNames(context);
}

type MenuItem = MenuAnswer[number];
type Stores = { store_id: string; name: string }[];
type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'unknown-store' }
  | { state: 'loaded'; items: MenuItem[]; stores: Stores; storeId: string | null; chosen: boolean };
type Filter = 'all' | MenuCategory;
const filters: Filter[] = ['all', 'drink', 'food', 'dessert'];

/**
 * Each item that can be booked as a course links to /reservation with it in the cart.
 *
 * The list is fetched in the browser from GET /api/admin/menu, as the spec's screen does: the
 * spinner and the retry button stand for a real request that can fail. Categories come resolved
 * by the server (domain/src/catalog/menu-category.ts).
 */
async function fetchJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, credentials: 'include', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`menu: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Menus are per store (decision 321): the chosen store's items (`?store_id`, kept in the page's
 * address so a shared link names its store), else the first open store's. A chosen store that is
 * not open answers null: the page says so rather than show another store's menu (decision 406).
 */
async function fetchMenu(chosen: string | null, signal: AbortSignal): Promise<{ items: MenuAnswer; stores: Stores; storeId: string | null } | null> {
  const stores = (await fetchJson<StoresAnswer>('/api/stores', signal)).map((s) => ({ store_id: s.store_id, name: s.name }));
  if (chosen && !stores.some((s) => s.store_id === chosen)) return null;
  const storeId = chosen ?? stores[0]?.store_id ?? null;
  const items = storeId ? await fetchJson<MenuAnswer>(`/api/admin/menu?store_id=${encodeURIComponent(storeId)}`, signal) : [];
  return { items, stores, storeId };
}

export default function Menu() {
  const menuTexts = useTexts(localizedMenuTexts);
  const [attempt, setAttempt] = useState(0);
  const [filter, setFilter] = useState<Filter>('all');
  const chosen = useSearchParams()[0].get('store_id');
  // Each answer is kept with the attempt and store it was for; a newer one reads as loading until it comes.
  const asked = `${attempt} ${chosen ?? ''}`;
  const [answer, setAnswer] = useState<{ asked: string; load: Load } | null>(null);
  const load: Load = answer && answer.asked === asked ? answer.load : { state: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const settle = (load: Load) => setAnswer({ asked: `${attempt} ${chosen ?? ''}`, load });
    fetchMenu(chosen, controller.signal).then(
      (menu) =>
        settle(
          menu
            ? { state: 'loaded', items: menu.items.filter((item) => item.show_on_menu), stores: menu.stores, storeId: menu.storeId, chosen: chosen !== null }
            : { state: 'unknown-store' },
        ),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('menu could not be loaded', error);
        settle({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt, chosen]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <article className="page menu-page">
      <div className="page-heading">
        <h1>{menuTexts.heading}</h1>
        <Link to={load.state === 'loaded' && load.chosen ? withStore('/reservation', load.storeId) : '/reservation'} className="button">
          {menuTexts.reserve}
        </Link>
      </div>
      {load.state === 'loaded' && load.stores.length > 1 && (
        <nav className="filter-buttons" aria-label={menuTexts.storeLabel} data-testid="menu-store-choice">
          {load.stores.map((s) => (
            <Link
              key={s.store_id}
              to={`?store_id=${encodeURIComponent(s.store_id)}`}
              className="filter-button"
              aria-current={s.store_id === load.storeId ? 'page' : undefined}
              // A store's name is the store's own words (decision 364).
              lang="ja"
            >
              {s.name}
            </Link>
          ))}
        </nav>
      )}
      <div className="filter-buttons" role="group" aria-label={menuTexts.filterLabel}>
        {filters.map((f) => (
          <button key={f} type="button" className="filter-button" aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {f === 'all' ? menuTexts.all : menuTexts.categories[f]}
          </button>
        ))}
      </div>
      {load.state === 'loading' && (
        <div className="spinner-box" role="status" data-testid="menu-loading">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{menuTexts.loading}</span>
        </div>
      )}
      {load.state === 'failed' && (
        <div className="load-error" role="alert" data-testid="menu-error">
          <p>{menuTexts.loadFailed}</p>
          <button type="button" className="button" onClick={retry}>
            {menuTexts.retry}
          </button>
        </div>
      )}
      {load.state === 'unknown-store' && (
        <p className="load-error" role="alert" data-testid="unknown-store">
          {menuTexts.unknownStore}
        </p>
      )}
      {load.state === 'loaded' && <MenuList items={load.items} filter={filter} storeId={load.chosen ? load.storeId : null} />}
    </article>
  );
}

/** Each item by its English name and description on an English page where the menu editor gave them (decision 362), else in Japanese, marked so. */
function MenuList({ items, filter, storeId }: { items: MenuItem[]; filter: Filter; storeId: string | null }) {
  const menuTexts = useTexts(localizedMenuTexts);
  const marks = useTexts(localizedGuestMarks);
  const { language, yen } = useFormat();
  const shown = items.map((item) => ({ item, category: item.category })).filter(({ category }) => filter === 'all' || category === filter);
  if (shown.length === 0) return <p className="empty">{menuTexts.empty}</p>;
  return (
    <ul className="menu-list" data-testid="menu-list">
      {shown.map(({ item, category }, i) => {
        const name = menuNameIn(item, language);
        const description = language === 'en' && item.description_en ? item.description_en : item.description;
        return (
          <li key={item.id} className="card menu-card" data-testid="menu-card" data-category={category}>
            <OptionalImage src={item.image_url} className="card-image" width={640} height={360} eager={i === 0} />
            <div className="card-body">
              <h2 className="card-title" lang={fallbackLang(language, item.name_en)}>
                {name}
              </h2>
              {description && (
                <p className="card-description" lang={fallbackLang(language, item.description_en)}>
                  {description}
                </p>
              )}
              <p className="menu-meta">
                {/* The spec's yen sign in Japanese (¥1,200), Intl's in English; tax included, and taken away where it differs (decision 518). */}
                <span className="price">
                  <PriceTag
                    eatIn={item.price_with_tax}
                    // Only what the table order offers can be taken away; a course is eaten in.
                    takeout={item.show_on_order ? item.takeout_price_with_tax : item.price_with_tax}
                    yen={language === 'en' ? yen : formatYen}
                    takeoutLabel={marks.takeoutPrice}
                  />
                </span>
                <span className="category-badge">{menuTexts.categories[category]}</span>
              </p>
              {item.show_on_reservation && (
                <Link
                  to={withStore(`/reservation?course=${encodeURIComponent(item.id)}`, storeId)}
                  className="button menu-reserve"
                  aria-label={menuTexts.reserveItem(name)}
                >
                  {menuTexts.reserveThis}
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
