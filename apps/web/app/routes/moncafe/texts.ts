import type { Localized, Messages } from '#app/i18n/language';

/** Words of the homepage (/moncafe). */
export const homeTexts = {
  title: 'ホーム',
  heading: 'MonCafe',
  empty: '現在お知らせはありません',
  instagramTitle: 'Instagram',
  instagramLink: 'Instagramで最新情報を見る',
  instagramNote: '新しいタブで開きます',
  calendarTitle: '営業日カレンダー',
  calendarMonth: (year: number, month: number) => `${year}年${month}月`,
  previousMonth: '前の月',
  nextMonth: '次の月',
  weekdays: ['日', '月', '火', '水', '木', '金', '土'],
  closed: '休',
  closedLegend: '休：定休日',
  today: '今日',
  externalLinkNote: '（新しいタブで開きます）',
  lineExternalBrowser: 'LINEアプリ内ではログインが制限されています。予約ページを外部ブラウザで開きますか？',
  /** Decision 406: the stores, where several are open. */
  storesTitle: '店舗',
  todayHours: (open: string, close: string) => `本日の営業時間 ${open}〜${close}`,
  closedToday: '本日は定休日です',
  bookThisStore: 'この店舗を予約する',
  storeMenu: 'メニュー',
  /** A public holiday's name on its day (the holiday table's own name in Japanese). */
  holiday: (name: string) => name,
} as const;

const homeTextsEn: Messages<typeof homeTexts> = {
  title: 'Home',
  heading: 'MonCafe',
  empty: 'No news at the moment.',
  instagramTitle: 'Instagram',
  instagramLink: 'See our latest news on Instagram',
  instagramNote: 'Opens in a new tab',
  calendarTitle: 'Opening calendar',
  calendarMonth: (year, month) => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1)),
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  /** Short enough for a day's cell on a phone, as 休 is. */
  closed: 'Off',
  closedLegend: 'Off: we are closed that day',
  today: 'Today',
  externalLinkNote: '(opens in a new tab)',
  lineExternalBrowser: 'Signing in is limited inside the LINE app. Open the booking page in your browser instead?',
  holiday: () => 'Public holiday',
  storesTitle: 'Our cafés',
  todayHours: (open, close) => `Open today ${open}–${close}`,
  closedToday: 'Closed today',
  bookThisStore: 'Book at this café',
  storeMenu: 'Menu',
};

export const localizedHomeTexts: Localized<typeof homeTexts> = { ja: homeTexts, en: homeTextsEn };
