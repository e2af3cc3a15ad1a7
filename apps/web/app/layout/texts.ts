import { languageOfMatches, textsIn, type Language, type Localized, type Messages } from '#app/i18n/language';

/** Words of the shared layout (header, footer, error screen) and the page-title rule. */
export const PRODUCT_NAME = 'MonCafe';

/** The tablets' installed app (layout/site-files.ts). */
export const siteFileTexts = {
  manifestDescription: 'キッチンとフロアの画面',
};

export const layoutTexts = {
  headerHome: 'MonCafe',
  /** The guest's way around the site (decision 103). */
  book: '予約する',
  menu: 'メニュー',
  access: 'アクセス',
  about: 'お店について',
  login: 'ログイン',
  myReservations: '予約履歴',
  logout: 'ログアウト',
  signedInAs: (name: string) => `${name} 様`,
  siteNavigation: 'サイト内',
  accountNavigation: 'アカウント',
  operationsNavigation: '業務画面',
  footerNavigation: 'お店の案内',
  monitor: 'モニター',
  staff: 'スタッフ',
  admin: '管理者',
  copyright: '© MonCafe',
  cartButton: (quantity: number) => `カート（${quantity}）`,
  /** Holds the visible text, as a spoken name must. */
  cartButtonLabel: (quantity: number) => `カート（${quantity}）を見る`,
  errorTitle: 'エラーが発生しました',
  errorBody: 'ホームに戻ります。',
  backHome: 'ホームへ戻る',
  /** The language switch on every guest page (decision 360): each language named in itself. */
  languageSwitch: '言語',
  japanese: '日本語',
  english: 'English',
} as const;

const layoutTextsEn: Messages<typeof layoutTexts> = {
  headerHome: 'MonCafe',
  book: 'Book a table',
  menu: 'Menu',
  access: 'Getting here',
  about: 'About us',
  login: 'Sign in',
  myReservations: 'My bookings',
  logout: 'Sign out',
  signedInAs: (name) => name,
  siteNavigation: 'On this site',
  accountNavigation: 'Account',
  operationsNavigation: 'Staff screens',
  footerNavigation: 'About the café',
  monitor: 'Monitor',
  staff: 'Staff',
  admin: 'Admin',
  copyright: '© MonCafe',
  cartButton: (quantity) => `Cart (${quantity})`,
  cartButtonLabel: (quantity) => `View cart (${quantity})`,
  errorTitle: 'Something went wrong',
  errorBody: 'Taking you back to the home page.',
  backHome: 'Back to the home page',
  languageSwitch: 'Language',
  japanese: '日本語',
  english: 'English',
};

export const localizedLayoutTexts: Localized<typeof layoutTexts> = { ja: layoutTexts, en: layoutTextsEn };

export function layoutTextsIn(language: Language): Messages<typeof layoutTexts> {
  return textsIn(localizedLayoutTexts, language);
}

/** Every page title ends with the product name: 'メニュー | MonCafe'. */
export function pageTitle(screen: string): string {
  return `${screen} | ${PRODUCT_NAME}`;
}

/** A route's `meta`: its title from a text module, in the page's language (the root's answer). */
export function titleMeta<T>(texts: Localized<T>, pick: (texts: Messages<T>) => string) {
  return ({ matches }: { matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[] }) => [
    { title: pageTitle(pick(textsIn(texts, languageOfMatches(matches)))) },
  ];
}
