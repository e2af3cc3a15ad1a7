import { pngOf } from '@moncafe/domain/testing/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForAnswer, type TestWebServer } from '../support/web-server';
import { BIRTHDAY, birthdayDetail, firstBookable as firstBookableFor, LUNCH, startServerWithMail } from './booking-steps';
import { signUp } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import type { startSmtpSink } from './smtp-sink';
import { japaneseDate } from '../support/japanese';

/**
 * The reservation calls over HTTP against the real server (embedded PGlite, demo data) with a
 * real SMTP server started here: hold, request, mail, confirm, cancel, and the error answers.
 */
let server: TestWebServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://[^\\s]+(${path.replace(/[/?]/g, '\\$&')}[^\\s]*)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
};

let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ server, smtp, close } = await startServerWithMail());
}, 180_000);

afterAll(async () => close?.());

const firstBookable = (people: number, menuIds: string[]) => firstBookableFor(new HttpClient(server.url), people, menuIds);

describe('the reservation calls', () => {
  it('book a birthday course with options and an image, confirm by the mailed link once, and cancel from the mailed cancel link', async () => {
    const { date, time } = await firstBookable(2, [BIRTHDAY]);
    const guest = new HttpClient(server.url);
    const held = await guest.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [BIRTHDAY] });
    expect(held.status).toBe(200);
    expect(held.body.seat_ids).toEqual(['seat-t1']);
    expect(guest.cookie).toMatch(/moncafe_rsv=/);

    const email = 'hanako.api@example.jp';
    const uploaded = await guest.send('POST', '/api/reservation-images', { bytes: pngOf(400, 400), headers: { 'content-type': 'image/png' } });
    const { image_id: imageId } = (await uploaded.json()) as { image_id: string };
    const detail = birthdayDetail('おめでとう', imageId);
    const reservationData = { date, time, people: 2, cart: [{ menu_id: BIRTHDAY, quantity: 1 }], detail };
    const sent = await guest.post('/api/reservation-confirmation/send-confirmation', { name: '山田花子', email, phone: '090-1234-5678', reservationData });
    expect(sent.status).toBe(200);
    expect(sent.body.success).toBe(true);

    const request = await smtp.next(email);
    expect(request.subject).toBe('【MonCafe 駅前店】ご予約の確認をお願いします');
    for (const part of [
      'バースデーケーキコース × 1',
      '印刷用画像：画像あり',
      'ケースの種類：透明ケース（+330円）',
      `時間：${time}`,
      '人数：2名',
      // With tax, as the bill charges it (decision 632): 5,280 + case 330 + plate 220 + print 550.
      '合計金額：6,380円',
    ])
      expect(request.text).toContain(part);
    const confirmPath = linkIn(request.text, '/confirm-reservation?token=');
    const token = decodeURIComponent(new URL(confirmPath, server.url).searchParams.get('token')!);
    // At least 128 random bits after the reservation id.
    expect(Buffer.from(token.split('.')[1]!, 'base64url').length).toBeGreaterThanOrEqual(16);

    const confirmed = await guest.getJson(`/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`);
    expect(confirmed.status).toBe(200);
    const confirmation = confirmed.body.confirmation as {
      isConfirmed: boolean;
      name: string;
      data: { date: string; time: string; people: number };
      detailLines: { label: string; value: string }[];
    };
    expect(confirmation).toMatchObject({ isConfirmed: true, name: '山田花子', data: { date, time, people: 2 } });
    expect(confirmation.detailLines).toContainEqual({ label: '印刷用画像', value: '画像あり' });

    // The used link confirms nothing twice but still shows the reservation as confirmed.
    const again = await guest.getJson(`/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`);
    expect(again.status).toBe(200);
    expect((again.body.confirmation as { isConfirmed: boolean }).isConfirmed).toBe(true);

    const details = await smtp.next(email);
    expect(details.subject).toBe('【MonCafe 駅前店】ご予約が確定しました');
    const cancelPath = linkIn(details.text, '/reservation/cancel?reservation_id=');
    const cancelQuery = new URL(cancelPath, server.url).searchParams;
    const reservationId = cancelQuery.get('reservation_id')!;
    expect(cancelQuery.get('email')).toBe(email);

    // A wrong e-mail answers exactly like an unknown id.
    const wrong = await guest.post('/api/customer-cancel/check', { reservation_id: reservationId, email: 'other@example.jp' });
    const unknown = await guest.post('/api/customer-cancel/check', { reservation_id: '00000000-0000-4000-8000-000000000000', email });
    expect(wrong).toEqual(unknown);
    expect(wrong.status).toBe(404);

    const check = await guest.post('/api/customer-cancel/check', { reservation_id: reservationId, email });
    expect(check.body.reservation).toMatchObject({ id: reservationId, store_name: 'MonCafe 駅前店', customer_name: '山田花子', date, time, people: 2 });
    expect((await guest.post('/api/customer-cancel/execute', { reservation_id: reservationId, email: 'other@example.jp', reason: '' })).status).toBe(404);
    const cancelled = await guest.post('/api/customer-cancel/execute', { reservation_id: reservationId, email, reason: '予定が合わなくなった' });
    expect(cancelled).toEqual({ status: 200, body: { success: true, message: '予約をキャンセルしました' } });
    expect((await guest.post('/api/customer-cancel/execute', { reservation_id: reservationId, email, reason: '' })).status).toBe(400);
  });

  it('a seat taken by a party of six frees the time again the moment it is cancelled', async () => {
    const { date, time } = await firstBookable(6, [LUNCH]);
    const ids: string[] = [];
    // Six fit the sofa (6) and the joined tables 3+4 (8): two parties fill the time for six.
    for (const [i, email] of ['six.a@example.jp', 'six.b@example.jp'].entries()) {
      const guest = new HttpClient(server.url);
      const held = await guest.post('/api/customery-day/allocate-seat', { date, time, people: 6, menuIds: [LUNCH] });
      expect(held.body.seat_ids).toEqual(i === 0 ? ['seat-s1'] : ['seat-t3', 'seat-t4']);
      expect(
        (
          await guest.post('/api/reservation-confirmation/send-confirmation', {
            name: '団体',
            email,
            phone: '03-1234-5678',
            reservationData: { date, time, people: 6, cart: [{ menu_id: LUNCH, quantity: 6 }] },
          })
        ).status,
      ).toBe(200);
      const token = decodeURIComponent(linkIn((await smtp.next(email)).text, '/confirm-reservation?token=').split('token=')[1]!);
      expect((await guest.getJson(`/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`)).status).toBe(200);
      ids.push(
        linkIn((await smtp.next(email)).text, '/reservation/cancel?reservation_id=')
          .split('reservation_id=')[1]!
          .split('&')[0]!,
      );
    }
    const browser = new HttpClient(server.url);
    const full = await browser.post('/api/customery-day/available-times', { date, people: 6, menuIds: [LUNCH] });
    expect(full.body.times).not.toContain(time);
    const third = await new HttpClient(server.url).post('/api/customery-day/allocate-seat', { date, time, people: 6, menuIds: [LUNCH] });
    expect(third.body).toMatchObject({ seat_ids: [], message: '申し訳ありません。その時間は満席になりました。別の時間をお選びください。' });

    await browser.post('/api/customer-cancel/execute', { reservation_id: ids[0], email: 'six.a@example.jp', reason: '' });
    const freed = await browser.post('/api/customery-day/available-times', { date, people: 6, menuIds: [LUNCH] });
    expect(freed.body.times).toContain(time);
  });

  it('shows a signed-in customer their reservations with a cancel link, and asks a guest to sign in', async () => {
    expect((await new HttpClient(server.url).page('/my-reservations')).html).toContain('予約履歴を見るにはログインしてください');
    const customer = new HttpClient(server.url);
    const email = 'member@example.jp';
    await signUp(customer, { name: '会員太郎', email, password: 'member-password-1' });
    expect((await smtp.next(email)).subject).toBe('【MonCafe】メールアドレスの確認をお願いします');
    const { date, time } = await firstBookable(2, [LUNCH]);
    await customer.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [LUNCH] });
    expect(
      (
        await customer.post('/api/reservation-confirmation/send-confirmation', {
          name: '会員太郎',
          email,
          phone: '090-3333-4444',
          reservationData: { date, time, people: 2, cart: [{ menu_id: LUNCH, quantity: 2 }] },
        })
      ).status,
    ).toBe(200);
    await smtp.next(email);
    const page = await waitForAnswer(
      () => customer.page('/my-reservations'),
      (p) => p.html.includes(japaneseDate(date)),
      400,
    );
    expect(page.html).toContain('今後のご予約');
    expect(page.html).toContain(`${japaneseDate(date)} ${time}`);
    expect(page.html).toContain('メール確認待ち');
    // The guest's short number, not the reservation's uuid.
    expect(page.html).toMatch(/予約番号(<!-- -->)?：(<!-- -->)?MC-\d{4}-[2-9A-HJ-NP-Z]{2}/);
    expect(page.html).toContain('/reservation/cancel?reservation_id=');
  });

  it('answers 400 for missing fields, with the spec messages for refused options', async () => {
    const guest = new HttpClient(server.url);
    for (const [path, body] of [
      ['/api/customery-day/available-dates', {}],
      ['/api/customery-day/available-times', { date: '2026-12-20' }],
      ['/api/customery-day/allocate-seat', { date: '2026-12-20', people: 2 }],
      ['/api/customery-day/is-closed', {}],
      ['/api/customer-detail', {}],
      ['/api/customer-cancel/check', { email: 'a@example.jp' }],
      ['/api/customer-cancel/execute', { reservation_id: 'x' }],
      ['/api/reservation-confirmation/send-confirmation', { email: 'a@example.jp' }],
      ['/api/customery-day/available-dates', 'not json'],
    ] as const) {
      const answer = await guest.post(path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body.success, path).toBe(false);
    }
    const { date, time } = await firstBookable(2, [BIRTHDAY]);
    await guest.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [BIRTHDAY] });
    const missing = await guest.post('/api/reservation-confirmation/send-confirmation', {
      name: '佐藤',
      email: 'sato@example.jp',
      phone: '090-1111-2222',
      reservationData: {
        date,
        time,
        people: 2,
        cart: [{ menu_id: BIRTHDAY, quantity: 1 }],
        detail: { [`${BIRTHDAY}_4`]: 'box', [`${BIRTHDAY}_5`]: 'white', [`${BIRTHDAY}_11`]: 'no', [`${BIRTHDAY}_12`]: ['print'] },
      },
    });
    expect(missing).toMatchObject({ status: 400, body: { success: false, error: 'ドリンクの種類は必須です、印刷用画像は必須です' } });
    expect(
      (
        await guest.post('/api/reservation-confirmation/send-confirmation', {
          name: '佐藤',
          email: 'sato@example.jp',
          phone: '0-1-2',
          reservationData: { date, time, people: 2, cart: [{ menu_id: BIRTHDAY, quantity: 1 }] },
        })
      ).status,
    ).toBe(400);
  });

  it('refuses a closed day with the spec message, and an unknown or tampered link with 404', async () => {
    const guest = new HttpClient(server.url);
    // Find a Wednesday (closed every week in the demo data) inside the window.
    const closed = await guest.post('/api/customery-day/available-dates', { people: 1, menuIds: [] });
    const wednesday = (closed.body.closedDates as string[]).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 3)!;
    expect((await guest.post('/api/customery-day/is-closed', { date: wednesday })).body).toEqual({ isClosed: true });
    const check = await guest.post('/api/customery-day/check-date', { date: wednesday, menuIds: [] });
    expect(check.body).toEqual({ ok: false, reason: 'closed', message: `${wednesday} は定休日のため予約できません` });
    const refused = await guest.post('/api/customery-day/allocate-seat', { date: wednesday, time: '12:00', people: 2, menuIds: [] });
    expect(refused).toMatchObject({ status: 400, body: { seat_ids: [], error: `${wednesday} は定休日のため予約できません` } });
    expect((await guest.getJson('/api/reservation-confirmation/not-a-token?confirm=true')).status).toBe(404);
    expect((await guest.getJson(`/api/reservation-confirmation/00000000-0000-4000-8000-000000000000.${'A'.repeat(32)}?confirm=true`)).status).toBe(404);
  });

  it('limits confirmation mails per mailbox with 429 and the spec message, counting only valid requests', async () => {
    const { date, times } = await firstBookable(1, [LUNCH]);
    const body = (time: string) => ({
      name: '連打',
      email: 'flood@example.jp',
      phone: '090-0000-0000',
      reservationData: { date, time, people: 1, cart: [{ menu_id: LUNCH, quantity: 1 }] },
    });
    const invalid = { ...body(times[0]!), reservationData: { ...body(times[0]!).reservationData, cart: [{ menu_id: 'no-such-menu', quantity: 1 }] } };
    // An invalid request counts nothing (decision 052).
    for (let i = 0; i < 4; i++) expect((await new HttpClient(server.url).post('/api/reservation-confirmation/send-confirmation', invalid)).status).toBe(400);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<HttpClient['post']>> | undefined;
    for (let i = 0; i < 4; i++) {
      last = await new HttpClient(server.url).post('/api/reservation-confirmation/send-confirmation', body(times[i]!));
      statuses.push(last.status);
      if (last.status === 200) await smtp.next('flood@example.jp');
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.body).toEqual({ success: false, error: 'リクエストが多すぎます。しばらく待ってから再試行してください。' });
  });
});
