import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import { callTexts } from '#app/http/texts';
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
  /** Decision 406: a `?store_id` that is not an open store. */
  unknownStore: callTexts.unknownStore,
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
  unknownStore: 'We could not find that café, or it is closed. Please choose the café again.',
  reserveThis: 'Book this',
  /** Holds the visible 'Book this', as a spoken name must. */
  reserveItem: (name) => `Book this: ${name}`,
};

export const localizedMenuTexts: Localized<typeof menuTexts> = { ja: menuTexts, en: menuTextsEn };
