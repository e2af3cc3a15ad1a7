import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';
import { signUp } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { startSmtpSink } from './smtp-sink';
import { japaneseDate } from '../support/japanese';

/**
 * The customer screens as the server renders them: the states a page starts in, what a screen
 * reader is told (labels, required fields, alerts and live regions), and /my-reservations once
 * an unconfirmed request's link has lapsed (the server's clock moved, no sleeping).
 */
let server: TestWebServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const LUNCH = 'course-lunch';

/** The opening tag of the first element carrying `marker` (an attribute or test id). */
const tagWith = (html: string, marker: string) => {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`no ${marker} in page`);
  return html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1);
};

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestWebServer({ env: { SMTP_URL: smtp.url } });
  await waitForAnswer(
    () => new HttpClient(server.url).post('/api/customery-day/available-dates', { people: 2, menuIds: [LUNCH] }),
    (a) => Array.isArray(a.body.dates) && (a.body.dates as unknown[]).length > 1,
    1200,
  );
}, 180_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('customer screens as rendered', () => {
  it('cancel page: without reservation_id or email it starts in the error state, announced, with a way home', async () => {
    const noId = (await new HttpClient(server.url).page('/reservation/cancel')).html;
    expect(tagWith(noId, 'data-testid="cancel-error"')).toContain('role="alert"');
    expect(noId).toContain('予約IDが見つかりません');
    expect(noId).toContain('ホームに戻る');
    const noEmail = (await new HttpClient(server.url).page('/reservation/cancel?reservation_id=r1')).html;
    expect(noEmail).toContain('メールアドレスが指定されていません');
    const loading = (await new HttpClient(server.url).page('/reservation/cancel?reservation_id=r1&email=a%40example.jp')).html;
    expect(loading).toMatch(/<p role="status">読み込み中…<\/p>/);
  });

  it('confirm page: without a token the error card is an alert; with one it starts loading', async () => {
    const html = (await new HttpClient(server.url).page('/confirm-reservation')).html;
    expect(tagWith(html, 'data-testid="confirm-error"')).toContain('role="alert"');
    expect(html).toContain('無効なリンクです');
    expect((await new HttpClient(server.url).page('/customer-confirm?token=x.y')).html).toMatch(/<p role="status">読み込み中…<\/p>/);
  });

  it('customer information: every field is labelled and marked required for a screen reader', async () => {
    const html = (await new HttpClient(server.url).page('/customer-information')).html;
    for (const marker of ['name="name"', 'data-testid="phone-1"', 'data-testid="phone-2"', 'data-testid="phone-3"', 'name="email"']) {
      const tag = tagWith(html, marker);
      expect(tag, marker).toContain('aria-required="true"');
      expect(tag, marker).toContain('required=""');
    }
    expect(tagWith(html, 'data-testid="phone-1"')).toContain('aria-label="電話番号1"');
  });

  it('reservation menu: the cart total is a live region, so adding or removing a course is announced', async () => {
    const html = (await new HttpClient(server.url).page('/reservation')).html;
    expect(tagWith(html, 'data-testid="cart-total"')).toContain('aria-live="polite"');
    expect(html).toContain('カートは空です');
  });
});

describe('my reservations and a lapsed confirmation link', () => {
  it('lists a request awaiting its mail, and no longer once its link lapsed unconfirmed', async () => {
    const customer = new HttpClient(server.url);
    const email = 'lapse.member@example.jp';
    await signUp(customer, { name: '期限花子', email, password: 'member-password-1' });
    expect((await smtp.next(email)).subject).toBe('【MonCafe】メールアドレスの確認をお願いします');
    expect((await customer.page('/my-reservations')).html).toContain('予約はありません');

    const dates = (await customer.post('/api/customery-day/available-dates', { people: 2, menuIds: [LUNCH] })).body.dates as string[];
    const date = dates.find((d) => d > dates[0]!) ?? dates[0]!;
    const time = ((await customer.post('/api/customery-day/available-times', { date, people: 2, menuIds: [LUNCH] })).body.times as string[])[0]!;
    await customer.post('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [LUNCH] });
    const sent = await customer.post('/api/reservation-confirmation/send-confirmation', {
      name: '期限花子',
      email,
      phone: '090-5555-6666',
      reservationData: { date, time, people: 2, cart: [{ menu_id: LUNCH, quantity: 2 }] },
    });
    expect(sent.status).toBe(200);
    await smtp.next(email);
    const waiting = await waitForAnswer(
      () => customer.page('/my-reservations'),
      (p) => p.html.includes(`${japaneseDate(date)} ${time}`),
      400,
    );
    expect(waiting.html).toContain('メール確認待ち');
    expect(waiting.html).toContain(`aria-label="${japaneseDate(date)} ${time} の予約をキャンセルする"`);

    // The link (and the seat hold) lapses 5 minutes after the request.
    await server.advanceClock(5 * 60_000);
    const lapsed = (await customer.page('/my-reservations')).html;
    expect(lapsed).not.toContain(`${japaneseDate(date)} ${time}`);
    expect(lapsed).toContain('予約はありません');
  });
});
