import { formatDate } from '#app/i18n/language';
/** Japanese texts of the admin's site settings: business hours, homepage, mail, notifications, disclaimer (decisions 130–136). */
export const settingsTexts = {
  save: '保存',
  saved: '保存しました',
  remove: '削除',
  removed: '削除しました',
  cancel: 'キャンセル',
  edit: '編集',
  add: '追加',
  loading: '読み込み中…',
  confirmTitle: '確認',
  confirmRemove: (name: string) => `「${name}」を削除しますか？この操作は取り消せません。`,
  saveFailed: '保存できませんでした。入力内容を確認してください。',
  fieldError: (field: string, message: string) => `${field}：${message}`,

  // /admin/business-hours
  hoursTitle: '営業時間設定',
  weeklyTitle: '曜日ごとの営業時間',
  weekdays: ['日曜日', '月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日'] as readonly string[],
  holidayRule: '祝日',
  open: '開店',
  close: '閉店',
  closed: '定休日',
  closedShort: '休',
  notSet: '未設定（休業）',
  monthTitle: (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5))}月の営業日`,
  prevMonth: '前の月',
  nextMonth: '次の月',
  dateTitle: (date: string) => `${formatDate(date, 'ja')} の営業時間`,
  dateHint: '日付を選ぶと、その日だけの営業時間や休業日を設定できます。',
  holidayName: '祝日',
  sourceDate: '個別設定',
  sourceHoliday: '祝日の設定',
  sourceWeekday: '曜日の設定',
  removeOverride: '個別設定を削除',
  sameDayTitle: '当日予約',
  sameDayEnabled: '当日予約を受け付ける',
  sameDayDeadline: '当日予約の締切時刻（空欄は閉店まで）',

  // /admin/homepage-settings
  homeTitle: 'ホームページ設定',
  homeLead: 'ホームページに表示するカードです。ドラッグするか、並べ替えボタン（またはカードで↑↓キー）で順番を変えられます。',
  noCards: 'カードがありません。下のフォームから追加してください。',
  cardTypes: { instagram: 'Instagram', calendar: '営業カレンダー', other: 'リンク' } as Record<string, string>,
  cardType: '種類',
  cardTitle: 'タイトル',
  cardDescription: '説明',
  /** Decision 394: shown to visitors who read English; empty shows the Japanese. */
  cardTitleEn: '英語のタイトル（任意）',
  cardDescriptionEn: '英語の説明（任意）',
  cardLink: 'リンク先（/から始まるパスまたはhttp(s)のURL）',
  /** A card's link as the owner reads it in the list: the page's name, never its path (decision 651). */
  cardLinkShown: (link: string) => {
    if (/^https?:\/\//.test(link)) return `リンク先：${link}`;
    const pages: Record<string, string> = {
      '/reservation': '予約ページ',
      '/menu': 'メニューページ',
      '/access': 'アクセスページ',
      '/about': '店舗紹介ページ',
      '/moncafe': 'トップページ',
      '/my-reservations': '予約履歴ページ',
    };
    return `リンク先：${pages[link.split(/[?#]/)[0]!] ?? 'サイト内のページ'}`;
  },
  cardImage: '画像',
  cardImageUpload: '画像をアップロード（PNG・JPEG・WebP、2MBまで）',
  cardImageRemove: '画像を外す',
  cardActive: '表示する',
  /** Decision 456: a card about one store, shown with its name while it is open. */
  cardStore: '対象店舗',
  cardStoreUnknown: 'その店舗は見つかりません。対象店舗を選び直してください。',
  inactive: '非表示',
  addCard: 'カードを追加',
  moveUp: '上へ',
  moveDown: '下へ',
  dragHandle: (title: string) => `${title} を並べ替え（↑↓キーで移動）`,
  moved: (title: string, place: number) => `${title} を${place}番目に移動しました`,
  uploadRefusedType: '画像ファイル（PNG・JPEG・WebP）を選んでください。',
  uploadTooLarge: '画像が大きすぎます（2MBまで）。',
  uploadFailed: '画像をアップロードできませんでした。',
  untitled: '（タイトルなし）',

  // /admin/email-settings
  mailTitle: 'メール設定',
  noticesTitle: '注意事項',
  noticesLead: '予約メール、予約確認ページ、キャンセルページに表示されます。',
  noNotices: '注意事項がありません（既定の注意事項が表示されます）。',
  noticeTitle: '見出し（任意）',
  noticeContent: '内容',
  noticeActive: '表示する',
  noticeStore: '対象店舗',
  allStores: 'すべての店舗',
  addNotice: '注意事項を追加',
  previewTitle: 'メールのプレビュー',
  previewLead: '現在の注意事項で、お客様に届くメールの例です。',
  previews: { request: '予約確認のお願い', confirmed: '予約確定', cancelled: 'キャンセル' } as Record<string, string>,
  subject: '件名',

  // /admin/notifications
  notifyTitle: 'お知らせ設定',
  notifyLead: '新しい予約、キャンセル、在庫の減少をメールでお知らせします。',
  recipients: 'お知らせ先',
  noRecipients: 'お知らせ先がありません。',
  email: 'メールアドレス',
  newBooking: '新しい予約',
  cancellation: 'キャンセル',
  lowStock: '在庫の減少',
  threshold: '在庫がこの数以下になったらお知らせ',
  remindersLegend: 'お客様へのリマインドメール',
  remindersLead:
    '確定したご予約の前日に、日時・人数・コースとキャンセル用リンクをお客様へメールでお送りします。その時刻より後に入った翌日のご予約には送りません。',
  remindersOn: '前日にリマインドメールを送る',
  reminderHour: '送る時刻（前日）',
  hourOption: (hour: number) => `${hour}:00`,
  addRecipient: 'お知らせ先を追加',
  removeRecipient: (email: string) => `${email} を外す`,
  how: 'お知らせ方法：メール',

  // /admin/disclaimer
  disclaimerTitle: '免責事項',
  disclaimerLead: 'お客様が予約内容を確認して送信する画面に表示されます。空にすると表示されません。',
  disclaimerContent: '免責事項の本文',
  preview: 'プレビュー',
} as const;

const weekRows = [...settingsTexts.weekdays.map((day, i) => [String(i), day] as const), ['holiday', settingsTexts.holidayRule] as const];

/**
 * The settings forms' fields by key, in the words beside them: a refused field is named by these,
 * never by its key (`close_time`). A dotted key (`notice.title`) wins over its last name.
 */
export const settingsFieldLabels: Readonly<Record<string, string>> = {
  store_id: settingsTexts.cardStore,
  date: '日付',
  weekday: '曜日',
  open_time: settingsTexts.open,
  close_time: settingsTexts.close,
  is_closed: settingsTexts.closed,
  ...Object.fromEntries(
    weekRows.flatMap(([row, day]) => [
      [`${row}-open`, `${day}の${settingsTexts.open}`],
      [`${row}-close`, `${day}の${settingsTexts.close}`],
      [`${row}-closed`, `${day}の${settingsTexts.closed}`],
    ]),
  ),
  same_day_enabled: settingsTexts.sameDayEnabled,
  same_day_deadline: settingsTexts.sameDayDeadline,
  is_enabled: settingsTexts.sameDayEnabled,
  deadline_time: settingsTexts.sameDayDeadline,
  card_type: settingsTexts.cardType,
  title: settingsTexts.cardTitle,
  description: settingsTexts.cardDescription,
  title_en: settingsTexts.cardTitleEn,
  description_en: settingsTexts.cardDescriptionEn,
  link_url: settingsTexts.cardLink,
  image_url: settingsTexts.cardImage,
  is_active: settingsTexts.cardActive,
  'notice.title': settingsTexts.noticeTitle,
  content: settingsTexts.noticeContent,
  recipients: settingsTexts.recipients,
  email: settingsTexts.email,
  new_booking: settingsTexts.newBooking,
  cancellation: settingsTexts.cancellation,
  low_stock: settingsTexts.lowStock,
  low_stock_threshold: settingsTexts.threshold,
  guest_reminders: settingsTexts.remindersOn,
  reminder_hour: settingsTexts.reminderHour,
};
