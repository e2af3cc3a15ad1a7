/** Words of /access. */
export const accessTexts = {
  title: 'アクセス',
  heading: 'アクセス',
  storeName: '店舗名',
  address: '住所',
  walking: '駅から徒歩約2分（地下）',
  walkingLabel: '最寄り駅から',
  closingDays: '定休日はホームのカレンダーをご確認ください。',
  calendarLink: 'カレンダーを見る',
  mapTitle: '地図',
  openMaps: {
    ios: 'Appleマップで開く',
    android: 'Googleマップで開く',
    other: '地図を開く',
  },
} as const;
