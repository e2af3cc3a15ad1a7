import type { Localized, Messages } from '#app/i18n/language';

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

const accessTextsEn: Messages<typeof accessTexts> = {
  title: 'Getting here',
  heading: 'Getting here',
  storeName: 'Café',
  address: 'Address',
  walking: 'About 2 minutes on foot from the station (downstairs, in the basement)',
  walkingLabel: 'From the station',
  closingDays: 'The days we are closed are on the calendar on our home page.',
  calendarLink: 'See the calendar',
  mapTitle: 'Map',
  openMaps: {
    ios: 'Open in Apple Maps',
    android: 'Open in Google Maps',
    other: 'Open the map',
  },
};

export const localizedAccessTexts: Localized<typeof accessTexts> = { ja: accessTexts, en: accessTextsEn };
