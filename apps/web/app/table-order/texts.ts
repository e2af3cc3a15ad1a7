import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';

/**
 * Japanese texts of the guest at the table (QR check-in, order, checkout), the kitchen, the stock
 * editor, the QR codes, and the admin's tax and store-location screens. The spec's own words
 * (operations.md §2, §5, §8) are kept character for character and marked 「spec」; the spec
 * describes the rest in English only, and decision 065 records the Japanese chosen for them.
 */
export const orderTexts = {
  orderTitle: 'ご注文',
  checkInTitle: 'チェックイン',
  menuTitle: 'メニュー',
  cartTitle: 'カート',
  storeAndSeat: (store: string, seat: string) => `${store} ${seat}`,
  loading: '読み込み中...',
  retry: '再試行',
  backHome: 'ホームへ戻る',
  /** Spec §5: closed day, missing hours or outside hours; home after 1.5 s. */
  closed: '現在は営業時間外のため、ご注文いただけません。',
  noSeat: '座席が見つかりません。QRコードを読み取り直してください。',
  people: 'ご利用人数',
  peopleOption: (n: number) => `${n}名`,
  locationIntro: 'ご注文にはお店にいることの確認が必要です。位置情報の利用を許可してください。',
  locationNotSet: '店舗の位置情報が未設定のため、ご注文にはスタッフの確認が必要です。スタッフへお声かけください。',
  checkIn: '現在地を確認してチェックイン',
  checkingIn: '確認しています...',
  checkInWithoutLocation: '位置情報なしでチェックイン（スタッフ確認済みの方）',
  /** Spec §8: 403 location_required — ask the user to allow location. */
  locationRequired: '位置情報の利用を許可してください。',
  /** Spec §8, word for word. */
  outsideGeofence: 'この端末からは注文できません、スタッフへお声かけください。',
  locationDenied: '位置情報の利用が許可されていません。端末の設定で許可してから、もう一度お試しください。',
  locationUnavailable: '現在地を取得できませんでした。電波の届く場所でもう一度お試しいただくか、スタッフへお声かけください。',
  locationTimeout: '現在地の取得に時間がかかりすぎました。もう一度お試しください。',
  locationUnsupported: 'お使いのブラウザは位置情報に対応していません。スタッフへお声かけください。',
  /** The spec's schedule notice, for a seat taken by a booking. */
  seatTaken: 'この席は予約された席です',
  seatTakenHelp: 'スタッフへお声かけください。',
  /** The spec's drag message, for a party larger than the seat. */
  overCapacity: '定員オーバーです',
  checkedIn: (seat: string, people: number) => `${seat}（${people}名）でチェックインしました`,
  categories: { drink: 'ドリンク', food: 'フード', dessert: 'デザート' } satisfies Record<MenuCategory, string>,
  allCategories: 'すべて',
  noItems: '現在ご注文いただける商品はありません。',
  addToCart: 'カートに追加',
  remaining: (n: number) => `残り${n}`,
  added: (name: string) => `${name}をカートに追加しました`,
  viewCart: (quantity: number) => `カートを見る（${quantity}点）`,
  /** Spec §5, word for word: the alert for an empty cart at order. */
  cartEmpty: 'カートが空です',
  cartLine: (name: string, quantity: number, subtotal: string) => `${name} x ${quantity} = ${subtotal}`,
  increase: (name: string) => `${name}を1つ増やす`,
  decrease: (name: string) => `${name}を1つ減らす`,
  remove: (name: string) => `${name}を削除`,
  total: '合計',
  taxNote: '税は会計時に計算されます',
  placeOrder: '注文する',
  placing: '送信中...',
  /** Shown for 2 seconds after an order is accepted (spec §2). */
  ordered: 'ご注文を承りました。',
  orderMore: '続けて注文する',
  toCheckout: 'お会計へ進む',
  backToMenu: 'メニューへ戻る',
  removedFromCart: (names: string) => `次の商品は現在ご注文いただけないため、カートから外しました：${names}`,
  soldOut: (names: string) => `品切れのため注文できませんでした：${names}`,
  orderFailed: 'ご注文を送信できませんでした。通信環境をご確認のうえ、もう一度お試しください。',
  /** Spec §8: order send 401/403 after one renewal and retry. */
  authFailed: '認証に失敗しました。QRコードを読み取り直してください。',
  /** Spec §8: token invalidated (reservation-closed, token-invalidated). */
  tokenInvalidated: 'ご利用が終了しました。もう一度QRコードを読み取ってください。',
  rescan: 'QRコードを読み取り直す',
  offline: '通信が不安定です。ご注文は電波が戻りしだい送信できます。',
  /** Decision 261: an order without an answer yet, kept on the phone and sent again by itself. */
  orderPending: '送信待ちのご注文があります。電波が戻りしだい自動で送信します（二重に注文されることはありません）。',
  pendingLine: (name: string, quantity: number) => `${name} × ${quantity}`,
  staffOrderFor: (seat: string) => `${seat}の注文（スタッフ入力）`,
  /** Decision 155: over the store's per-minute caps (429). */
  tooManyOrders: '注文が続いています。少し時間をおいてから、もう一度お試しください。',
  /** Decision 155: more lines or more of one item than the party size allows. */
  orderTooLarge: 'ご注文の数が多すぎます。人数に合った数でご注文ください。',
  /** Decision 155: above the store's amount, staff place the order from the monitor. */
  orderNeedsStaff: 'ご注文の金額が大きいため、スタッフをお呼びください。',
  /** Decision 150: a check-in or renewal without the seat's current printed code. */
  seatCodeInvalid: 'QRコードが無効です。お席のQRコードを読み取り直すか、スタッフへお声かけください。',
  /** Decision 151: the store seats its guests through staff. */
  staffSeatingOnly: 'このお店ではスタッフがお席へご案内します。スタッフへお声かけください。',
  /** Decision 152: a booked seat asks for the booking's number. */
  reservationNumberRequired: 'このお席はご予約済みです。予約番号を入力するか、スタッフへお声かけください。',
  wrongReservationNumber: '予約番号が一致しません。予約確認メールの予約番号をご確認いただくか、スタッフへお声かけください。',
  inviteRequired: 'このお席はすでにご利用中です。同じテーブルの方のスマートフォンで「友だちを招待」を開いてQRコードを読み取るか、スタッフへお声かけください。',
  passInvalid: 'このQRコードは使用済みか有効期限切れです。スタッフへお声かけください。',
  /** Decision 153: too many renewals of one phone's token. */
  renewalLimit: '認証の更新回数が上限に達しました。しばらく待ってからお試しいただくか、スタッフへお声かけください。',
  reservationNumber: '予約番号',
  reservationNumberHint: '予約確認メールに記載の予約番号（例：MC-1234-AB）',
  checkInWithNumber: '予約番号でチェックイン',
  joining: 'ご案内しています...',
  joinTitle: 'ご案内',
  invite: '友だちを招待',
  inviteTitle: '友だちを招待',
  inviteIntro: (minutes: number) => `同じテーブルの方にこのQRコードを読み取ってもらってください（${minutes}分間有効・1回のみ）。`,
  inviteCode: 'QRコードを読み取れない場合は、このURLを開いてください',
  closeInvite: '閉じる',
} as const;

