import type { AccountMails } from '@moncafe/domain/account/account-service';
import type { MailMessage } from '@moncafe/domain/ports';
import { inertText } from '#app/reservation/mails';

/**
 * The account mails' Japanese texts (the domain's `AccountMails` port, wired in apps/web/server.ts):
 * the e-mail verification link after sign-up, and the note to an address's holder when someone
 * signs up with it again (sign-up answers the same either way; docs/security.md, finding 1).
 */
export function accountMails(publicUrl: string): AccountMails {
  return {
    verifyEmail: ({ to, name, token }) => verifyEmailMail(to, name, `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`),
    alreadyRegistered: ({ to }) => alreadyRegisteredMail(to, `${publicUrl}/login`),
  };
}

function verifyEmailMail(to: string, name: string, verifyUrl: string): MailMessage {
  return {
    to,
    subject: '【MonCafe】メールアドレスの確認をお願いします',
    text: [
      `${inertText(name)} 様`,
      '',
      'MonCafe へのご登録ありがとうございます。',
      '30分以内に下のリンクを開いて、メールアドレスの確認を完了してください。',
      '確認が済むと、このメールアドレスでのご予約がマイページに表示されます。',
      '',
      verifyUrl,
      '',
      'このメールにお心当たりがない場合は、破棄してください。',
    ].join('\n'),
  };
}

function alreadyRegisteredMail(to: string, loginUrl: string): MailMessage {
  return {
    to,
    subject: '【MonCafe】会員登録のお申し込みについて',
    text: [
      'このメールアドレスで会員登録のお申し込みがありましたが、このアドレスは既に登録されています。',
      'ご本人のお申し込みでしたら、下のページからログインしてください。',
      '',
      loginUrl,
      '',
      'お心当たりがない場合は、このメールを破棄してください。アカウントは変更されていません。',
    ].join('\n'),
  };
}
