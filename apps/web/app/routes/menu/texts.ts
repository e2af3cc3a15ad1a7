import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import type { Localized, Messages } from '#app/i18n/language';

/** Words of the public menu (/menu). */
export const menuTexts = {
  title: 'メニュー',
  heading: 'メニュー',
  all: 'すべて',
  categories: { drink: 'ドリンク', food: 'フード', dessert: 'デザート' } satisfies Record<MenuCategory, string>,
  loading: '読み込み中…',
  loadFailed: 'メニューの読み込みに失敗しました',
  retry: '再試行',
  empty: 'メニューがありません',
  filterLabel: 'カテゴリ',
  /** Decision 321: the store whose menu is shown, where there are several. */
  storeLabel: '店舗',
  reserve: '予約する',
  reserveThis: '予約する',
  reserveItem: (name: string) => `${name}を予約する`,
} as const;

const menuTextsEn: Messages<typeof menuTexts> = {
  title: 'Menu',
  heading: 'Menu',
  all: 'All',
  categories: { drink: 'Drinks', food: 'Food', dessert: 'Desserts' },
  loading: 'Loading…',
  loadFailed: 'We could not load the menu.',
  retry: 'Try again',
  empty: 'Nothing on the menu here yet.',
  filterLabel: 'Category',
  storeLabel: 'Café',
  reserve: 'Book a table',
  reserveThis: 'Book this',
  /** Holds the visible 'Book this', as a spoken name must. */
  reserveItem: (name) => `Book this: ${name}`,
};

export const localizedMenuTexts: Localized<typeof menuTexts> = { ja: menuTexts, en: menuTextsEn };
