import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import { callTexts } from '#app/http/texts';

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
