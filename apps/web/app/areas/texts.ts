/** Japanese texts of the admin, monitor, staff and kitchen area shells. */
export const areaTexts = {
  adminTitle: '管理者画面',
  monitorTitle: 'モニター',
  staffTitle: 'スタッフ',
  kitchenTitle: 'キッチン',
  usersTitle: 'ユーザー管理',
  home: 'ホーム',
  storeLabel: '店舗を選択：',
  storePlaceholder: '-- 店舗を選択 --',
  noStores: '店舗が登録されていません',
  /** Spec: the staff toast 'store must be selected', 2 s. */
  storeRequiredToast: '店舗を選択してください',
  storeRequiredTitle: '店舗選択が必要です',
  chooseStoreFirst: '先に店舗を選択してください。',
  selectedStore: (name: string) => `選択中の店舗：${name}`,
  signedInAs: (name: string) => `${name} さん`,
  /** The staff frame's bar (decision 187): the folded menu on phones, and the switch to the person's other areas. */
  menuButton: 'メニュー',
  areaSwitch: '画面の切り替え',
  /**
   * The kitchen's and the floor's tablets with the line down (decision 664): what they show is
   * the last state they read, and taps wait on the tablet until the line is back.
   */
  offline: (waiting: number) =>
    waiting > 0
      ? `オフラインです。最後に受信した内容を表示しています。未送信の操作が${waiting}件あり、接続が戻りしだい自動で送信します。`
      : 'オフラインです。最後に受信した内容を表示しています。接続が戻りしだい自動で更新します。',
} as const;

/** An operations area as the staff frame's area switch names it. */
export type WorkArea = 'kitchen' | 'monitor' | 'staff' | 'admin';
export const areaLabels: Record<WorkArea, string> = { kitchen: 'キッチン', monitor: 'モニター', staff: 'スタッフ', admin: '管理者' };

export const adminMenu = [
  { path: '', label: 'ホーム' },
  { path: 'menu-add', label: 'メニュー追加' },
  { path: 'menu-manager', label: 'メニュー管理' },
  { path: 'recipe-manager', label: 'レシピ管理' },
  { path: 'serve-method-manager', label: '提供方法管理' },
  { path: 'seats', label: '座席管理' },
  { path: 'business-hours', label: '営業時間設定' },
  { path: 'database', label: 'データベース' },
  { path: 'opening-prep', label: '開店準備' },
  { path: 'close-prep', label: '閉店作業' },
  { path: 'users', label: 'ユーザー管理' },
  { path: 'shifts', label: 'シフト管理' },
  { path: 'history', label: '履歴' },
  { path: 'order', label: '発注管理' },
  { path: 'disclaimer', label: '免責事項' },
  { path: 'email-settings', label: 'メール設定' },
  { path: 'notifications', label: 'お知らせ設定' },
  { path: 'homepage-settings', label: 'ホームページ設定' },
  { path: 'cost-management', label: '原価管理' },
  { path: 'tax-management', label: '税率設定' },
  { path: 'store-coordinates', label: '店舗位置情報' },
  // A second store (decision 320)
  { path: 'stores', label: '店舗管理' },
  { path: 'order-limits', label: '注文の上限' },
  { path: 'discount-presets', label: '割引の設定' },
  // Privacy (decisions 180–186)
  { path: 'privacy', label: '個人情報' },
  // The daily close and sales (decisions 250–251)
  { path: 'daily-close', label: '日計・レジ締め' },
  { path: 'sales', label: '売上' },
  // The time clock (decisions 565–568)
  { path: 'attendance', label: '勤怠管理' },
] as const;

export const monitorMenu = [
  { path: '', label: 'ホーム' },
  { path: 'order', label: '注文画面' },
  { path: 'kitchen', label: 'キッチン' },
  { path: 'stock', label: '在庫管理' },
  { path: 'reservation', label: '予約スケジュール' },
  { path: 'checkout', label: '会計' },
  { path: 'qr-codes', label: '座席QRコード' },
] as const;

export const staffMenu = [
  { path: '', label: 'ホーム' },
  { path: 'shift-submit', label: 'シフト提出' },
  { path: 'view-shift', label: 'シフト確認' },
  { path: 'opening-prep', label: '開店準備' },
  { path: 'close-prep', label: '閉店作業' },
  { path: 'order', label: '発注情報' },
  { path: 'recipe', label: 'レシピ' },
  { path: 'serve-method', label: '提供方法' },
] as const;

export const kitchenMenu = [
  { path: '', label: '注文' },
  { path: 'history', label: '履歴' },
  { path: 'stock', label: '在庫' },
] as const;

/** A staff screen's name as the staff menu shows it, for the owner's editors that feed it. */
export function staffScreenName(path: (typeof staffMenu)[number]['path']): string {
  return staffMenu.find((item) => item.path === path)!.label;
}
