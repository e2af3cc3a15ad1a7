import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { OptionalImage } from '#app/layout/optional-image';
import { pageTitle } from '#app/layout/texts';
import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import type { Answer as MenuAnswer } from '#app/routes/api/admin/menu/route';
import { formatYen } from '#app/shared/yen';
import { menuTexts } from './texts';

export const meta = () => [{ title: pageTitle(menuTexts.title) }];

/** The server renders the same shell for everyone (the list is fetched in the browser): entry.server.tsx renders it once. */
export const handle = { renderOnce: true };

type MenuItem = MenuAnswer[number];
type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; items: MenuItem[] };
type Filter = 'all' | MenuCategory;
const filters: Filter[] = ['all', 'drink', 'food', 'dessert'];

/**
 * Each item that can be booked as a course links to /reservation with it in the cart.
 *
 * The list is fetched in the browser from GET /api/admin/menu, as the spec's screen does: the
 * spinner and the retry button stand for a real request that can fail. Categories come resolved
 * by the server (domain/src/catalog/menu-category.ts).
 */
async function fetchMenu(signal: AbortSignal): Promise<MenuAnswer> {
  const response = await fetch('/api/admin/menu', { signal, credentials: 'include', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`menu: HTTP ${response.status}`);
  return (await response.json()) as MenuAnswer;
}

export default function Menu() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [filter, setFilter] = useState<Filter>('all');

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchMenu(controller.signal).then(
      (items) => setLoad({ state: 'loaded', items: items.filter((item) => item.show_on_menu) }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('menu could not be loaded', error);
        setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <article className="page menu-page">
      <div className="page-heading">
        <h1>{menuTexts.heading}</h1>
        <Link to="/reservation" className="button">
          {menuTexts.reserve}
        </Link>
      </div>
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
      {load.state === 'loaded' && <MenuList items={load.items} filter={filter} />}
    </article>
  );
}

function MenuList({ items, filter }: { items: MenuItem[]; filter: Filter }) {
  const shown = items.map((item) => ({ item, category: item.category })).filter(({ category }) => filter === 'all' || category === filter);
  if (shown.length === 0) return <p className="empty">{menuTexts.empty}</p>;
  return (
    <ul className="menu-list" data-testid="menu-list">
      {shown.map(({ item, category }, i) => (
        <li key={item.id} className="card menu-card" data-testid="menu-card" data-category={category}>
          <OptionalImage src={item.image_url} className="card-image" width={640} height={360} eager={i === 0} />
          <div className="card-body">
            <h2 className="card-title">{item.name}</h2>
            {item.description && <p className="card-description">{item.description}</p>}
            <p className="menu-meta">
              <span className="price">{formatYen(item.price)}</span>
              <span className="category-badge">{menuTexts.categories[category]}</span>
            </p>
            {item.show_on_reservation && (
              <Link to={`/reservation?course=${encodeURIComponent(item.id)}`} className="button menu-reserve" aria-label={menuTexts.reserveItem(item.name)}>
                {menuTexts.reserveThis}
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
