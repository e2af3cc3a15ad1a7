/**
 * Japanese texts of the admin screens of decisions 120–123 built here: the seats editor
 * (/admin/seats), the admin home (/admin), orders by day and its CSV, and cost management
 * (/admin/cost-management). The spec shows none of these screens' content (decisions 120–124).
 */
export const seatTexts = {
  title: '座席管理',
  intro: '座席ごとの定員・予約の保持時間・並び順・相席（連結）できる座席を設定します。変更は予約画面とモニターにすぐ反映されます。',
  name: '座席名',
  maxPeople: '定員（名）',
  holdMinutes: '予約の保持時間（分）',
  combinable: '連結できる座席（大人数のとき一緒に使う席）',
  noOtherSeats: 'ほかの座席はありません',
  isReservable: 'Web予約を受け付ける',
  isActive: '使用中（オフにすると予約・QR注文に使われません）',
  inactive: '休止中',
  notReservable: 'Web予約なし',
  summary: (maxPeople: number, hold: number) => `定員 ${maxPeople}名 ／ 保持 ${hold}分`,
  combinedWith: (names: string) => `連結：${names}`,
  empty: '座席が登録されていません。下のフォームから追加してください。',
  addTitle: '座席を追加',
  /** The refusal of removing (or taking out of service) a seat with bookings, with the bookings listed. */
  hasBookings: (lines: readonly string[]) =>
    `この座席には今後の予約が${lines.length}件あるため、削除・休止できません。先にモニターの予約スケジュールで予約を別の座席へ移動してください：${lines.join('、')}`,
  bookingLine: (date: string, time: string, name: string, people: number) => `${date} ${time} ${name}様（${people}名）`,
} as const;

/** /admin/stores (decision 320): the stores of the chain, opened, edited and closed by the admin. */
export const storeTexts = {
  title: '店舗管理',
  intro: '店舗の名前・住所・電話番号などを登録します。閉店した店舗は履歴を残したまま、新しい予約を受け付けなくなります。',
  name: '店舗名',
  postalCode: '郵便番号',
  address: '住所',
  phone: '電話番号',
  email: 'メールアドレス',
  accessNote: 'アクセス（例：駅から徒歩2分）',
  displayOrder: '表示順',
  addTitle: '店舗を追加',
  add: '追加する',
  save: '保存する',
  edit: '編集',
  cancel: 'キャンセル',
  close: '閉店する',
  closed: (date: string) => `閉店（${date}）`,
  open: '営業中',
  empty: '店舗が登録されていません。下のフォームから追加してください。',
  added: (name: string) => `${name}を追加しました。`,
  saved: '保存しました。',
  closedDone: (name: string) => `${name}を閉店にしました。`,
  confirmCloseTitle: '店舗を閉店にしますか？',
  confirmClose: (name: string) =>
    `${name}を閉店にします。これまでの予約・注文・売上の履歴は残りますが、新しい予約は受け付けなくなり、店舗一覧にも表示されなくなります。元に戻すことはできません。`,
  settingsOf: '店舗ごとの設定',
  coordinates: '位置情報・ジオフェンス',
  businessHours: '営業時間',
  tax: '税率・登録番号',
  seats: '座席',
  storeExists: 'この店舗はすでに登録されています。',
  storeClosed: 'この店舗は閉店しています。',
  lastOpenStore: '営業中の店舗がほかにないため、閉店にできません。先に別の店舗を追加してください。',
  // Decisions 540 and 620: how this store's staff sign in, and how long their records are kept.
  secondFactorForStaff: 'スタッフ・モニターにも2段階認証を必須にする（未設定の人は次回ログインから7日以内に設定）',
  secondFactorOn: '2段階認証: スタッフも必須',
  wageRetentionYears: '退職者の賃金台帳・出勤簿の保存期間（年）',
  wageRetentionShown: (years: number) => `退職者の記録の保存: ${years}年`,
} as const;

/** The store and seat editors' labels by field key: a refused save names the field by the label beside it, never its key. */
export const storeFieldLabels: Readonly<Record<string, string>> = {
  name: storeTexts.name,
  postal_code: storeTexts.postalCode,
  address: storeTexts.address,
  phone: storeTexts.phone,
  email: storeTexts.email,
  access_note: storeTexts.accessNote,
  display_order: storeTexts.displayOrder,
  second_factor_for_staff: storeTexts.secondFactorForStaff,
  wage_retention_years: storeTexts.wageRetentionYears,
};

