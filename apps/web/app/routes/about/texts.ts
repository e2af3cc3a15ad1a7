import type { Localized, Messages } from '#app/i18n/language';

/** Words of /about. */
export const aboutTexts = {
  title: '店舗について',
  heading: 'MonCafeについて',
  body: ['MonCafeは駅前の地下にある小さなカフェです。', '駅から徒歩約2分。地下へ降りてお越しください。'],
  accessLink: 'アクセスを見る',
  menuLink: 'メニューを見る',
} as const;

const aboutTextsEn: Messages<typeof aboutTexts> = {
  title: 'About us',
  heading: 'About MonCafe',
  body: [
    'MonCafe is a small café in a basement right by the station.',
    'It is about a two-minute walk from the station: take the stairs down and you are here.',
  ],
  accessLink: 'How to get here',
  menuLink: 'See the menu',
};

export const localizedAboutTexts: Localized<typeof aboutTexts> = { ja: aboutTexts, en: aboutTextsEn };
