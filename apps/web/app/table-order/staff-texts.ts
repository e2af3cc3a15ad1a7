import { billingTexts } from '#app/billing/texts';

/**
 * Japanese texts of the staff's table screens: the kitchen, the stock editor, the monitor's order
 * and checkout, the QR codes, and the admin's tax and store-location screens (the guest's are in
 * texts.ts). The spec's own words (operations.md §2, §5, §8) are kept character for character and
 * marked 「spec」; decision 065 records the Japanese chosen for the rest. Staff screens stay Japanese.
 */
export const kitchenTexts = {
  /** Two parties became one at the table (decision 370, spec `reservation-merged`): their tickets go on one bill. */
  merged: (seats: string, people: number) => `合流：${seats}（${people}名）のご注文は1つのお会計になりました。`,
  mergeUndone: '合流が取り消されました。ご注文はそれぞれのお席のお会計に戻りました。',
  /** Decision 630: parties seated with a booked course, shown to the kitchen when they sit down. */
  coursesTitle: 'ご着席のコース',
  coursePeople: (people: number) => `${people}名`,
  seatedAt: (time: string) => `${time} ご着席`,
  /** A booking's remarks on the ticket (decision 282). */
  remarks: '備考',
  title: '注文一覧',
  historyTitle: '注文履歴',
  ready: '未完了',
  empty: '未完了の注文はありません。',
  historyEmpty: '本日完了した注文はありません。',
  complete: '完了',
  restore: '戻す',
  orderedAt: (time: string) => `${time} 注文`,
  completedAt: (time: string) => `${time} 完了`,
  newBadge: '新着',
  enableSound: '通知音を有効にする',
  soundOn: '通知音：オン',
  testSound: '通知音を試す',
  liveDown: (since: string) => `リアルタイム接続が切れています（${since}から）。5秒ごとに新しい注文を確認しています。`,
  liveUp: 'リアルタイム接続中',
  loadFailed: '注文を読み込めませんでした。',
  actionFailed: '更新に失敗しました',
  /** Decision 261: completes and restores tapped while the line was down, sent again by themselves. */
  unsent: (n: number) => `未送信の操作が${n}件あります。接続が戻りしだい自動で送信します。`,
  unsentBadge: '送信待ち',
  store: (name: string) => `店舗：${name}`,
  items: (n: number) => `${n}点`,
  /** The kitchen display (decision 188). */
  people: (n: number) => `${n}名`,
  waited: (minutes: number, seconds: number) => `${minutes}:${String(seconds).padStart(2, '0')}`,
  waitedLabel: (minutes: number) => `待ち時間 ${minutes}分`,
  paid: '会計済み',
  paidHint: 'このお客様はお会計済みです。提供するか、完了にしてください。',
  allergy: 'アレルギー',
  /** A line to pack, not to plate (decision 641). */
  takeout: '持ち帰り',
  allDayTitle: 'これから作るもの',
  allDayItem: (name: string, quantity: number) => `${name} × ${quantity}`,
  keyHint: '数字キー 1〜9：その番号の注文を完了　R：直前に完了した注文を戻す',
  ticketNumber: (n: number) => `${n}`,
  recalled: '直前に完了した注文を戻しました',
  soundOff: '通知音：オフ',
  soundBlocked: '通知音が止まっています。画面のどこかをタップすると鳴るようになります。',
  soundPrompt: '新しい注文を音で知らせるには「通知音を有効にする」を押してください。',
} as const;

export const stockTexts = {
  title: '在庫管理',
  item: '商品',
  manage: '在庫管理する',
  quantity: '在庫数',
  soldOut: '売り切れ',
  status: '状態',
  orderable: '注文可',
  notOrderable: '注文不可',
  save: '保存',
  saving: '保存中...',
  saved: '保存しました',
  actions: '操作',
  markSoldOut: '売り切れにする',
  clearSoldOut: '売り切れを解除',
  /** Spec §5: quantity non-negative integer. */
  quantityInvalid: '在庫数は0以上の整数で入力してください',
  changed: (quantity: number) => `注文により在庫数が${quantity}に変わっています。確認してから保存してください。`,
  saveFailed: '更新に失敗しました',
  empty: '注文画面に表示するメニューがありません。',
  loadFailed: '在庫を読み込めませんでした。',
} as const;

