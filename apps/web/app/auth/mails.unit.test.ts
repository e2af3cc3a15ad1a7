import { describe, expect, it } from 'vitest';
import { accountMails } from './mails';

/** Kana and kanji: none may be in an English mail. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff01-\uff9f]/;
const mails = accountMails('https://cafe.example');

describe('account mails', () => {
  it('ask a Japanese visitor to confirm the address in the words they always had, with the single-use link', () => {
    const mail = mails.verifyEmail({ to: 'hanako@example.jp', name: '山田花子', token: 'a-1.secret' });
    expect(mail.to).toBe('hanako@example.jp');
    expect(mail.subject).toBe('【MonCafe】メールアドレスの確認をお願いします');
    expect(mail.text.split('\n')).toEqual([
      '山田花子 様',
      '',
      'MonCafe へのご登録ありがとうございます。',
      '30分以内に下のリンクを開いて、メールアドレスの確認を完了してください。',
      '確認が済むと、このメールアドレスでのご予約がマイページに表示されます。',
      '',
      'https://cafe.example/verify-email?token=a-1.secret',
      '',
      'このメールにお心当たりがない場合は、破棄してください。',
    ]);
    expect(mails.verifyEmail({ to: 'hanako@example.jp', name: '山田花子', token: 'a-1.secret', language: 'ja' })).toEqual(mail);
  });

  it('ask an English visitor in English, with the same link and the name made inert', () => {
    const mail = mails.verifyEmail({ to: 'alice@example.com', name: 'Alice http://evil.example', token: 'a-2.secret', language: 'en' });
    expect(mail.subject).toBe('[MonCafe] Please confirm your email address');
    expect(mail.text).toMatch(/^Dear Alice http\[:\]\/\/evil\[\.\]example,\n/);
    expect(mail.text).toContain('Please open the link below within 30 minutes to confirm your email address.');
    expect(mail.text).toContain('\nhttps://cafe.example/verify-email?token=a-2.secret\n');
    expect(mail.text).not.toMatch(JAPANESE);
  });

  it('tell an address’s holder of a second sign-up in the language it was made in, with the sign-in page', () => {
    const ja = mails.alreadyRegistered({ to: 'hanako@example.jp' });
    expect(ja.subject).toBe('【MonCafe】会員登録のお申し込みについて');
    expect(ja.text).toContain('このメールアドレスで会員登録のお申し込みがありましたが、このアドレスは既に登録されています。');
    expect(ja.text).toContain('\nhttps://cafe.example/login\n');
    const en = mails.alreadyRegistered({ to: 'alice@example.com', language: 'en' });
    expect(en.subject).toBe('[MonCafe] About your sign-up');
    expect(en.text).toContain('Someone asked to create an account with this email address, but it already has one.');
    expect(en.text).toContain('\nhttps://cafe.example/login\n');
    expect(en.text).not.toMatch(JAPANESE);
  });
});
