import { describe, expect, it } from 'vitest';
import {
  cancelUrlFor,
  confirmationRequestMail,
  confirmUrlFor,
  DEFAULT_NOTICES,
  japaneseDate,
  reservationConfirmedMail,
  type ReservationMailData,
} from './reservation-mail';

const data: ReservationMailData = {
  to: 'hanako@example.jp',
  customerName: '山田花子',
  storeName: 'MonCafe',
  reservationId: 'r-1',
  date: '2026-12-20',
  time: '12:00',
  people: 2,
  courses: [{ name: 'ケーキコース', quantity: 1, price: 3000 }],
  options: [{ label: 'プリント用画像', value: '画像あり' }],
  totalPrice: 3300,
  notices: ['ご来店の際はお時間に遅れないようお願いします。'],
};

describe('reservation mails', () => {
  it('ask for confirmation with the link, the course, options, date, time, party and notices', () => {
    const mail = confirmationRequestMail(data, confirmUrlFor('https://cafe.example', 'r-1.secret'));
    expect(mail.subject).toBe('【MonCafe】ご予約の確認をお願いします');
    for (const part of [
      'https://cafe.example/confirm-reservation?token=r-1.secret',
      'ケーキコース × 1',
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
    const mail = reservationConfirmedMail({ ...data, notices: [] }, cancelUrlFor('https://cafe.example', 'r-1', 'hanako@example.jp'));
    expect(mail.subject).toBe('【MonCafe】ご予約が確定しました');
    expect(mail.text).toContain('https://cafe.example/reservation/cancel?reservation_id=r-1&email=hanako%40example.jp');
    for (const notice of DEFAULT_NOTICES) expect(mail.text).toContain(notice);
    expect(japaneseDate('2027-01-01')).toBe('2027年1月1日（金）');
  });
});
