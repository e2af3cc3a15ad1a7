/**
 * LINE's in-app browser limits login, so a reservation link opened inside it offers to reopen
 * the page in the phone's own browser. LINE honours `openExternalBrowser=1` on the URL.
 */
export function isLineInAppBrowser(userAgent: string): boolean {
  return userAgent.includes('Line/');
}

export function shouldOfferExternalBrowser(link: string, userAgent: string): boolean {
  return link.includes('reservation') && isLineInAppBrowser(userAgent);
}

const placeholderOrigin = 'https://placeholder.invalid';

/** The same link with openExternalBrowser=1 added, keeping its other parameters and its hash. */
export function withOpenExternalBrowser(link: string): string {
  const url = new URL(link, placeholderOrigin);
  url.searchParams.set('openExternalBrowser', '1');
  if (url.origin === placeholderOrigin && !/^[a-z][a-z0-9+.-]*:/i.test(link)) {
    return `${url.pathname}${url.search}${url.hash}`;
  }
  return url.toString();
}

export type LinkKind = 'internal' | 'external' | 'none';

/**
 * Internal paths navigate inside the app; http(s) links open in a new tab. Anything else
 * (javascript:, data:, protocol-relative …) comes from editable settings and is not rendered as a link.
 */
export function linkKind(link: string | null | undefined): LinkKind {
  if (!link) return 'none';
  if (link.startsWith('/') && !link.startsWith('//')) return 'internal';
  if (/^https?:\/\//i.test(link)) return 'external';
  return 'none';
}
