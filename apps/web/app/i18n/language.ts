import { useRouteLoaderData } from 'react-router';
import { yenAmount } from '#app/shared/yen';

/**
 * The guest side's two languages (decision 360): Japanese, the spec's, and English for
 * visitors. Every guest text module exports its Japanese texts as they always were and their
 * English beside them, typed `Messages<typeof japanese>` so a key left out (or a function's
 * arguments changed) fails the typecheck; a component reads its texts with `useTexts`.
 */
export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The cookie that keeps a guest's choice (no account needed); a year, readable by the page that sets it. */
export const LANGUAGE_COOKIE = 'lang';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The same shape with every text widened: what another language must provide for each key. */
export type Messages<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends readonly (infer E)[]
      ? readonly Messages<E>[]
      : T extends object
        ? { readonly [K in keyof T]: Messages<T[K]> }
        : T;

/** A text module in both languages. */
export interface Localized<T> {
  ja: T;
  en: Messages<T>;
}

export function isLanguage(value: unknown): value is Language {
  return value === 'ja' || value === 'en';
}

function cookieValue(cookieHeader: string | null, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/**
 * The language a request asks for: the guest's choice kept in the cookie, else the first of the
 * browser's `Accept-Language` ranges (by weight) that is Japanese or English, else Japanese.
 */
export function languageOfHeaders(cookieHeader: string | null, acceptLanguage: string | null): Language {
  const chosen = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((range, index) => {
      const [tag = '', ...params] = range.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) if (isLanguage(range.primary)) return range.primary;
  return 'ja';
}

export function languageOf(request: Request): Language {
  return languageOfHeaders(request.headers.get('Cookie'), request.headers.get('Accept-Language'));
}

/** Staff and admin screens stay Japanese whatever the browser asks (decision 360). */
const STAFF_PATHS = /^\/(admin|monitor|staff|kitchen|api\/admin|api\/monitor)(\/|$)/;

/** Whether a path's page is shown in Japanese only, with no 日本語 / English switch: the operations areas (decision 394). */
export function isJapaneseOnlyPath(pathname: string): boolean {
  return STAFF_PATHS.test(pathname);
}

/** The language a page is rendered in: the guest's for guest pages, Japanese for the operations areas. */
export function pageLanguageOf(request: Request): Language {
  return isJapaneseOnlyPath(new URL(request.url).pathname) ? 'ja' : languageOf(request);
}

/** Sets the guest's choice in the browser; the page then loads its data again in that language. */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** The language of the page being shown (the root loader's answer; Japanese around an error). */
export function useLanguage(): Language {
  const data = useRouteLoaderData<{ language?: Language }>('root');
  return data?.language ?? 'ja';
}

/** A text module's texts in the page's language. */
export function useTexts<T>(texts: Localized<T>): Messages<T> {
  const language = useLanguage();
  return language === 'en' ? texts.en : (texts.ja as Messages<T>);
}

/**
 * The `lang` of a store-written text (a menu item's name, decision 362) on a page of `language`:
 * 'ja' on an English page where no English was given and the Japanese shows instead, so the page
 * says which of its words are Japanese (decision 394).
 */
export function fallbackLang(language: Language, english: string | undefined): 'ja' | undefined {
  return language === 'en' && !english ? 'ja' : undefined;
}

/** The texts of a language, for code that is handed it (loaders, mails, meta). */
export function textsIn<T>(texts: Localized<T>, language: Language): Messages<T> {
  return language === 'en' ? texts.en : (texts.ja as Messages<T>);
}

/** The page language from a route's meta `matches` (the root's answer). */
export function languageOfMatches(matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[]): Language {
  const root = matches.find((m) => m?.id === 'root');
  const data = (root?.loaderData ?? root?.data) as { language?: Language } | undefined;
  return data?.language ?? 'ja';
}

function utcDateOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

const JAPANESE_DATE = new Intl.DateTimeFormat('ja-JP', { year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short', timeZone: 'UTC' });
const ENGLISH_DATE = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 2026-11-29 → 2026年11月29日（日） / Sun, 29 Nov 2026, through Intl. */
export function formatDate(date: string, language: Language): string {
  const day = utcDateOf(date);
  if (language === 'en') return ENGLISH_DATE.format(day);
  const part = (type: Intl.DateTimeFormatPartTypes) => JAPANESE_DATE.formatToParts(day).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}年${part('month')}月${part('day')}日（${part('weekday')}）`;
}

const ENGLISH_YEN = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' });

/** 1200 → '1,200円' (exactly as before, shared/yen.ts) / '¥1,200' through Intl. */
export function formatYenIn(amount: number, language: Language): string {
  return language === 'en' ? ENGLISH_YEN.format(Math.round(amount)) : yenAmount(amount);
}

/** Dates and yen in the page's language, for components. */
export function useFormat(): { language: Language; date: (date: string) => string; yen: (amount: number) => string } {
  const language = useLanguage();
  return { language, date: (date) => formatDate(date, language), yen: (amount) => formatYenIn(amount, language) };
}

/** The shown page's language, for browser code outside components (an alert): `<html lang>`. */
export function documentLanguage(): Language {
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : 'ja';
}
