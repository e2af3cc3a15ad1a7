import { PRODUCT_NAME, siteFileTexts } from '#app/layout/texts';

/**
 * The files a browser, a crawler or a tablet's home screen asks every site for (decision 659):
 * served as answers of their own instead of falling through to the unknown path's redirect.
 * The icons are static files in apps/web/public.
 */

/**
 * What a crawler may read: the customer site. The operations areas, the calls, the guest's own
 * pages (a table's orders, a receipt, a reservation) and the live stream are not for an index;
 * they are refused to anyone without the right sign-in anyway, this only keeps crawlers off them.
 */
export const crawlerDisallowedPaths = [
  '/admin',
  '/staff',
  '/monitor',
  '/kitchen',
  '/api/',
  '/live',
  '/dev/',
  '/account',
  '/login',
  '/order',
  '/checkout',
  '/receipts/',
  '/my-reservations',
  '/my-data',
  '/confirm-reservation',
  '/reservation-details',
  '/verify-email',
  '/auth/',
] as const;

export function robotsTxt(): string {
  return ['User-agent: *', ...crawlerDisallowedPaths.map((p) => `Disallow: ${p}`), ''].join('\n');
}

/**
 * The web app manifest the kitchen and floor tablets install from: standalone (no browser bar),
 * opening the monitor's screens, named after the store so two stores' tablets tell apart.
 */
export function webManifest(storeName: string | null) {
  const name = storeName ? `${storeName} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  return {
    name,
    short_name: storeName ?? PRODUCT_NAME,
    description: siteFileTexts.manifestDescription,
    lang: 'ja',
    start_url: '/monitor',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#efe0cf',
    theme_color: '#7a4a2a',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}
