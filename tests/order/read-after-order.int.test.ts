import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { checkedIn, signedInAdmin, startTableOrderServer, waitForOrderMenu, withToken } from '../support/table-order';
import { until } from '../support/until';
import type { TestWebServer } from '../support/web-server';
import { startWorker } from '../support/worker';

/**
 * Decision 483: the guest's order answers once it is stored, and the reads that follow from the
 * same browser wait for the read models instead. Here the read models are built by a worker
 * (RUN_PROJECTIONS=0) that is stopped after check-in, so they cannot hold the order: the order's
 * answer carries the signed position, a read without it shows the read models' (stale) state, and
 * the guest's own read waits for that position before it runs (and is answered, stale, when the
 * wait's bound passes: a slow projector never fails a read). Staff checking the visit out are
 * charged the order all the same: the bill reads the orders its party admitted (decision 602).
 */
const serverUrl = await postgresUrl();

describe.skipIf(!serverUrl)('an order answered before the read models hold it', () => {
  let database: TestDatabase | null = null;
  let server: TestWebServer | null = null;
  let worker: ReturnType<typeof startWorker> | null = null;
  afterAll(async () => {
    await server?.close();
    await worker?.stop();
    await database?.drop();
  });

  it('sets the signed position on its answer, and the guest’s next read waits for it', async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_read_after');
    worker = startWorker(database.url);
    server = await startTableOrderServer({ env: { DATABASE_URL: database.url, RUN_PROJECTIONS: '0' } });
    const menu = await waitForOrderMenu(server.url);
    const admin = await signedInAdmin(server.url);
    const { guest, reservationId, token } = await checkedIn(server.url, 'seat-t2');
    const billOf = async (client = guest) => {
      const bill = await client.send('GET', `/api/orders/by-reservation/${reservationId}`, { headers: withToken(token) });
      return { status: bill.status, body: (await bill.json()) as { orders?: { id: string }[] } };
    };
    expect((await billOf()).body.orders).toEqual([]);

    await worker.stop();
    const orderId = randomUUID();
    const placed = await guest.send('POST', '/api/orders', {
      json: { seat_id: 'seat-t2', reservation_id: reservationId, items: [{ menu_id: menu[0]!.id, quantity: 1 }], order_id: orderId },
      headers: { ...withToken(token), 'Idempotency-Key': orderId },
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const readAfter = placed.headers.getSetCookie().find((cookie) => cookie.startsWith('moncafe_read_after='));
    expect(readAfter).toMatch(/^moncafe_read_after=\d+\.[A-Za-z0-9_-]{22}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=10$/);
    const position = Number(/=(\d+)\./.exec(readAfter!)![1]);

    // Another phone of the table (no cookie) reads the read models as they are: without the order.
    expect((await billOf(httpClient(server.url))).body.orders).toEqual([]);
    // The guest's own phone waits for the order's position first; with no worker it cannot come,
    // and after the wait's bound the read is answered with what there is.
    const own = await billOf();
    expect(own.status).toBe(200);
    // A request's bounded wait that ran out logs this line, naming the position it waited for (the
    // live frames' own wait logs another message, with the same position).
    const requestWaits = (at?: number) =>
      server!
        .output()
        .split('\n')
        .filter((line) => line.includes('read models did not catch up in time') && (at === undefined || line.includes(`reach position ${at} in time`))).length;
    await until(() => requestWaits(position) > 0, { what: 'the guest’s read to have waited for the order’s position' });

    // Staff check the visit out with the order they were shown. The bill takes the orders the
    // party's own stream admitted as well as the order index's (decision 602), so the order is on
    // it though no worker has projected it: the checkout pays exactly it, and the receipt's read
    // afterwards waits for the checkout's position (in vain here) without failing the answer.
    const waitedBefore = requestWaits();
    const paid = await admin.send('POST', '/api/orders/checkout', { json: { reservation_id: reservationId, payment_method: 'cash', order_ids: [orderId] } });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(await paid.json()).toMatchObject({ success: true, total: menu[0]!.price_with_tax });
    await until(() => requestWaits() > waitedBefore, { what: 'the checkout’s answer to have waited for its own position' });
  }, 180_000);
});
