import { useEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LogoutButton } from '#app/auth/logout-button';
import './areas.css';
import { areaTexts } from './texts';
import { useStoredStore, type AreaOutletContext, type StoreKey } from './store-choice';

export interface AreaLayoutProps {
  base: '/admin' | '/monitor' | '/staff' | '/kitchen';
  title: string;
  menu: readonly { path: string; label: string }[];
  /** null: the area does not need a store (kitchen). */
  storeKey: StoreKey | null;
  /** Staff get a 2 s toast when they click a link that needs a store. */
  toastOnLockedLink: boolean;
  /** Sub-paths without a saved store go back to the area's home (spec: /admin, and staff routes needing a store). */
  redirectWithoutStore: boolean;
  stores: { store_id: string; name: string }[];
  userName: string;
  children?: ReactNode;
}

const TOAST_MS = 2000;

/** The shell of an operations area: menu or sidebar, store choice, signed-in user, and the screen. */
export function AreaLayout(props: AreaLayoutProps) {
  const { base, title, menu, storeKey, stores } = props;
  const [storeId, chooseStore, loaded] = useStoredStore(storeKey ?? 'adminStoreId');
  const effectiveStore = storeKey ? storeId : null;
  const needsStore = storeKey !== null;
  const locked = needsStore && !effectiveStore;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [toast, setToast] = useState(false);
  const toastTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const atHome = pathname === base || pathname === `${base}/`;
  useEffect(() => {
    if (props.redirectWithoutStore && loaded && locked && !atHome) void navigate(base, { replace: true });
  }, [props.redirectWithoutStore, loaded, locked, atHome, navigate, base]);
  useEffect(
    () => () => {
      if (toastTimer.current) clearTimeout(toastTimer.current);
    },
    [],
  );

  function onLockedClick(event: MouseEvent) {
    event.preventDefault();
    if (!props.toastOnLockedLink) return;
    setToast(true);
    if (toastTimer.current) clearTimeout(toastTimer.current);
    toastTimer.current = setTimeout(() => setToast(false), TOAST_MS);
  }

  const outletContext: AreaOutletContext = { storeId: effectiveStore, stores };
  const current = stores.find((s) => s.store_id === effectiveStore);

  return (
    <div className="area" data-area={base.slice(1)} data-ready={loaded ? 'true' : undefined}>
      <aside className="area-sidebar panel">
        <h1 className="area-title">{title}</h1>
        {needsStore && (
          <label className="store-choice field">
            {areaTexts.storeLabel}
            <select value={effectiveStore ?? ''} onChange={(e) => chooseStore(e.target.value || null)} aria-label={areaTexts.storeLabel}>
              <option value="">{areaTexts.storePlaceholder}</option>
              {stores.map((s) => (
                <option key={s.store_id} value={s.store_id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {needsStore && stores.length === 0 && <p className="hint">{areaTexts.noStores}</p>}
        {current && <p className="hint">{areaTexts.selectedStore(current.name)}</p>}
        <nav aria-label={title}>
          <ul className="area-menu">
            {menu.map((item) => {
              const to = item.path ? `${base}/${item.path}` : base;
              const disabled = locked && item.path !== '';
              return (
                <li key={to}>
                  {disabled ? (
                    <a href={to} aria-disabled="true" className="area-link disabled" onClick={onLockedClick}>
                      {item.label}
                    </a>
                  ) : (
                    <NavLink to={to} end={item.path === ''} className="area-link">
                      {item.label}
                    </NavLink>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="area-user">
          <span>{areaTexts.signedInAs(props.userName)}</span>
          <LogoutButton secondary />
        </div>
      </aside>
      <section className="area-content">
        {props.children}
        <Outlet context={outletContext} />
      </section>
      {toast && (
        <div className="toast" role="status">
          {areaTexts.storeRequiredToast}
        </div>
      )}
    </div>
  );
}
