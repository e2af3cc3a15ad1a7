import type { Mail } from './mailer';

/**
 * The Japanese texts of the two reservation mails, in one place so the wording is reviewed
 * together: the confirmation request (a single-use link valid 5 minutes) and, once confirmed,
 * the details with the cancel link. Pure: the caller resolves option labels and notices.
 */

/** Shown when the e-mail settings hold no notice (customer-site.md §8: the two default notices). */
export const DEFAULT_NOTICES: readonly string[] = ['キャンセル後の取り消しはできません。', 'またのご予約を心よりお待ちしております。'];

export interface ReservationMailData {
  to: string;
  customerName: string;
  storeName: string;
  reservationId: string;
  date: string;
  time: string;
  people: number;
  /** Course lines: name × quantity. */
  courses: { name: string; quantity: number; price: number }[];
  /** Option details already described (images as '画像あり'). */
  options: { label: string; value: string }[];
  totalPrice: number;
  notices: readonly string[];
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

/** 2026-12-20 → 2026年12月20日（日） */
export function japaneseDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${y}年${m}月${d}日（${weekday}）`;
}

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

function detailsBlock(data: ReservationMailData): string[] {
  const lines = [
    '■ご予約内容',
    `店舗：${data.storeName}`,
    `予約番号：${data.reservationId}`,
    `日付：${japaneseDate(data.date)}`,
    `時間：${data.time}`,
    `人数：${data.people}名`,
    `コース：${data.courses.map((c) => `${c.name} × ${c.quantity}`).join('、')}`,
  ];
  if (data.options.length) {
    lines.push('オプション：');
    for (const o of data.options) lines.push(`\u3000${o.label}：${o.value}`);
  }
  lines.push(`合計金額：${yen(data.totalPrice)}`);
  return lines;
}

function noticesBlock(notices: readonly string[]): string[] {
  const shown = notices.length ? notices : DEFAULT_NOTICES;
  return ['■注意事項', ...shown.map((n) => `・${n}`)];
}

export function confirmationRequestMail(data: ReservationMailData, confirmUrl: string): Mail {
  return {
    to: data.to,
    subject: `【${data.storeName}】ご予約の確認をお願いします`,
    text: [
      `${data.customerName} 様`,
      '',
      'ご予約のお申し込みありがとうございます。',
      'まだご予約は確定していません。5分以内に下のリンクを開いて、ご予約を確定してください。',
      '',
      confirmUrl,
      '',
      '※このリンクの有効期限は5分です。期限が切れた場合は、お手数ですが最初から予約をやり直してください。',
      '',
      ...detailsBlock(data),
      '',
      ...noticesBlock(data.notices),
      '',
      'このメールにお心当たりがない場合は、破棄してください。',
    ].join('\n'),
  };
}

export function reservationConfirmedMail(data: ReservationMailData, cancelUrl: string): Mail {
  return {
    to: data.to,
    subject: `【${data.storeName}】ご予約が確定しました`,
    text: [
      `${data.customerName} 様`,
      '',
      'ご予約が確定しました。ご来店をお待ちしております。',
      '',
      ...detailsBlock(data),
      '',
      ...noticesBlock(data.notices),
      '',
      'ご予約のキャンセルは下のリンクから行えます。',
      cancelUrl,
    ].join('\n'),
  };
}

export function confirmUrlFor(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-reservation?token=${encodeURIComponent(token)}`;
}

export function cancelUrlFor(publicUrl: string, reservationId: string, email: string): string {
  return `${publicUrl}/reservation/cancel?reservation_id=${encodeURIComponent(reservationId)}&email=${encodeURIComponent(email)}`;
}
