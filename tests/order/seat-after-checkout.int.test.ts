import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http-client';
import { AT_DEMO_STORE, seatCodeOf, startTableOrderServer, withToken } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

/**
 * Decision 199: under load, check-ins at a seat whose last party had just paid were
 * refused `visit_ended` (the ledger still held the paid booking for the check-in's minute). Party
 * after party at one seat, each paying within its first minute, is seated every time.
 */
describe('a seat after checkout', () => {
  let server: TestWebServer;
  beforeAll(async () => {
    server = await startTableOrderServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('seats the next walk-in at once after the last one checked out', async () => {
    const seatCode = await seatCodeOf(server.url, 'seat-t4');
    const seen = new Set<string>();
    for (let party = 0; party < 3; party++) {
      const guest = httpClient(server.url);
      const checkIn = await guest.post<{ reservation_id: string; token: string; is_existing: boolean; error?: string }>('/api/orders/qr-checkin', {
        seat_id: 'seat-t4',
        seat_code: seatCode,
        number_of_people: 2,
        ...AT_DEMO_STORE,
      });
      expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
      expect(checkIn.body.is_existing).toBe(false);
      seen.add(checkIn.body.reservation_id);
      const paid = await guest.send('POST', '/api/orders/checkout', {
        json: { reservation_id: checkIn.body.reservation_id, payment_method: 'cash', order_ids: [] },
        headers: withToken(checkIn.body.token),
      });
      expect(paid.status).toBe(200);
    }
    expect(seen.size).toBe(3);
  }, 120_000);
});
