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

/**
 * The security headers of every answer — pages, calls, refusals, static files, errors — set once
 * by the outermost layer (app/http/answer-edge.ts, decision 166).
 */
export function securityHeaders(nonce: string, options: { production: boolean; formActions?: readonly string[] }): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(nonce, options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=()',
    ...(options.production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
