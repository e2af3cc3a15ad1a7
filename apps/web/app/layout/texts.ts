/** Words of the shared layout (header, footer, error screen) and the page-title rule. */
export const PRODUCT_NAME = 'MonCafe';

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
} as const;

/** Every page title ends with the product name: 'メニュー | MonCafe'. */
export function pageTitle(screen: string): string {
  return `${screen} | ${PRODUCT_NAME}`;
}
