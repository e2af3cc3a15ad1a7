import { ERASED_TEXT } from '@moncafe/domain/privacy/personal-data';

/** Wording of the privacy parts (issue 31): forgetting, seeing and correcting a guest's data. */
export const privacyTexts = {
  /** What a forgotten guest's fields read as on every screen (the value read models hold, decision 181). */
  erased: ERASED_TEXT,
  forgetTitle: '登録情報の削除',
  forgetBody: 'この店が記録しているお名前・メールアドレス・電話番号・ご要望・画像を削除します。これからのご予約は取り消されます。元に戻すことはできません。',
  forgetConfirm: '内容を確認し、削除に同意します',
  forgetButton: '登録情報を削除する',
  forgetNeedsVerified: 'メールアドレスの確認が済むと、登録情報の削除を申し込めます。',
  forgetNotConfirmed: '同意の欄にチェックを入れてください。',
  forgotten: (reservations: number) => `登録情報を削除しました（予約${reservations}件）。`,
  signInFirst: 'ログインしてください',
  downloadMyData: '登録情報をダウンロード（JSON）',
  correctTitle: 'お名前・電話番号の訂正',
  correctButton: '訂正する',
  corrected: (reservations: number) => `お名前・電話番号を訂正しました（予約${reservations}件）。`,
  /** The audit's reason when the guest asked themselves. */
  guestReason: 'guest request from /my-reservations',
} as const;
