import { describe, expect, it } from 'vitest';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { Answer as DailyCloseAnswer } from '../../apps/web/app/routes/api/admin/daily-close/route';
import { billingTexts } from '../../apps/web/app/billing/texts';
import { httpClient, type HttpClient } from '../support/http-client';
import { checkedIn, DEMO_STORE, serverNow, tableOrderServerWithAdmin, withToken } from '../support/table-order';

/**
 * Decision 645: a discounted bill split and paid part by part. Each part carries its share of the
 * discount, printed on its receipt; the shares add up to the discount, so the daily close counts its
 * yen once between the parts. Before, the parts' receipts printed no discount and the close's 割引
 * left the split bill's discount out.
 */
type Answer = { status: number; body: Record<string, unknown> };

describe('a discounted bill paid part by part', () => {
  const ctx = tableOrderServerWithAdmin();

  async function call(client: HttpClient, method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await client.send(method, path, { ...(json === undefined ? {} : { json }), headers });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : {} };
  }

  /** A party of two at `seat` with `quantity` blend coffees (550円 each, tax included), 常連 10% off. */
  async function discounted(seat: string, quantity: number) {
    const { guest, reservationId, token } = await checkedIn(ctx.server.url, seat, 2);
    const placed = await call(guest, 'POST', '/api/orders', { reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity }] }, withToken(token));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const given = await call(ctx.admin, 'POST', '/api/orders/discount', { reservation_id: reservationId, kind: 'percent', value: 10, reason: '常連' });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    return { reservationId, total: given.body.total as number, discount: given.body.discount as number };
  }

  async function paidInParts(reservationId: string, request: Record<string, unknown>) {
    const split = await call(ctx.admin, 'POST', '/api/orders/split', { reservation_id: reservationId, ...request });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const parts = (split.body.split as { parts: { part_id: string; total: number }[] }).parts;
    const receipts = [];
    for (const [i, part] of parts.entries()) {
      const paid = await call(ctx.admin, 'POST', '/api/orders/split/pay', {
        reservation_id: reservationId,
        part_id: part.part_id,
        payment_method: i === 0 ? 'cash' : 'credit',
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      receipts.push(
        (await call(ctx.admin, 'GET', `/api/receipts/${String(paid.body.receipt_id)}`)).body as {
          total: number;
          discounts?: { reason: string; amount: number }[];
        },
      );
      if (i === 0) {
        const print = await (await httpClient(ctx.server.url).send('GET', String(paid.body.receipt_url))).text();
        expect(print).toContain(billingTexts.discountLine('常連'));
      }
    }
    return receipts;
  }

  const discountsOfTheDay = async () => {
    const date = tokyoDateOf(await serverNow(ctx.server));
    return (await ctx.admin.getJson<DailyCloseAnswer>(`/api/admin/daily-close?store_id=${DEMO_STORE}&date=${date}`)).body.figures.discounts;
  };

  it('prints each equal part’s share on its receipt, the shares adding up to the discount, and the close counts its yen once', async () => {
    const bill = await discounted('seat-t1', 3);
    expect(bill).toMatchObject({ total: 1485, discount: 165 });
    const receipts = await paidInParts(bill.reservationId, { mode: 'equal', parts: 2 });
    expect(receipts.map((r) => r.total).reduce((a, b) => a + b, 0)).toBe(1485);
    const shares = receipts.map((r) => r.discounts ?? []);
    expect(shares.every((s) => s.length === 1 && s[0]!.reason === '常連')).toBe(true);
    expect(shares.reduce((n, s) => n + s[0]!.amount, 0)).toBe(165);
    expect(await discountsOfTheDay()).toEqual({ count: 2, amount: 165, byReason: [{ reason: '常連', count: 2, amount: 165 }] });
  }, 120_000);

  it('shares a by-items split’s discount by each part’s lines', async () => {
    const before = await discountsOfTheDay();
    const bill = await discounted('seat-t2', 3);
    // One coffee on the first part, two on the second.
    const receipts = await paidInParts(bill.reservationId, {
      mode: 'items',
      parts: [[{ line: 0, quantity: 1 }], [{ line: 0, quantity: 2 }]],
    });
    expect(receipts.map((r) => r.discounts)).toEqual([[{ reason: '常連', amount: 55 }], [{ reason: '常連', amount: 110 }]]);
    expect(receipts.map((r) => r.total)).toEqual([495, 990]);
    const after = await discountsOfTheDay();
    expect(after.amount - before.amount).toBe(165);
  }, 120_000);
});
