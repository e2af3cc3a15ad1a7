import { Form, Link, NavLink, useLocation } from 'react-router';
import { isJapaneseOnlyPath, useTexts } from '#app/i18n/language';
import { LanguageSwitch } from './language-switch';
import { localizedLayoutTexts } from './texts';

/** Who is looking at the site, as the header needs it (root loader, app/layout/viewer.server.ts). */
export interface Viewer {
  name: string;
  /** The operations areas this account may open, in the header's order. */
  areas: readonly ('monitor' | 'staff' | 'admin')[];
}

/**
 * The site's header, for guests first (decision 103): 予約する, メニュー, アクセス and ログイン —
 * or, signed in, the guest's name with 予約履歴 and ログアウト. The spec's モニター / スタッフ /
 * 管理者 buttons are shown to the staff roles that may open them, and to no one else. The
 * 日本語 / English switch only where the page has both (decision 394): never on the admin area.
 */
export function SiteHeader({ viewer }: { viewer: Viewer | null }) {
  const layoutTexts = useTexts(localizedLayoutTexts);
  const bilingual = !isJapaneseOnlyPath(useLocation().pathname);
  const guestLinks = [
    { to: '/reservation', label: layoutTexts.book },
    { to: '/menu', label: layoutTexts.menu },
    { to: '/access', label: layoutTexts.access },
  ];
  const areaLabels = { monitor: layoutTexts.monitor, staff: layoutTexts.staff, admin: layoutTexts.admin };
  return (
    <header className="site-header">
      <div className="header-row">
        <Link to="/moncafe" className="site-title">
          {layoutTexts.headerHome}
        </Link>
        {bilingual && <LanguageSwitch />}
        <nav className="header-account" aria-label={layoutTexts.accountNavigation}>
          {viewer ? (
            <>
              <span className="header-user" title={viewer.name} data-testid="signed-in-name">
                {layoutTexts.signedInAs(viewer.name)}
              </span>
              <Form method="post" action="/logout" className="header-logout">
                <button type="submit" className="header-link">
                  {layoutTexts.logout}
                </button>
              </Form>
            </>
          ) : (
            <NavLink to="/login" className="header-link">
              {layoutTexts.login}
            </NavLink>
          )}
        </nav>
      </div>
      <nav className="header-nav" aria-label={layoutTexts.siteNavigation}>
        {guestLinks.map(({ to, label }) => (
          <NavLink key={to} to={to} className="header-link">
            {label}
          </NavLink>
        ))}
        {viewer && (
          <NavLink to="/my-reservations" className="header-link">
            {layoutTexts.myReservations}
          </NavLink>
        )}
      </nav>
      {viewer && viewer.areas.length > 0 && (
        <nav className="header-nav header-operations" aria-label={layoutTexts.operationsNavigation}>
          {viewer.areas.map((area) => (
            <Link key={area} to={`/${area}`} className="header-button">
              {areaLabels[area]}
            </Link>
          ))}
        </nav>
      )}
    </header>
  );
}

/** The footer's links: about the cafe, where it is, the menu. */
export function FooterLinks() {
  const layoutTexts = useTexts(localizedLayoutTexts);
  return (
    <nav className="footer-nav" aria-label={layoutTexts.footerNavigation}>
      <Link to="/about">{layoutTexts.about}</Link>
      <Link to="/access">{layoutTexts.access}</Link>
      <Link to="/menu">{layoutTexts.menu}</Link>
    </nav>
  );
}
