/** Words of the shared layout (header, footer, error screen) and the page-title rule. */
export const PRODUCT_NAME = 'MonCafe';

export const layoutTexts = {
  headerHome: 'MonCafe',
  monitor: 'モニター',
  staff: 'スタッフ',
  admin: '管理者',
  copyright: '© MonCafe',
  cartButton: (quantity: number) => `カート（${quantity}）`,
  cartButtonLabel: (quantity: number) => `カートを見る（${quantity}点）`,
  errorTitle: 'エラーが発生しました',
  errorBody: 'ホームに戻ります。',
  backHome: 'ホームへ戻る',
} as const;

/** Every page title ends with the product name: 'メニュー | MonCafe'. */
export function pageTitle(screen: string): string {
  return `${screen} | ${PRODUCT_NAME}`;
}
