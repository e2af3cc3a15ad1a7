import { useEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { titleForChosenStore } from '#app/admin-area/title';
import { LogoutButton } from '#app/auth/logout-button';
import './areas.css';
import { TabletApp } from './tablet-app';
import { areaLabels, areaTexts, type WorkArea } from './texts';
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
  /**
   * Both frames leave out the site's header (the layout route's `handle`, decision 187) for a
   * compact bar with the store, the person, sign-out and the area switch. 'bar' (kitchen, monitor,
   * staff) puts the menu in that bar, folded behind a button on phones so the screen comes first;
   * 'sidebar' (the owner's area, whose menu is too long for a bar; decision 575) keeps the menu in
   * a column beside the screen.
   */
  frame: 'sidebar' | 'bar';
  /** The kitchen's and the floor's screens: an installable app that opens on its last state with the line down (decision 664). */
  tablet?: boolean;
  stores: { store_id: string; name: string }[];
  userName: string;
  /** The areas this person may open (the area switch; shown when there is more than one). */
  areas: readonly WorkArea[];
  /** The store the server keeps for this person (decision 576): the area opens on it. */
  openingStoreId: string | null;
  children?: ReactNode;
}

const TOAST_MS = 2000;

/** The shell of an operations area: menu or sidebar, store choice, signed-in user, and the screen. */
export function AreaLayout(props: AreaLayoutProps) {
  const { base, title, menu, storeKey, stores } = props;
  // A kept choice the person may no longer use (another person's, or a store taken from them) counts as none (decision 400);
  // the admin area keeps any choice (a closed store's own screens are opened from its row, decision 320).
  const offered = (id: string | null) => base === '/admin' || stores.some((s) => s.store_id === id);
  // A link that names one of the person's stores (?store_id=, from a mail, a bookmark or another
  // screen) opens the area on it when nothing else was chosen yet (decision 576).
  const { pathname, search } = useLocation();
  const linked = new URLSearchParams(search).get('store_id');
  const opening = props.openingStoreId ?? (stores.some((s) => s.store_id === linked) ? linked : null);
  const [storeId, chooseStore, loaded] = useStoredStore(storeKey ?? 'adminStoreId', storeKey ? opening : null, storeKey !== null, offered);
  const mayUse = offered(storeId);
  const effectiveStore = storeKey && mayUse ? storeId : null;
  const needsStore = storeKey !== null;
  const locked = needsStore && !effectiveStore;
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
  // The kitchen has no store choice but works on this device's last chosen store (useFloorStore):
  // its bar names that store, so a tablet of a café with two stores says whose orders it shows.
  const shownStore = current ?? (storeKey === null && loaded && storeId ? (stores.find((s) => s.store_id === storeId) ?? stores[0]) : undefined);
  // Titles carry the chosen store's name (decision 320); the server could only know the first's.
  const firstName = stores[0]?.name ?? null;
  useEffect(() => {
    document.title = titleForChosenStore(document.title, firstName, current?.name ?? null);
  }, [pathname, firstName, current?.name]);

  const storeField = needsStore && (
    <label className="store-choice field">
      <span className="store-choice-label">{areaTexts.storeLabel}</span>
      <select value={effectiveStore ?? ''} onChange={(e) => chooseStore(e.target.value || null)} aria-label={areaTexts.storeLabel}>
        <option value="">{areaTexts.storePlaceholder}</option>
        {stores.map((s) => (
          <option key={s.store_id} value={s.store_id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
  const menuList = (
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
  );
  const toastLine = toast && (
    <div className="toast" role="status">
      {areaTexts.storeRequiredToast}
    </div>
  );

  const menuInBar = props.frame === 'bar';
  return (
    <div className={menuInBar ? 'area area-framed' : 'area area-framed area-owner'} data-area={base.slice(1)} data-ready={loaded ? 'true' : undefined}>
      <WorkBar {...props} storeField={storeField} storeMissing={locked} storeName={shownStore?.name ?? null} menuList={menuInBar ? menuList : null} />
      {props.tablet && <TabletApp scope={base} />}
      {menuInBar ? (
        <section className="area-content">
          {props.children}
          <Outlet context={outletContext} />
        </section>
      ) : (
        <div className="area-owner-body">
          <nav className="area-sidebar panel" aria-label={title}>
            {menuList}
          </nav>
          <section className="area-content">
            {props.children}
            <Outlet context={outletContext} />
          </section>
        </div>
      )}
      {toastLine}
    </div>
  );
}

/**
 * The staff frame's bar: the area's name and the chosen store, the person and sign-out, the area
 * switch, and the menu — a row of links on a tablet, folded behind メニュー on a phone (closed
 * again after each move, so the screen is what a phone shows first).
 */
function WorkBar(props: AreaLayoutProps & { storeField: ReactNode; storeMissing: boolean; storeName: string | null; menuList: ReactNode | null }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Each move closes the menu: adjusted while rendering the new page, not in an effect after it.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  // An area's home has nothing to show but where to go: there the menu is open, without the button.
  const atHome = pathname === props.base || pathname === `${props.base}/`;
  const here = props.base.slice(1) as WorkArea;
  const others = props.areas.filter((area) => area !== here);
  return (
    <header className="area-bar" data-open={open || atHome ? 'true' : undefined}>
      <div className="area-bar-row">
        <h1 className="area-bar-title">
          <strong>{props.title}</strong>
          {props.storeName && <span className="area-bar-store">{props.storeName}</span>}
        </h1>
        <button type="button" className="area-menu-button" hidden={atHome} aria-expanded={open} aria-controls="area-nav" onClick={() => setOpen((was) => !was)}>
          {areaTexts.menuButton}
        </button>
      </div>
      {/* Until a store is chosen its field stays in view, also on a phone with the menu folded. */}
      {props.storeMissing && <div className="area-bar-store-needed">{props.storeField}</div>}
      <div className="area-bar-body" id="area-nav">
        {props.menuList && <nav aria-label={props.title}>{props.menuList}</nav>}
        <div className="area-bar-tools">
          {!props.storeMissing && props.storeField}
          {props.storeField && props.stores.length === 0 && <p className="hint">{areaTexts.noStores}</p>}
          {others.length > 0 && (
            <nav className="area-switch" aria-label={areaTexts.areaSwitch}>
              {others.map((area) => (
                <Link key={area} to={`/${area}`} className="area-switch-link">
                  {areaLabels[area]}
                </Link>
              ))}
            </nav>
          )}
          <span className="area-bar-user">{areaTexts.signedInAs(props.userName)}</span>
          <LogoutButton secondary />
        </div>
      </div>
    </header>
  );
}
