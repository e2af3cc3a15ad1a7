import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutesOf, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { bookConfirmedParty, demoCoursesReady } from '../reservation/booking-steps';
import { startSmtpSink } from '../reservation/smtp-sink';
import { httpClient, type HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import {
  AT_DEMO_STORE,
  DEMO_SEATS,
  DEMO_STORE,
  moveToOpenHours,
  printedSeatUrls,
  seatCodeOf,
  serverNow,
  signedInAdmin,
  waitForOrderMenu,
  withToken,
} from '../support/table-order';
import { startTestWebServer, type TestWebServer } from '../support/web-server';
import { signInEveryone } from './support/identities';

const pgUrl = await postgresUrl();

const SEAT_CODE_INVALID = 'QRコードが無効です。お席のQRコードを読み取り直すか、スタッフへお声かけください。';
const NUMBER_REQUIRED = 'このお席はご予約済みです。予約番号を入力するか、スタッフへお声かけください。';
const WRONG_NUMBER = '予約番号が一致しません。予約確認メールの予約番号をご確認いただくか、スタッフへお声かけください。';
const RENEWAL_LIMIT = '認証の更新回数が上限に達しました。しばらく待ってからお試しいただくか、スタッフへお声かけください。';

type Answer = { success?: boolean; error?: string; message?: string; token?: string; reservation_id?: string; is_existing?: boolean };

/**
 * The probe's findings on check-ins, joining a booked party, token renewals and location passes (docs/security.md; decisions 150–153), replayed over HTTP as the outside probe sent them, against
 * a started server over PostgreSQL (so the test reads the event log itself): each refusal appends
 * nothing. The check-in and join findings fail on the code before decisions 150–153: the probe's check-ins
 * answered 200 with a token.
 */
describe.skipIf(!pgUrl)('a table only its own guests can open, join, renew and wait out (decisions 150–153)', () => {
  let database: TestDatabase;
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let pool: pg.Pool;
  let admin: HttpClient;

  const head = async () => Number((await pool.query<{ p: string | null }>('select max(position) as p from events')).rows[0]!.p ?? 0);
  /** The call answers `status` with `error` (and `message`), and the event log is as it was. */
  async function refusedAppendingNothing(call: () => Promise<{ status: number; body: Answer }>, status: number, error: string, message?: string) {
    const before = await head();
    const answer = await call();
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toMatchObject({ success: false, error, ...(message ? { message } : {}) });
    expect(answer.body.token).toBeUndefined();
    expect(await head()).toBe(before);
    return answer;
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    database = await createTestDatabase(pgUrl!, 'moncafe_table_findings');
    server = await startTestWebServer({ env: { DATABASE_URL: database.url, SMTP_URL: smtp.url } });
    pool = database.pool(2);
    await waitForOrderMenu(server.url);
    await demoCoursesReady(server.url);
    admin = await signedInAdmin(server.url);
  }, 240_000);

  afterAll(async () => {
    await server?.close();
    await database?.drop();
    await smtp?.close();
  });

  it('finding 1: the store’s published coordinates at every seat id open nothing without the seat’s printed code', async () => {
    await moveToOpenHours(server);
    const attacker = httpClient(server.url);
    // The probe's first step: the store's point (and, before, its fence radius) from the public call.
    const store = await attacker.getJson<{ latitude: number; longitude: number; geofence_radius_m?: number }>(`/api/stores/${DEMO_STORE}`);
    expect(store.status).toBe(200);
    expect(store.body).not.toHaveProperty('geofence_radius_m');
    const list = await attacker.getJson<{ geofence_radius_m?: number }[]>('/api/stores');
    expect(list.body.length).toBeGreaterThan(0);
    for (const s of list.body) expect(s).not.toHaveProperty('geofence_radius_m');
    const at = { lat: store.body.latitude, lng: store.body.longitude, accuracy: 10 };

    // Then qr-checkin at every seat id, exactly as sent: no code, or a guessed one.
    for (const seat_id of DEMO_SEATS) {
      await refusedAppendingNothing(
        () => attacker.post<Answer>('/api/orders/qr-checkin', { seat_id, number_of_people: 1, ...at }),
        401,
        'seat_code_invalid',
        SEAT_CODE_INVALID,
      );
      await refusedAppendingNothing(
        () => attacker.post<Answer>('/api/orders/qr-checkin', { seat_id, seat_code: 'AAAAAAAAAAAAAAAAAAAAAA', number_of_people: 1, ...at }),
        401,
        'seat_code_invalid',
      );
    }
    // Coordinates are a second signal only: the printed code alone does not open a seat from afar.
    const far = await attacker.post<Answer>('/api/orders/qr-checkin', {
      seat_id: 'seat-c1',
      seat_code: await seatCodeOf(server.url, 'seat-c1'),
      number_of_people: 1,
      lat: 35.681236,
      lng: 139.767125,
      accuracy: 10,
    });
    expect(far).toMatchObject({ status: 403, body: { error: 'outside_geofence' } });
    // A guest who scanned the card at the table checks in.
    const guest = await httpClient(server.url).post<Answer>('/api/orders/qr-checkin', {
      seat_id: 'seat-c1',
      seat_code: await seatCodeOf(server.url, 'seat-c1'),
      number_of_people: 1,
      ...AT_DEMO_STORE,
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
  });

  it('finding 1: an admin’s rotation stops the old card at once', async () => {
    const seat_id = 'seat-c2';
    const old = await seatCodeOf(server.url, seat_id);
    const page = await admin.send('POST', `/monitor/qr-codes?store_id=${DEMO_STORE}`, { form: { intent: 'rotate', store_id: DEMO_STORE, seat_id } });
    expect(page.status).toBe(200);
    const printed = new URL((await printedSeatUrls(server.url))[seat_id]!).searchParams.get('code')!;
    expect(printed).not.toBe(old);
    expect(Buffer.from(printed, 'base64url').length).toBeGreaterThanOrEqual(16);
    await refusedAppendingNothing(
      () => httpClient(server.url).post<Answer>('/api/orders/qr-checkin', { seat_id, seat_code: old, number_of_people: 1, ...AT_DEMO_STORE }),
      401,
      'seat_code_invalid',
    );
    // A monitor may issue missing codes but not rotate; a guest may do neither.
    const everyone = await signInEveryone(server.url);
    const monitor = everyone.find((i) => i.name === 'monitor')!.client;
    const before = await head();
    const rotateAll = { form: { intent: 'rotate-all', store_id: DEMO_STORE } };
    expect((await monitor.send('POST', `/monitor/qr-codes?store_id=${DEMO_STORE}`, rotateAll)).status).toBe(403);
    expect((await httpClient(server.url).send('POST', `/monitor/qr-codes?store_id=${DEMO_STORE}`, rotateAll)).status).not.toBe(200);
    expect(await head()).toBe(before);
    const fresh = await httpClient(server.url).post<Answer>('/api/orders/qr-checkin', { seat_id, seat_code: printed, number_of_people: 1, ...AT_DEMO_STORE });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
  });

  it('finding 2: a join 10 minutes before a booking gets no token without the reservation number, so nothing goes on the party’s bill', async () => {
    // The party books and confirms on the site; its number is in the mail.
    const party = httpClient(server.url);
    const { reservationId, number, seatId, date, time } = await bookConfirmedParty(party, smtp, 'party.table@example.jp');

    // Ten minutes before the booking starts.
    const target = tokyoInstant(date, minutesOf(time) - 10).getTime();
    await server.advanceClock(target - (await serverNow(server)).getTime());

    // The probe from anywhere: the published point, the booked seat, no code.
    const attacker = httpClient(server.url);
    const store = (await attacker.getJson<{ latitude: number; longitude: number }>(`/api/stores/${DEMO_STORE}`)).body;
    const at = { lat: store.latitude, lng: store.longitude, accuracy: 10 };
    await refusedAppendingNothing(
      () => attacker.post<Answer>('/api/orders/qr-checkin', { seat_id: seatId, number_of_people: 2, ...at }),
      401,
      'seat_code_invalid',
    );
    // Even at the table with the card: no number, or a wrong one, is a refusal, never the party's token.
    const seat_code = await seatCodeOf(server.url, seatId);
    await refusedAppendingNothing(
      () => attacker.post<Answer>('/api/orders/qr-checkin', { seat_id: seatId, seat_code, number_of_people: 2, ...AT_DEMO_STORE }),
      403,
      'reservation_number_required',
      NUMBER_REQUIRED,
    );
    await refusedAppendingNothing(
      () =>
        attacker.post<Answer>('/api/orders/qr-checkin', {
          seat_id: seatId,
          seat_code,
          reservation_number: 'MC-0000-AA',
          number_of_people: 2,
          ...AT_DEMO_STORE,
        }),
      403,
      'wrong_reservation_number',
      WRONG_NUMBER,
    );
    // With no token, the probe's next steps (99 dishes, then a guest checkout) are refused and append nothing.
    const order = { seat_id: seatId, reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity: 99 }] };
    await refusedAppendingNothing(
      async () => {
        const r = await attacker.send('POST', '/api/orders', { json: order });
        return { status: r.status, body: (await r.json()) as Answer };
      },
      401,
      'invalid_token',
    );
    await refusedAppendingNothing(
      async () => {
        const r = await attacker.send('POST', '/api/orders/checkout', {
          json: { reservation_id: reservationId, payment_method: 'cash', order_ids: [] },
          headers: withToken(`${reservationId}.forged-secret-forged-secret`),
        });
        return { status: r.status, body: (await r.json()) as Answer };
      },
      401,
      'invalid_token',
    );

    // The party's own phone, with the number from the mail (typed in lower case), joins its booking.
    const joined = await httpClient(server.url).post<Answer>('/api/orders/qr-checkin', {
      seat_id: seatId,
      seat_code,
      reservation_number: number.toLowerCase(),
      number_of_people: 2,
      ...AT_DEMO_STORE,
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toMatchObject({ reservation_id: reservationId, is_existing: true });
    // A second phone now needs the first one's invite; the number opens nothing more.
    await refusedAppendingNothing(
      () => attacker.post<Answer>('/api/orders/qr-checkin', { seat_id: seatId, seat_code, reservation_number: number, number_of_people: 2, ...AT_DEMO_STORE }),
      403,
      'invite_required',
    );
    const bill = await admin.getJson<{ order_items: { order_id: string | null }[] }>(`/api/orders/checkout?reservation_id=${reservationId}`);
    // The booked course is on the bill from check-in (decision 630); no order is.
    expect((bill.body.order_items ?? []).filter((item) => item.order_id !== null)).toEqual([]);
  });

  it('finding 5: a renewal needs the phone’s token and the seat’s code, replaces the token, and is limited', async () => {
    await moveToOpenHours(server);
    const seat_id = 'seat-s1';
    const seat_code = await seatCodeOf(server.url, seat_id);
    const guest = httpClient(server.url);
    const checkIn = await guest.post<Answer>('/api/orders/qr-checkin', { seat_id, seat_code, number_of_people: 4, ...AT_DEMO_STORE });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const first = checkIn.body.token!;

    // The probe's 30 calls, as sent (a seat id and a position): each refused, nothing appended.
    const before = await head();
    for (let i = 0; i < 30; i++) {
      const r = await guest.post<Answer>('/api/qr-token', { seat_id, ...AT_DEMO_STORE });
      expect(r.status).toBe(400);
      expect(r.body.token).toBeUndefined();
    }
    expect(await head()).toBe(before);
    await refusedAppendingNothing(() => guest.post<Answer>('/api/qr-token', { seat_id, token: first, ...AT_DEMO_STORE }), 401, 'seat_code_invalid');

    // A renewal replaces the phone's token: the old one orders nothing and renews nothing.
    const renew = (token: string) => guest.post<Answer>('/api/qr-token', { seat_id, seat_code, token, ...AT_DEMO_STORE });
    const second = await renew(first);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const order = { seat_id, reservation_id: checkIn.body.reservation_id, items: [{ menu_id: 'menu-blend', quantity: 1 }] };
    expect((await guest.send('POST', '/api/orders', { json: order, headers: withToken(first) })).status).toBe(401);
    await refusedAppendingNothing(() => renew(first), 401, 'invalid_token');
    // Three renewals an hour, then a clear refusal that appends nothing.
    const third = await renew(second.body.token!);
    const fourth = await renew(third.body.token!);
    expect([third.status, fourth.status]).toEqual([200, 200]);
    await refusedAppendingNothing(() => renew(fourth.body.token!), 429, 'renewal_limit', RENEWAL_LIMIT);
    // The live token still orders.
    expect((await guest.send('POST', '/api/orders', { json: order, headers: withToken(fourth.body.token!) })).status).toBe(200);
  });

  it('finding 10: a location pass is 15 minutes at most', async () => {
    const seat_id = 'seat-t4';
    const checkIn = await httpClient(server.url).post<Answer>('/api/orders/qr-checkin', {
      seat_id,
      seat_code: await seatCodeOf(server.url, seat_id),
      number_of_people: 2,
      ...AT_DEMO_STORE,
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const grant = (minutes: number) =>
      admin.post<Answer & { until?: string }>(`/api/admin/reservations/${checkIn.body.reservation_id}/grant-token`, { minutes });
    for (const minutes of [240, 16]) {
      const before = await head();
      const refused = await grant(minutes);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, field: 'minutes' });
      expect(await head()).toBe(before);
    }
    const ok = await grant(15);
    expect(ok.status).toBe(200);
    expect(Date.parse(ok.body.until!) - (await serverNow(server)).getTime()).toBeLessThanOrEqual(15 * 60_000);
  });

  it('a store set to staff seating only opens no seat to a guest’s QR, while staff seating still works', async () => {
    const coordinates = (mode: 'self' | 'staff') =>
      admin.send('POST', `/admin/store-coordinates?store_id=${DEMO_STORE}`, {
        form: {
          store_id: DEMO_STORE,
          latitude: String(AT_DEMO_STORE.lat),
          longitude: String(AT_DEMO_STORE.lng),
          geofence_radius_m: '150',
          table_check_in: mode,
        },
      });
    expect((await coordinates('staff')).status).toBe(200);
    expect((await admin.page(`/admin/store-coordinates?store_id=${DEMO_STORE}`)).html).toMatch(/value="staff"[^>]*checked|checked[^>]*value="staff"/);
    const seat_id = 'seat-t1';
    await refusedAppendingNothing(
      async () =>
        httpClient(server.url).post<Answer>('/api/orders/qr-checkin', {
          seat_id,
          seat_code: await seatCodeOf(server.url, seat_id),
          number_of_people: 2,
          ...AT_DEMO_STORE,
        }),
      403,
      'staff_seating_only',
      'このお店ではスタッフがお席へご案内します。スタッフへお声かけください。',
    );
    const seated = await admin.post<{ pass: string; url: string }>('/api/orders/seat-party', { seat_id, number_of_people: 2 });
    expect(seated.status, JSON.stringify(seated.body)).toBe(200);
    const joined = await httpClient(server.url).post<Answer>('/api/orders/join', { pass: seated.body.pass });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect((await coordinates('self')).status).toBe(200);
  });
});
