import type { DateRefusal } from '@moncafe/domain/seating/availability';
import type { DetailProblem } from '@moncafe/domain/reservation/detail';
import { callTexts } from '#app/http/texts';

/**
 * Every Japanese text of the reservation flow, in one module so the wording is reviewed in one
 * place. Strings quoted in customer-site.md are copied character for character; the ones the
 * spec only describes are worded here.
 */
export const reservationTexts = {
  /** The store's disclaimer on the review step (decision 135). */
  disclaimerTitle: '免責事項',
  /** Decision 282: the booking's remarks (allergies …), shown to the floor and the kitchen. */
  remarks: '備考（アレルギーなど）',
  remarksHint: '任意。アレルギーやお店に伝えたいことをご記入ください。',
  disclaimerAgree: '上記の内容をご確認のうえ、送信してください。',
  // /reservation
  menuTitle: '予約コース',
  backToTop: 'トップページに戻る',
  addToCart: 'カートに追加',
  remove: '削除',
  cartTitle: 'カート',
  cartEmpty: 'カートは空です',
  total: '合計',
  proceedToDay: '日付と詳細記入に進む',
  noCourses: '現在予約できるコースはありません',
  /** − / + and 削除 of a cart line, named for screen readers. */
  decrease: (name: string) => `${name}を1つ減らす`,
  increase: (name: string) => `${name}を1つ増やす`,
  removeLine: (name: string) => `${name}を削除`,
  quantityOf: (name: string, n: number) => `${name}の数量 ${n}`,
  // The session's time left and the reservation's summary on every step
  timeLeft: '残り時間',
  oneMinuteLeft: '予約の残り時間はあと1分です。お急ぎください。',
  summaryTitle: 'ご予約内容',
  change: '変更',
  changeCourses: 'コースを変更',
  changeDay: '日時・人数を変更',
  changeOptions: 'オプションを変更',
  changeContact: 'お客様情報を修正',
  notChosen: '未選択',
  optionsTotal: 'オプション',
  // /reservation/day
  dayTitle: '日付と時間の選択',
  backToMenu: 'メニュー選択に戻る',
  people: '人数',
  peopleOption: (n: number) => `${n}名`,
  closedMark: '休',
  /** Why a day of the calendar can or cannot be booked: read out with the date, and explained by the legend. */
  dayStates: {
    available: '予約可',
    closed: '定休日',
    full: '満席',
    too_late: '予約受付終了',
    past: '過去の日付',
  },
  /** The short marks under a day's number (休 is the spec's). */
  dayMarks: { closed: '休', full: '満', too_late: '締切' },
  dayLegend: [
    { mark: '休', text: '定休日' },
    { mark: '満', text: '満席（ご希望の人数で空いている時間がありません）' },
    { mark: '締切', text: 'このコースの予約受付を終了しました' },
  ],
  dayLegendTitle: 'カレンダーの見かた',
  chosenDay: (date: string) => `選択中：${date}`,
  previousMonth: '前の月',
  nextMonth: '次の月',
  chooseTime: '時間を選択してください',
  noTimes: '選択できる時間がありません',
  next: '次へ（詳細入力へ）',
  weekdays: ['日', '月', '火', '水', '木', '金', '土'] as const,
  // /reservation-details
  detailsTitle: '予約詳細の入力',
  crop: 'この範囲で切り抜く',
  cropCancel: '選び直す',
  cropZoom: '拡大',
  /** The circle on the picture: what it is for and how to move it (drag, pinch, arrow keys). */
  cropHint: '円の中が切り抜かれます。ドラッグまたは矢印キーで位置を、スライダーで大きさを調整してください。',
  cropArea: (label: string) => `${label}の切り抜き範囲`,
  cropFailed: '画像を読み込めませんでした。別の画像を選んでください。',
  imageRefused: '画像は PNG・JPEG・WebP のいずれかを選んでください。',
  imageTooLarge: '画像が大きすぎます。別の画像を選んでください。',
  imageUploadFailed: '画像を保存できませんでした。もう一度お試しください。',
  imageNotFound: '画像が見つかりません',
  toCustomerInformation: 'お客様情報の入力へ',
  fixProblems: '入力内容を確認してください',
  // /customer-information
  customerTitle: 'お客様情報の入力',
  name: 'お名前',
  phone: '電話番号',
  email: 'メールアドレス',
  nameRequired: 'お名前を入力してください',
  phoneRequired: '電話番号を入力してください',
  emailRequired: 'メールアドレスを入力してください',
  toReview: '入力内容を確認する',
  reviewTitle: 'ご予約内容の確認',
  reviewLead: '以下の内容でよろしければ「確認メールを送信」を押してください。',
  contactTitle: 'お客様情報',
  sendConfirmation: '確認メールを送信',
  sending: '送信中…',
  // /reservation-email-sent
  emailSentTitle: '確認メールを送信しました',
  emailSentBody: (email: string) => `${email} 宛に確認メールを送信しました。メールに記載のリンクを5分以内に開いて、予約を確定してください。`,
  /** Opened without `?email=` (a bookmark, a shared link): no empty 「 宛に」 (decision 191). */
  emailSentBodyNoAddress: 'ご入力のメールアドレス宛に確認メールを送信しました。メールに記載のリンクを5分以内に開いて、予約を確定してください。',
  // /confirm-reservation
  loading: '読み込み中…',
  /** The confirmation page's tab before the link is checked (its outcome then names the tab). */
  confirmPageTitle: 'ご予約の確認',
  confirmedTitle: 'ご予約が確定しました',
  expiredTitle: 'リンクの有効期限が切れています',
  /** The confirmation link or the cancel link of a reservation cancelled since. */
  cancelledTitle: 'このご予約はキャンセルされました',
  cancelledBody: 'ご予約はキャンセル済みです。またのご予約を心よりお待ちしております。',
  bookAgain: 'もう一度予約する',
  expiredBody: '確認メールの有効期限（5分）が切れました。お手数ですが、もう一度予約をやり直してください。',
  errorTitle: 'エラー',
  invalidLink: '無効なリンクです',
  notFoundOrExpired: 'データが見つからないか、リンクが無効または期限切れです',
  serverErrorLater: 'サーバーエラーが発生しました。しばらくしてから再試行してください。',
  networkError: 'ネットワークエラーが発生しました',
  fetchFailed: '予約情報の取得に失敗しました',
  cancelThisReservation: '予約をキャンセルする',
  cancelReservationOf: (date: string, time: string) => `${date} ${time} の予約をキャンセルする`,
  home: 'ホームに戻る',
  menuLabel: 'コース',
  optionsLabel: 'オプション',
  noticesLabel: '注意事項',
  dateLabel: '日付',
  timeLabel: '時間',
  peopleLabel: '人数',
  storeLabel: '店舗',
  numberLabel: '予約番号',
  nameLabel: 'お名前',
  // /reservation/cancel
  cancelTitle: '予約のキャンセル',
  reservationIdMissing: '予約IDが見つかりません',
  emailMissing: 'メールアドレスが指定されていません',
  keep: 'キャンセルしない',
  doCancel: 'キャンセルする',
  cancelReason: 'キャンセル理由（任意）',
  confirmCancel: '本当にこの予約をキャンセルしますか？',
  processing: '処理中…',
  cancelled: '予約をキャンセルしました',
  notCancellable: 'この予約はキャンセルできません',
  reservationNotFound: '予約が見つかりません',
  authError: '認証エラーが発生しました',
  serverError: 'サーバーエラーが発生しました',
  // /my-reservations
  myReservationsTitle: '予約履歴',
  upcoming: '今後のご予約',
  past: '過去のご予約',
  noReservations: '予約はありません',
  signInFirst: '予約履歴を見るにはログインしてください',
  emailNotVerified: 'メールアドレスの確認が済むと、ログインせずにこのアドレスでされたご予約もここに表示されます。',
  resendVerification: '確認メールを再送する',
  verificationResent: '確認メールを再送しました。メールのリンクを開いてください。',
  login: 'ログイン',
  statusCancelled: 'キャンセル済み',
  statusAwaiting: 'メール確認待ち',
  statusConfirmed: '確定',
  // §8 calls
  tooManyRequests: callTexts.tooManyRequests,
  badGateway: callTexts.badGateway,
  datesError: '空席確認中にエラーが発生しました。しばらく時間をおいてから再試行してください。',
  timesError: '時間取得中にエラーが発生しました。しばらく時間をおいてから再試行してください。',
  deadlineError: '締切時間の取得中にエラーが発生しました。しばらく時間をおいてから再試行してください。',
  seatsFull: '申し訳ありません。その時間は満席になりました。別の時間をお選びください。',
  allocateFailed: 'その時間帯は現在予約できません。他の時間を選択してください。',
  sessionTimeout: '予約セッションの有効期限が切れました。トップページに戻り、最初から予約をやり直してください。',
  checkRequiredFields: '入力内容を確認してください（必須項目が不足しています）',
  sendFailed: '送信に失敗しました。もう一度お試しください。',
} as const;

/** The spec's date-check messages (customer-site.md §5), word for word. */
export function dateRefusalMessage(refusal: DateRefusal): string {
  switch (refusal.code) {
    case 'closed':
      return `${refusal.date} は定休日のため予約できません`;
    case 'same_day_disabled':
      return '当日予約は現在無効になっています';
    case 'same_day_deadline_passed':
      return `当日予約の締切時刻（${refusal.time}）を過ぎています`;
    case 'business_over':
      return '本日の営業は終了しました';
    case 'menu_deadline_passed':
      return refusal.menus.map((m) => `${m.name}の予約は${m.daysBefore}日前の${m.time}までです`).join('、');
    case 'past_date':
      return `${refusal.date} は過去の日付のため予約できません`;
  }
}

/** Option entry: a visible required option left empty. */
export function detailProblemMessage(problem: DetailProblem): string {
  return problem.code === 'invalid_choice' ? `${problem.label}の選択肢が正しくありません` : `${problem.label}は必須です`;
}
