/**
 * Response headers every page and call gets. Scripts run only from our origin or with this
 * response's nonce; nothing may frame the site (clickjacking on the admin and order screens).
 */
export function contentSecurityPolicy(nonce: string, options: { production: boolean; formActions?: readonly string[] }): string {
  const directives = [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}'`,
    // React's style attributes and the map embed need inline styles; styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https:`,
    `font-src 'self' data:`,
    // Vite's hot reload talks over a websocket in development.
    options.production ? `connect-src 'self'` : `connect-src 'self' ws: wss:`,
    // /access embeds an OpenStreetMap map.
    `frame-src 'self' https://www.google.com https://maps.google.com https://www.instagram.com https://www.openstreetmap.org`,
    `frame-ancestors 'none'`,
    `form-action 'self'${options.formActions?.length ? ` ${options.formActions.join(' ')}` : ''}`,
    `base-uri 'self'`,
    `object-src 'none'`,
  ];
  return directives.join('; ');
}

export function applySecurityHeaders(headers: Headers, nonce: string, options: { production: boolean; formActions?: readonly string[] }): void {
  headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, options));
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Permissions-Policy', 'camera=(self), geolocation=(self), microphone=()');
  if (options.production) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