export const monitorTexts = {
  orderTitle: '注文画面',
  chooseSeat: '座席を選択してください',
  seatFree: '空席',
  seatInUse: (people: number) => `利用中（${people}名）`,
  checkInStaff: 'チェックインする',
  grant: '位置情報なしの注文を15分許可',
  granted: (until: string) => `${until}まで位置情報なしで注文できます`,
  ordersOfSeat: 'この席の注文',
  qrTitle: '座席QRコード',
  /** Decision 407: the sheet names its store. */
  qrTitleOf: (store: string) => `座席QRコード（${store}）`,
  qrIntro: '各座席に置くQRコードです。印刷してご利用ください。',
  print: '印刷する',
  noSeats: '座席が登録されていません。',
  /** Decision 151: staff seat a party; its one-time QR shows on the tablet. */
  seatParty: 'お客様を案内してQRを表示',
  seatPartyTitle: (seat: string) => `${seat}のご案内QRコード`,
  seatPartyIntro: (minutes: number, until: string) =>
    `お客様のスマートフォンでこのQRコードを読み取ってください。位置情報の確認なしで注文できます（${minutes}分間・${until}まで有効、1回のみ）。`,
  seatPartyAgain: 'もう1台分のQRを表示',
  closeSeatParty: '閉じる',
  /** Decision 150: seat codes on the QR page. */
  noCode: 'この座席にはまだQRコードが発行されていません。',
  issueCodes: '未発行の座席にQRコードを発行',
  rotateOne: 'この座席のQRコードを再発行',
  rotateAll: 'すべての座席のQRコードを再発行',
  confirmRotateOne: (seat: string) => `${seat}のQRコードを再発行します。印刷済みのQRコードはすぐに使えなくなります。よろしいですか？`,
  confirmRotateAll: 'すべての座席のQRコードを再発行します。印刷済みのQRコードはすぐに使えなくなります。よろしいですか？',
  codesIssued: 'QRコードを発行しました。',
  codesRotated: 'QRコードを再発行しました。新しいQRコードを印刷してください。',
  codesFailed: 'QRコードを発行できませんでした。',
  grantTooLong: '位置情報なしの注文は15分まで許可できます。',
} as const;

/** Decision 630: a booked course on the bill, its count changed or taken off by staff with a reason. */
export const courseLineTexts = {
  title: 'ご予約のコース',
  booked: (name: string, booked: number, billed: number) => `${name}（ご予約 ${booked}名・ご請求 ${billed}名）`,
  count: '人数',
  reason: '理由',
  reasonPlaceholder: '例：お一人様ご欠席',
  change: '人数を変更',
  remove: '会計から外す',
  changed: 'コースの人数を変更しました。',
  removed: 'コースを会計から外しました。',
  reasonRequired: '変更の理由を入力してください。',
  unknownCourse: 'そのコースはこのお会計のご予約にありません。',
  invalidQuantity: '人数は0〜99の整数で入力してください。',
  afterCheckout: 'お会計済みのため変更できません。',
  failed: 'コースを変更できませんでした。',
} as const;

export const adminTableTexts = {
  taxTitle: '税率設定',
  taxRate: '税率（%）',
  rounding: '端数処理',
  roundings: { floor: '切り捨て', round: '四捨五入', ceil: '切り上げ' },
  pricesIncludeTax: 'メニュー価格は税込み（会計では内税として表示）',
  taxExample: (subtotal: string, tax: string, total: string) => `例：小計${subtotal} → 消費税${tax}、合計${total}`,
  save: '保存',
  saved: '保存しました',
  saveFailed: '更新に失敗しました',
  coordinatesTitle: '店舗位置情報',
  latitude: '緯度',
  longitude: '経度',
  radius: '注文できる範囲（半径・メートル）',
  coordinatesUnset: 'この店舗は位置情報が未設定です。QR注文はスタッフが「位置情報なしの注文を許可」したお客様のみ可能です。',
  clearCoordinates: '位置情報を削除',
  preview: '地図プレビュー',
  invalidNumber: '数値を入力してください',
  // Order limits at the table (decision 155).
  limitsTitle: '注文の上限',
  limitsIntro:
    'QR注文で1つのテーブルから送れる注文の上限です。実際のお客様が届かない値にしておくと、いたずらや誤操作だけを止められます。スタッフがモニターから入力する注文には、1分あたりの回数と金額の上限はかかりません。',
  perVisitPerMinute: '1分間に1つのテーブル（全端末）から送れる注文数',
  perTokenPerMinute: '1分間に1台の端末から送れる注文数',
  linesPerPerson: '1回の注文の品目数（1名あたり）',
  quantityPerPerson: '1回の注文の同じ商品の数量（1名あたり）',
  staffAboveYen: 'この金額（税抜・円）を超える注文はスタッフが入力',
  // The kitchen's ticket timer (decision 350).
  kitchenTimerTitle: 'キッチン画面の待ち時間の色',
  kitchenTimerIntro: '注文を受けてからこの分数がたつと、キッチン画面の伝票のタイマーが黄色、次に赤に変わります。',
  ticketWarnMinutes: '黄色にするまでの分数',
  ticketLateMinutes: '赤にするまでの分数',
  lateAfterWarn: '赤にするまでの分数は、黄色にするまでの分数より大きくしてください',
  limitsExample: (people: number, lines: number, quantity: number) => `例：${people}名のテーブルは1回の注文で${lines}品目まで、同じ商品は${quantity}個まで`,
  chooseStore: '店舗を選択してください',
  /** Decision 151: how guests at the table are seated. */
  checkInMode: 'テーブルへのご案内',
  checkInModes: { self: 'お客様が座席のQRコードでチェックイン', staff: 'スタッフが案内（注文画面でQRを表示）' },
} as const;

/** The tax form's labels by field key: a refused value names its field by the label beside it. */
export const taxFieldLabels: Readonly<Record<string, string>> = {
  store_id: '店舗',
  rate_percent: adminTableTexts.taxRate,
  rounding: adminTableTexts.rounding,
  reduced_rate_percent: billingTexts.reducedRate,
  next_from: billingTexts.nextFrom,
  next_rate_percent: billingTexts.nextRate,
  next_reduced_rate_percent: billingTexts.nextReducedRate,
  issuer_name: billingTexts.issuerName,
  registration_number: billingTexts.registrationNumber,
};
