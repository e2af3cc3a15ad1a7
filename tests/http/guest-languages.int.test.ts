import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccess } from '../../apps/web/app/auth/route-access';
import { LANGUAGE_COOKIE } from '../../apps/web/app/i18n/language';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * Issue 32, Deliver 1: every guest page walked in both languages, from the route-access table
 * itself so a new guest page cannot be forgotten. A page the guest may open (public, not a call,
 * not a sign-in hand-off) answers without a server error in Japanese and in English; the page it
 * renders says its language in `<html lang>` and shows no text built from a missing value
 * (`undefined`, `NaN`, `[object Object]` — what a message whose argument or key went missing
 * prints). Which keys exist in both languages is the typecheck's (`Messages<typeof japanese>`).
 */
const HAND_OFFS = new Set(['/', '/*', '/logout', '/auth/callback', '/auth/oidc', '/live', '/dev/mailbox']);
const guestPages = Object.entries(routeAccess)
  .filter(([pattern, rule]) => rule.read === 'public' && !pattern.startsWith('/api/') && !HAND_OFFS.has(pattern) && !pattern.includes(':'))
  .map(([pattern]) => pattern)
  .sort();

/** Visible text of a page: the markup without its scripts, styles and tags. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
}

describe('every guest page in both languages', () => {
  let server: TestWebServer;
  beforeAll(async () => {
    server = await startTestWebServer();
  }, 180_000);
  afterAll(() => server?.close());

  it('walks the guest pages of the route table (the public site, the reservation flow, sign-in, the table)', () => {
    for (const page of ['/moncafe', '/menu', '/access', '/about', '/reservation', '/login', '/order/top', '/checkout', '/my-reservations']) {
      expect(guestPages).toContain(page);
    }
  });

  for (const language of ['ja', 'en'] as const) {
    it(`opens each guest page in ${language === 'ja' ? 'Japanese' : 'English'}, with its <html lang> and no text of a missing value`, async () => {
      const found: string[] = [];
      for (const page of guestPages) {
        const response = await fetch(new URL(page, server.url), {
          redirect: 'manual',
          headers: { 'accept-language': language === 'en' ? 'en-GB,en;q=0.9' : 'ja-JP,ja;q=0.9' },
        });
        if (response.status >= 500) found.push(`${page}: ${response.status}`);
        if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('text/html')) continue;
        const html = await response.text();
        if (!html.includes(`<html lang="${language}"`)) found.push(`${page}: not <html lang="${language}">`);
        const broken = /\bundefined\b|\bNaN\b|\[object Object\]/.exec(visibleText(html));
        if (broken) found.push(`${page}: shows "${broken[0]}"`);
      }
      expect(found).toEqual([]);
    });
  }

  it('keeps the language chosen in the cookie over the browser’s', async () => {
    const response = await fetch(new URL('/moncafe', server.url), { headers: { 'accept-language': 'en', cookie: `${LANGUAGE_COOKIE}=ja` } });
    expect(await response.text()).toContain('<html lang="ja"');
  });
});
