import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccess } from '../../apps/web/app/auth/route-access';
import { LANGUAGE_COOKIE } from '../../apps/web/app/i18n/language';
import { httpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * The guest side in two languages (decision 360): every guest page walked in both languages, from the route-access table
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

/** Kana and kanji (and half-width kana, and the full-width marks written around them). */
const JAPANESE = /[\u3000-\u30ff\u3400-\u9fff\uff01-\uff9f]+/g;
/**
 * The named exceptions on an English page: what the page itself marks `lang="ja"` — the store's own
 * words (its name and address, its homepage cards, a menu item with no English name, decision 364)
 * and the switch's 日本語 — and the `<html lang>` of a page that says it is Japanese.
 */
function japaneseOnEnglishPage(html: string): string[] {
  const body = html.replace(/^[\s\S]*?<body[^>]*>/, '');
  const withoutOwnWords = body.replace(/<(\w+)\b[^>]*\slang="ja"[^>]*>[\s\S]*?<\/\1>/g, ' ');
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  return [...`${title} ${visibleText(withoutOwnWords)}`.matchAll(JAPANESE)].map((m) => m[0]);
}

/** The public site and sign-in must be English for an English visitor; a page still Japanese must say lang="ja". */
const ENGLISH_PAGES = ['/moncafe', '/menu', '/access', '/about', '/login', '/verify-email', '/my-data', '/auth/error', '/auth/success'];
const STAFF_PAGES = ['/admin', '/admin/menu-manager', '/monitor', '/staff', '/kitchen'];

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
        if (language === 'en' && html.includes('<html lang="en"')) {
          const japanese = japaneseOnEnglishPage(html);
          if (japanese.length > 0) found.push(`${page}: says lang="en" and shows ${japanese.slice(0, 8).join(' ')}`);
        }
        const broken = /\bundefined\b|\bNaN\b|\[object Object\]/.exec(visibleText(html));
        if (broken) found.push(`${page}: shows "${broken[0]}"`);
      }
      expect(found).toEqual([]);
    });
  }

  it('shows the public pages and sign-in in English to an English browser, Japanese only where marked as the store’s words', async () => {
    for (const page of ENGLISH_PAGES) expect(guestPages).toContain(page);
    const found: string[] = [];
    for (const page of ENGLISH_PAGES) {
      const response = await fetch(new URL(page, server.url), { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
      const html = await response.text();
      if (!html.includes('<html lang="en"')) found.push(`${page}: not <html lang="en">`);
      if (!html.includes('data-testid="language-switch"')) found.push(`${page}: no language switch`);
      const japanese = japaneseOnEnglishPage(html);
      if (japanese.length > 0) found.push(`${page}: ${japanese.slice(0, 8).join(' ')}`);
    }
    expect(found).toEqual([]);
  });

  it('keeps staff and admin screens Japanese, without the language switch, whatever the browser asks', async () => {
    const admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    const found: string[] = [];
    for (const page of STAFF_PAGES) {
      const response = await admin.get(page, { 'accept-language': 'en-GB,en;q=0.9', cookie: `${admin.cookie}; ${LANGUAGE_COOKIE}=en` });
      if (response.status !== 200) found.push(`${page}: ${response.status}`);
      const html = await response.text();
      if (!html.includes('<html lang="ja"')) found.push(`${page}: not <html lang="ja">`);
      if (html.includes('data-testid="language-switch"')) found.push(`${page}: shows the language switch`);
    }
    expect(found).toEqual([]);
  });

  it('keeps the language chosen in the cookie over the browser’s', async () => {
    const response = await fetch(new URL('/moncafe', server.url), { headers: { 'accept-language': 'en', cookie: `${LANGUAGE_COOKIE}=ja` } });
    expect(await response.text()).toContain('<html lang="ja"');
  });
});
