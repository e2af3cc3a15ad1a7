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
} as const;