export const checkoutTexts = {
  title: 'お会計',
  seat: '座席',
  item: '商品',
  quantity: '数量',
  price: '金額',
  subtotal: '小計',
  tax: (rate: number) => `消費税（${rate}%）`,
  taxIncluded: (rate: number) => `内消費税（${rate}%）`,
  total: '合計（税込）',
  paymentMethod: 'お支払い方法',
  methods: { cash: '現金', credit: 'クレジットカード', electronic: '電子マネー', qr: 'QRコード決済' } satisfies Record<PaymentMethod, string>,
  /** Spec §5: checkout needs a payment method chosen. */
  chooseMethod: 'お支払い方法を選択してください',
  complete: '会計を完了する',
  completing: '処理中...',
  confirm: (total: string) => `${total}の会計を完了します。よろしいですか？`,
  done: 'お会計が完了しました。ご来店ありがとうございました。',
  doneStaff: (total: string) => `会計を完了しました（${total}）`,
  /** Spec §8: checkout load errors. */
  cannotReach: 'サーバーに接続できません。通信環境をご確認ください。',
  noOrders: 'まだ注文がありません。',
  ordersChanged: '注文内容が更新されました。最新の内容をご確認ください。',
  alreadyExited: 'このご予約はお会計済みです。',
  chooseReservation: '会計する予約を選択してください',
  noSeated: '会計待ちのお客様はいません。',
  reservationLabel: (seat: string, time: string, people: number) => `${seat} ${time}〜 ${people}名`,
  toCheckout: '会計へ',
  backToList: '一覧へ戻る',
  /** Decision 156: a booking whose party never sat down (a no-show instead). */
  notSeated: 'まだ来店していない予約は会計できません。',
  /** Decision 156: before the booking's day. */
  notStarted: '予約日より前のため会計できません。',
} as const;

export const kitchenTexts = {
  /** Two parties became one at the table (decision 370, spec `reservation-merged`): their tickets go on one bill. */
  merged: (seats: string, people: number) => `合流：${seats}（${people}名）のご注文は1つのお会計になりました。`,
  mergeUndone: '合流が取り消されました。ご注文はそれぞれのお席のお会計に戻りました。',
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
