import type { NotificationMails } from '@moncafe/domain/notification/reactor';
import { japaneseDate, storeNameOf } from '#app/reservation/presentation';

/**
 * The Japanese staff notification mails (decision 132): a new booking, a cancellation, items
 * running low. Sent by the notification reactor to the people chosen at /admin/notifications.
 * A guest's name is their own text: it is shown as written, on a line of its own.
 */
export function notificationMails(): NotificationMails {
  return {
    newBooking: (n) => ({
      subject: `【${storeNameOf(n.storeName)}】新しいご予約 ${japaneseDate(n.date)} ${n.time} ${n.people}名`,
      text: ['新しいご予約が確定しました。', '', ...bookingLines(n), '', '予約スケジュールは管理画面のモニターからご確認ください。'].join('\n'),
    }),
    cancellation: (n) => ({
      subject: `【${storeNameOf(n.storeName)}】ご予約のキャンセル ${japaneseDate(n.date)} ${n.time}`,
      text: [n.by === 'staff' ? 'スタッフがご予約をキャンセルしました。' : 'お客様がご予約をキャンセルしました。', '', ...bookingLines(n)].join('\n'),
    }),
    lowStock: (n) => ({
      subject: `【${storeNameOf(n.storeName)}】在庫が少なくなっています`,
      text: [
        `次の商品の在庫が${n.threshold}個以下になりました。`,
        '',
        ...n.items.map((i) => `・${i.name}：残り${i.remaining}個`),
        '',
        '在庫はキッチンの在庫画面で更新できます。',
      ].join('\n'),
    }),
  };
}

function bookingLines(n: Parameters<NotificationMails['newBooking']>[0]): string[] {
  return [
    `予約番号：${n.reservationNumber}`,
    `お名前：${n.customerName} 様`,
    `日付：${japaneseDate(n.date)}`,
    `時間：${n.time}`,
    `人数：${n.people}名`,
    `コース：${n.courses.join('、')}`,
  ];
}
