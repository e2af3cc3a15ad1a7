import type { MailMessage } from '@moncafe/domain/ports';
import type { ReminderMails } from '@moncafe/domain/reminder/reminder-service';
import type { ReservationMails } from '@moncafe/domain/reservation/ports';
import type { ReservationSummary } from '@moncafe/domain/reservation/summary';
import { yenAmount } from '#app/shared/yen';
import { formatDate, formatYenIn } from '#app/i18n/language';
import { englishMailTexts } from './texts';
import { japaneseDate, noticeTexts, optionLines, storeAddressOf, storeNameOf } from './presentation';

/**
 * The Japanese texts of the reservation mails, in one place so the wording is reviewed
 * together: the confirmation request (a single-use link valid 5 minutes), once confirmed the
 * details with the cancel link, and the cancellation (by the guest or by staff). `reservationMails(publicUrl)` is the booking service's
 * `ReservationMails` port (wired once in apps/web/server.ts); the templates themselves are pure.
 */

export function reservationMails(publicUrl: string): ReservationMails {
  return {
    confirmationRequest: (summary, token) => mailsIn(summary).confirmationRequest(mailDataOf(summary), confirmUrlFor(publicUrl, token)),
    confirmed: (summary) => mailsIn(summary).confirmed(mailDataOf(summary), cancelUrlFor(publicUrl, summary.reservationId, summary.customer.email)),
    cancelled: (summary) => mailsIn(summary).cancelled(mailDataOf(summary), `${publicUrl}/reservation`),
  };
}

/** The guests' reminder the day before (decision 290), wired as the reminder service's `ReminderMails` port. */
export function reminderMails(publicUrl: string): ReminderMails {
  return { reminder: (summary) => mailsIn(summary).reminder(mailDataOf(summary), cancelUrlFor(publicUrl, summary.reservationId, summary.customer.email)) };
}

/** The templates in the language the guest booked in (decision 363). */
function mailsIn(summary: Pick<ReservationSummary, 'language'>) {
  return summary.language === 'en'
    ? { confirmationRequest: englishConfirmationRequestMail, confirmed: englishConfirmedMail, cancelled: englishCancelledMail, reminder: englishReminderMail }
    : {
        confirmationRequest: confirmationRequestMail,
        confirmed: reservationConfirmedMail,
        cancelled: reservationCancelledMail,
        reminder: reservationReminderMail,
      };
}

/** A summary as the templates read it: option lines worded, notices with the defaults standing in for none. */
export function mailDataOf(summary: ReservationSummary): ReservationMailData {
  return {
    to: summary.customer.email,
    customerName: summary.customer.name,
    storeName: storeNameOf(summary.storeName),
    storeAddress: storeAddressOf(summary.storeContact),
    storePhone: summary.storeContact?.phone ?? '',
    reservationNumber: summary.reservationNumber,
    date: summary.date,
    time: summary.time,
    people: summary.people,
    courses: summary.lines.map((l) => ({ name: summary.language === 'en' && l.nameEn ? l.nameEn : l.name, quantity: l.quantity, price: l.price })),
    options: optionLines(summary.options),
    totalPrice: summary.total,
    remarks: summary.remarks,
    notices: summary.notices.length || summary.language !== 'en' ? noticeTexts(summary.notices) : englishMailTexts.defaultNotices,
  };
}

export interface ReservationMailData {
  to: string;
  customerName: string;
  storeName: string;
  /** The store's address and phone from its record (decision 407); empty when it is gone. */
  storeAddress: string;
  storePhone: string;
  /** The short number (`MC-4821-7K`) the guest quotes. */
  reservationNumber: string;
  date: string;
  time: string;
  people: number;
  /** Course lines: name × quantity. */
  courses: { name: string; quantity: number; price: number }[];
  /** Option details already described (images as '画像あり'). */
  options: { label: string; value: string }[];
  totalPrice: number;
  /** The guest's remarks (allergies …) as typed, '' when none: the mail repeats them so the guest sees the store has them. */
  remarks: string;
  notices: readonly string[];
}

/**
 * Text a guest typed, as a mail may show it: nothing in it can become a link (a scheme, a domain
 * or an address is broken up with brackets, which every mail client leaves as plain text), and
 * each of its lines is indented under a bar, so it reads as the guest's words, set apart from the
 * cafe's, so nobody can phish through our mails (decision 052). The calls already limit its length and lines.
 */
export function inertText(text: string, indent = '\u3000｜'): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) =>
      line
        .replace(/:\/\//g, '[:]//')
        .replace(/([\p{L}\p{N}_-])\.(?=[\p{L}\p{N}_-])/gu, '$1[.]')
        .replace(/@/g, '[at]'),
    )
    .join(`\n${indent}`);
}

function detailsBlock(data: ReservationMailData): string[] {
  const lines = [
    '■ご予約内容',
    `店舗：${data.storeName}`,
    ...(data.storeAddress ? [`住所：${data.storeAddress}`] : []),
    ...(data.storePhone ? [`電話：${data.storePhone}`] : []),
    `予約番号：${data.reservationNumber}`,
    `日付：${japaneseDate(data.date)}`,
    `時間：${data.time}`,
    `人数：${data.people}名`,
    `コース：${data.courses.map((c) => `${c.name} × ${c.quantity}`).join('、')}`,
  ];
  if (data.options.length) {
    lines.push('オプション（お客様のご入力内容）：');
    for (const o of data.options) lines.push(`\u3000｜${o.label}：${inertText(o.value, '\u3000｜\u3000')}`);
  }
  if (data.remarks) lines.push('備考（お客様のご入力内容）：', `\u3000｜${inertText(data.remarks)}`);
  lines.push(`合計金額：${yenAmount(data.totalPrice)}`);
  return lines;
}

