import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from 'react-router';
import type { ReactNode } from 'react';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { wantsStaffFrame } from '#app/areas/staff-frame';
import { securityMiddleware } from '#app/auth/middleware.server';
import { useNonce } from '#app/auth/nonce';
import { CartButton } from '#app/layout/cart-button';
import { FooterLinks, SiteHeader } from '#app/layout/site-header';
import { layoutTextsIn, localizedLayoutTexts, PRODUCT_NAME } from '#app/layout/texts';
import { useTexts } from '#app/i18n/language';
import { headerData } from '#app/layout/viewer.server';

/** CSRF refusal, /api rate limit, the route table and security headers, for every request (app/auth). */
export const middleware: Route.MiddlewareFunction[] = securityMiddleware;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export const meta: Route.MetaFunction = () => [{ title: PRODUCT_NAME }];

/** Who is looking, for the header (null for a guest). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return headerData(request, context);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Also rendered around an error, when the root loader may not have answered.
  const root = useRouteLoaderData<typeof loader>('root');
  const viewer = root?.viewer ?? null;
  const texts = layoutTextsIn(root?.language ?? 'ja');
  // Kitchen, monitor and staff screens bring their own compact bar instead of the site's header and footer (decision 187).
  const staffFrame = useMatches().some((match) => wantsStaffFrame(match.handle));
  return (
    <html lang={root?.language ?? 'ja'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {!staffFrame && <SiteHeader viewer={viewer} />}
        <main className={staffFrame ? 'site-main staff-main' : 'site-main'}>{children}</main>
        {!staffFrame && (
          <footer className="site-footer">
            <CartButton />
            <FooterLinks />
            <small>{texts.copyright}</small>
          </footer>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The spec sends the user home on router errors. The error is still shown (and logged on the
 * server) with a link, and the browser moves on to /moncafe — unless home itself failed, which
 * would loop.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const atHome = pathname === '/moncafe';
  useEffect(() => {
    if (!atHome) void navigate('/moncafe', { replace: true });
  }, [atHome, navigate]);
  const status = isRouteErrorResponse(error) ? error.status : null;
  const layoutTexts = useTexts(localizedLayoutTexts);
  return (
    <section className="error-screen" role="alert">
      <h1>{layoutTexts.errorTitle}</h1>
      {status !== null && <p className="error-status">{status}</p>}
      {!atHome && <p>{layoutTexts.errorBody}</p>}
      <Link to="/moncafe" className="button">
        {layoutTexts.backHome}
      </Link>
    </section>
  );
}
