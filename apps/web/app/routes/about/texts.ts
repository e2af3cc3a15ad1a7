/** Words of /about. */
export const aboutTexts = {
  title: '店舗について',
  heading: 'MonCafeについて',
  body: ['MonCafeは駅前の地下にある小さなカフェです。', '駅から徒歩約2分。地下へ降りてお越しください。'],
  accessLink: 'アクセスを見る',
  menuLink: 'メニューを見る',
} as const;
