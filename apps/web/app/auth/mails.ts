import type { AccountMails, MailLanguage } from '@moncafe/domain/account/account-service';
import type { MailMessage } from '@moncafe/domain/ports';
import type { Localized, Messages } from '#app/i18n/language';
import { textsIn } from '#app/i18n/language';
import { inertText } from '#app/reservation/mails';

/**
 * The account mails' texts (the domain's `AccountMails` port, wired in apps/web/server.ts): the
 * e-mail verification link after sign-up, and the note to an address's holder when someone signs
 * up with it again (sign-up answers the same either way, decision 051). Written in
 * the language of the page the visitor signed up on (decision 394).
 */
export const accountMailTexts = {
  verifySubject: '【MonCafe】メールアドレスの確認をお願いします',
  verifyBody: (name: string, verifyUrl: string) =>
    [
      `${name} 様`,
      '',
      'MonCafe へのご登録ありがとうございます。',
      '30分以内に下のリンクを開いて、メールアドレスの確認を完了してください。',
      '確認が済むと、このメールアドレスでのご予約がマイページに表示されます。',
      '',
      verifyUrl,
      '',
      'このメールにお心当たりがない場合は、破棄してください。',
    ].join('\n'),
  alreadyRegisteredSubject: '【MonCafe】会員登録のお申し込みについて',
  alreadyRegisteredBody: (loginUrl: string) =>
    [
      'このメールアドレスで会員登録のお申し込みがありましたが、このアドレスは既に登録されています。',
      'ご本人のお申し込みでしたら、下のページからログインしてください。',
      '',
      loginUrl,
      '',
      'お心当たりがない場合は、このメールを破棄してください。アカウントは変更されていません。',
    ].join('\n'),
} as const;

const accountMailTextsEn: Messages<typeof accountMailTexts> = {
  verifySubject: '[MonCafe] Please confirm your email address',
  verifyBody: (name, verifyUrl) =>
    [
      `Dear ${name},`,
      '',
      'Thank you for creating an account with MonCafe.',
      'Please open the link below within 30 minutes to confirm your email address.',
      'Once it is confirmed, your bookings made with this address appear on My bookings.',
      '',
      verifyUrl,
      '',
      'If you did not sign up, you can simply delete this email.',
    ].join('\n'),
  alreadyRegisteredSubject: '[MonCafe] About your sign-up',
  alreadyRegisteredBody: (loginUrl) =>
    [
      'Someone asked to create an account with this email address, but it already has one.',
      'If it was you, please sign in on the page below.',
      '',
      loginUrl,
      '',
      'If it was not you, you can delete this email. Your account has not been changed.',
    ].join('\n'),
};

export const localizedAccountMailTexts: Localized<typeof accountMailTexts> = { ja: accountMailTexts, en: accountMailTextsEn };

export function accountMails(publicUrl: string): AccountMails {
  return {
    verifyEmail: ({ to, name, token, language }) => verifyEmailMail(to, name, `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`, language),
    alreadyRegistered: ({ to, language }) => alreadyRegisteredMail(to, `${publicUrl}/login`, language),
  };
}

function verifyEmailMail(to: string, name: string, verifyUrl: string, language: MailLanguage = 'ja'): MailMessage {
  const t = textsIn(localizedAccountMailTexts, language);
  return { to, subject: t.verifySubject, text: t.verifyBody(inertText(name), verifyUrl) };
}

function alreadyRegisteredMail(to: string, loginUrl: string, language: MailLanguage = 'ja'): MailMessage {
  const t = textsIn(localizedAccountMailTexts, language);
  return { to, subject: t.alreadyRegisteredSubject, text: t.alreadyRegisteredBody(loginUrl) };
}