function noticesBlock(notices: readonly string[]): string[] {
  return ['■注意事項', ...notices.map((n) => `・${n}`)];
}

export function confirmationRequestMail(data: ReservationMailData, confirmUrl: string): MailMessage {
  return {
    to: data.to,
    subject: `【${data.storeName}】ご予約の確認をお願いします`,
    text: [
      `${inertText(data.customerName)} 様`,
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

export function reservationConfirmedMail(data: ReservationMailData, cancelUrl: string): MailMessage {
  return {
    to: data.to,
    subject: `【${data.storeName}】ご予約が確定しました`,
    text: [
      `${inertText(data.customerName)} 様`,
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

/** The day before the booking (decision 290): the details and the cancel link. */
export function reservationReminderMail(data: ReservationMailData, cancelUrl: string): MailMessage {
  return {
    to: data.to,
    subject: `【${data.storeName}】明日のご予約のお知らせ`,
    text: [
      `${inertText(data.customerName)} 様`,
      '',
      '明日のご予約についてお知らせします。ご来店をお待ちしております。',
      '',
      ...detailsBlock(data),
      '',
      'ご都合が悪くなった場合は、下のリンクからキャンセルできます。',
      cancelUrl,
      '',
      'このメールはご予約の前日にお送りしています。',
    ].join('\n'),
  };
}

export function reservationCancelledMail(data: ReservationMailData, bookAgainUrl: string): MailMessage {
  return {
    to: data.to,
    subject: `【${data.storeName}】ご予約をキャンセルしました`,
    text: [
      `${data.customerName} 様`,
      '',
      '下記のご予約をキャンセルしました。',
      '',
      ...detailsBlock(data),
      '',
      'またのご予約を心よりお待ちしております。',
      bookAgainUrl,
      '',
      'このメールにお心当たりがない場合は、お手数ですが店舗までご連絡ください。',
    ].join('\n'),
  };
}

export function confirmUrlFor(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-reservation?token=${encodeURIComponent(token)}`;
}

export function cancelUrlFor(publicUrl: string, reservationId: string, email: string): string {
  return `${publicUrl}/reservation/cancel?reservation_id=${encodeURIComponent(reservationId)}&email=${encodeURIComponent(email)}`;
}

/** The English mails (decision 363): the same facts and links as the Japanese, for a visitor. */
function englishDetailsBlock(data: ReservationMailData): string[] {
  const t = englishMailTexts;
  const lines = [
    t.detailsTitle,
    `${t.store}: ${data.storeName}`,
    ...(data.storeAddress ? [`${t.address}: ${data.storeAddress}`] : []),
    ...(data.storePhone ? [`${t.phone}: ${data.storePhone}`] : []),
    `${t.number}: ${data.reservationNumber}`,
    `${t.date}: ${formatDate(data.date, 'en')}`,
    `${t.time}: ${data.time}`,
    `${t.party}: ${t.people(data.people)}`,
    `${t.courses}: ${data.courses.map((c) => `${c.name} × ${c.quantity}`).join(', ')}`,
  ];
  if (data.options.length) {
    lines.push(t.options);
    for (const o of data.options) lines.push(`  | ${o.label}: ${inertText(o.value, '  |   ')}`);
  }
  if (data.remarks) lines.push(t.remarks, `  | ${inertText(data.remarks, '  | ')}`);
  lines.push(`${t.total}: ${formatYenIn(data.totalPrice, 'en')}`);
  return lines;
}

function englishNoticesBlock(notices: readonly string[]): string[] {
  return [englishMailTexts.noticesTitle, ...notices.map((n) => `- ${n}`)];
}

function englishConfirmationRequestMail(data: ReservationMailData, confirmUrl: string): MailMessage {
  const t = englishMailTexts;
  return {
    to: data.to,
    subject: t.confirmationRequestSubject(data.storeName),
    text: [
      t.dear(inertText(data.customerName, '  | ')),
      '',
      ...t.confirmationRequestBody,
      '',
      confirmUrl,
      '',
      t.confirmationRequestExpiry,
      '',
      ...englishDetailsBlock(data),
      '',
      ...englishNoticesBlock(data.notices),
      '',
      t.notYou,
    ].join('\n'),
  };
}

function englishConfirmedMail(data: ReservationMailData, cancelUrl: string): MailMessage {
  const t = englishMailTexts;
  return {
    to: data.to,
    subject: t.confirmedSubject(data.storeName),
    text: [
      t.dear(inertText(data.customerName, '  | ')),
      '',
      t.confirmedBody,
      '',
      ...englishDetailsBlock(data),
      '',
      ...englishNoticesBlock(data.notices),
      '',
      t.cancelBelow,
      cancelUrl,
    ].join('\n'),
  };
}

function englishReminderMail(data: ReservationMailData, cancelUrl: string): MailMessage {
  const t = englishMailTexts;
  return {
    to: data.to,
    subject: t.reminderSubject(data.storeName),
    text: [
      t.dear(inertText(data.customerName, '  | ')),
      '',
      t.reminderBody,
      '',
      ...englishDetailsBlock(data),
      '',
      t.reminderCancel,
      cancelUrl,
      '',
      t.reminderWhy,
    ].join('\n'),
  };
}

function englishCancelledMail(data: ReservationMailData, bookAgainUrl: string): MailMessage {
  const t = englishMailTexts;
  return {
    to: data.to,
    subject: t.cancelledSubject(data.storeName),
    text: [
      t.dear(inertText(data.customerName, '  | ')),
      '',
      t.cancelledBody,
      '',
      ...englishDetailsBlock(data),
      '',
      t.hopeToSeeYou,
      bookAgainUrl,
      '',
      t.cancelledNotYou,
    ].join('\n'),
  };
}
