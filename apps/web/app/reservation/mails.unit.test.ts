import { describe, expect, it } from 'vitest';
import type { ReservationSummary } from '@moncafe/domain/reservation/summary';
import {
  cancelUrlFor,
  confirmationRequestMail,
  confirmUrlFor,
  mailDataOf,
  reminderMails,
  reservationConfirmedMail,
  reservationMails,
  inertText,
} from './mails';
import { DEFAULT_NOTICES, japaneseDate } from './presentation';

const summary: ReservationSummary = {
  reservationId: 'r-1',
  reservationNumber: 'MC-4821-7K',
  storeId: 's-1',
  storeName: 'MonCafe 西口公園店',
  storeContact: { postalCode: '171-0021', address: '東京都豊島区西池袋1-1-1', phone: '03-1111-2222' },
  date: '2026-12-20',
  time: '12:00',
  people: 2,
  customer: { name: '山田花子', email: 'hanako@example.jp', phone: '090-1234-5678' },
  lines: [{ menuId: 'm-1', name: 'ケーキコース', price: 3000, quantity: 1 }],
  total: 3300,
  detail: {},
  options: [{ optionId: '10', label: 'プリント用画像', values: [{ kind: 'image', imageId: null }], extraPrice: 0 }],
  courseOptions: [{ optionId: '10', label: 'プリント用画像' }],
  notices: [{ title: '', content: 'ご来店の際はお時間に遅れないようお願いします。' }],
  remarks: '',
  firstCourseDescription: '',
  status: 'awaiting_confirmation',
};
const data = mailDataOf(summary);

describe('reservation mails', () => {
  it('ask for confirmation with the link, the course, options, date, time, party and notices', () => {
    const mail = confirmationRequestMail(data, confirmUrlFor('https://cafe.example', 'r-1.secret'));
    expect(mail.subject).toBe('【MonCafe 西口公園店】ご予約の確認をお願いします');
    for (const part of [
      'https://cafe.example/confirm-reservation?token=r-1.secret',
      'ケーキコース × 1',
      '予約番号：MC-4821-7K',
      '店舗：MonCafe 西口公園店',
      '住所：〒171-0021 東京都豊島区西池袋1-1-1',
      '電話：03-1111-2222',
      'プリント用画像：画像あり',
      '2026年12月20日（日）',
      '時間：12:00',
      '人数：2名',
      'ご来店の際はお時間に遅れないようお願いします。',
      '有効期限は5分',
    ])
      expect(mail.text).toContain(part);
  });

  it('confirm with the details and the cancel link; the default notices stand in for none', () => {
    const mail = reservationConfirmedMail(mailDataOf({ ...summary, notices: [] }), cancelUrlFor('https://cafe.example', 'r-1', 'hanako@example.jp'));
    expect(mail.subject).toBe('【MonCafe 西口公園店】ご予約が確定しました');
    expect(mail.text).toContain('https://cafe.example/reservation/cancel?reservation_id=r-1&email=hanako%40example.jp');
    for (const notice of DEFAULT_NOTICES) expect(mail.text).toContain(notice);
    expect(japaneseDate('2027-01-01')).toBe('2027年1月1日（金）');
  });

  it('repeat the guest’s remarks (allergies …) so the guest sees the store has them, in both languages, and none when empty', () => {
    const remarks = 'えびアレルギーです\n詳しくは https://example.jp を';
    const japanese = reservationConfirmedMail(mailDataOf({ ...summary, remarks }), cancelUrlFor('https://cafe.example', 'r-1', 'hanako@example.jp'));
    expect(japanese.text).toContain('備考（お客様のご入力内容）：\n\u3000｜えびアレルギーです\n\u3000｜詳しくは https[:]//example[.]jp を');
    const english = reservationMails('https://cafe.example').confirmed({ ...summary, remarks, language: 'en' });
    expect(english.text).toContain('Notes (as you entered them):\n  | えびアレルギーです');
    expect(reservationConfirmedMail(data, cancelUrlFor('https://cafe.example', 'r-1', 'hanako@example.jp')).text).not.toContain('備考');
  });

  it('are the booking service’s mail port, with links on the public URL', () => {
    const mails = reservationMails('https://cafe.example');
    expect(mails.confirmationRequest(summary, 'r-1.secret').text).toContain('https://cafe.example/confirm-reservation?token=r-1.secret');
    expect(mails.confirmed(summary).to).toBe('hanako@example.jp');
  });

  it('tell the guest a cancellation with the number, the Japanese date and a way to book again', () => {
    const mail = reservationMails('https://cafe.example').cancelled({ ...summary, status: 'cancelled' });
    expect(mail.subject).toBe('【MonCafe 西口公園店】ご予約をキャンセルしました');
    expect(mail.to).toBe('hanako@example.jp');
    for (const part of ['予約番号：MC-4821-7K', '2026年12月20日（日）', '時間：12:00', 'https://cafe.example/reservation']) expect(mail.text).toContain(part);
  });

  it('name the store with its address and phone from its record, in both languages (decision 407)', () => {
    const mails = reservationMails('https://cafe.example');
    for (const mail of [
      mails.confirmed(summary),
      reminderMails('https://cafe.example').reminder(summary),
      mails.cancelled({ ...summary, status: 'cancelled' }),
    ])
      for (const part of ['店舗：MonCafe 西口公園店', '住所：〒171-0021 東京都豊島区西池袋1-1-1', '電話：03-1111-2222']) expect(mail.text).toContain(part);
    const english = mails.confirmed({ ...summary, language: 'en' });
    for (const part of ['Café: MonCafe 西口公園店', 'Address: 〒171-0021 東京都豊島区西池袋1-1-1', 'Phone: 03-1111-2222']) expect(english.text).toContain(part);
    const gone = mails.confirmed({ ...summary, storeContact: null }).text;
    expect(gone).not.toContain('住所：');
  });
});

describe('guest text in the mails (docs/security.md, finding 6)', () => {
  it('breaks up everything a mail client would turn into a link, and keeps each line under its bar', () => {
    const text = inertText('お祝い\nhttps://evil.example/login\nsupport@evil.example www.evil.example');
    expect(text).toBe('お祝い\n\u3000｜https[:]//evil[.]example/login\n\u3000｜support[at]evil[.]example www[.]evil[.]example');
    expect(text).not.toMatch(/https?:\/\/|[a-z]\.[a-z]|@/);
    expect(inertText('山田 花子')).toBe('山田 花子');
  });
});