export const seatFieldLabels: Readonly<Record<string, string>> = {
  name: seatTexts.name,
  max_people: seatTexts.maxPeople,
  reservation_hold_minutes: seatTexts.holdMinutes,
  adjacent_seat_ids: seatTexts.combinable,
  is_reservable: seatTexts.isReservable,
  is_active: seatTexts.isActive,
  display_order: storeTexts.displayOrder,
};

export const homeTexts = {
  todayTitle: (date: string) => `本日の状況（${date}）`,
  dayLabel: '日付：',
  bookingsTitle: '予約と人数（時間帯別）',
  hour: '時間帯',
  bookings: '予約',
  covers: '人数',
  noBookings: 'この日の予約はありません。',
  bookingsTotal: (count: number, covers: number) => `合計 ${count}件・${covers}名`,
  toSchedule: '予約スケジュールを開く',
  checkedInTitle: '来店中のお客様',
  noneCheckedIn: '来店中のお客様はいません。',
  seatedAt: (time: string) => `${time} 来店`,
  toCheckout: '会計へ',
  openOrdersTitle: '未提供の注文',
  openOrders: (n: number) => `${n}件`,
  toKitchen: 'キッチンを開く',
  salesTitle: '売上（会計済み）',
  noSales: 'まだ会計はありません。',
  salesTotal: (total: string) => `合計 ${total}（税込）`,
  paymentCount: (n: number) => `${n}件`,
  soldOutTitle: '売り切れ・在庫切れ',
  noneSoldOut: '売り切れの商品はありません。',
  toStock: '在庫管理を開く',
  ordersTitle: '注文一覧（この日）',
  noOrders: 'この日の注文はありません。',
  orderTime: '時刻',
  seat: '座席',
  items: '内容',
  subtotal: '小計',
  payment: '支払方法',
  status: '状態',
  statuses: { ready: '調理待ち', complete: '提供済み' } as Record<string, string>,
  unpaid: '未会計',
  ordersTotal: (count: number, amount: string) => `注文 ${count}件・合計 ${amount}（税抜）`,
  itemTotalsTitle: '商品別の合計',
  exportCsv: 'CSVをダウンロード',
  loadFailed: '読み込みに失敗しました。',
  paymentMethods: { cash: '現金', credit: 'クレジットカード', electronic: '電子マネー', qr: 'QR決済' } as Record<string, string>,
} as const;

/** The CSV's header row (decision 123). */
export const csvTexts = {
  header: ['注文ID', '注文日時', '座席', '予約ID', '商品', '数量', '単価', '金額', '状態', '支払方法'],
  fileName: (date: string) => `orders-${date}.csv`,
} as const;

export const costTexts = {
  title: '原価管理',
  intro: 'メニューごとの材料（数量・単価）を登録すると、原価・粗利と、その日の注文から計算した粗利を表示します。金額は税抜です。',
  menu: 'メニュー',
  ingredient: '材料名',
  quantity: '数量',
  unit: '単位',
  unitCost: '単価（円）',
  lineCost: '原価',
  noLines: '材料が登録されていません。',
  addLine: '材料を追加',
  price: '売価',
  cost: '原価',
  margin: '粗利',
  marginRate: '粗利率',
  notCosted: '未登録',
  itemsTitle: 'メニュー別の原価と粗利',
  dayTitle: (date: string) => `${date} の注文の粗利`,
  dayLabel: '日付：',
  sold: '販売数',
  sales: '売上',
  dayTotals: (sales: string, cost: string, margin: string) => `売上 ${sales} ／ 原価 ${cost} ／ 粗利 ${margin}`,
  uncosted: (sales: string) => `材料未登録の商品の売上 ${sales} は粗利に含みません。`,
  noOrders: 'この日の注文はありません。',
  linesOf: (name: string) => `${name} の材料`,
} as const;

/** The cost editor's labels by field key. */
export const costFieldLabels: Readonly<Record<string, string>> = {
  menu_id: costTexts.menu,
  name: costTexts.ingredient,
  quantity: costTexts.quantity,
  unit: costTexts.unit,
  unit_cost: costTexts.unitCost,
};
