import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptsStream } from '@moncafe/domain/billing/events';
import { missingReceiptReactor } from '@moncafe/domain/billing/receipt-reactor';
import { toStreamName as reservationStream } from '@moncafe/domain/reservation/events';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { stubMails } from '@moncafe/domain/testing/stub-mails';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { loadConfig } from '@moncafe/infra/config';
import { startRuntime, type Runtime } from '@moncafe/infra/runtime';
import { seedEmptySystem } from '@moncafe/infra/seed';
import { caughtUp } from '../database/system';
import { DEMO_STORE } from '../support/table-order';

/**
 * Decision 643: a checkout and its receipt are two appends, and a process that stops between them
 * leaves a paid visit without a receipt. Here the stop is made exact: the table's checkout is
 * called without the billing's receipt after it, as a process killed at that point leaves it. The
 * reactor then issues the receipt, once, numbered next; a visit that has its receipt, one paid part
 * by part and one ended without a payment get none.
 */
const START = new Date('2027-01-13T03:00:00.000Z');
const STAFF = { kind: 'staff' as const, actor: 'admin' };

describe('a checkout left without its receipt', () => {
  let runtime: Runtime;
  let dataDir: string;
  const clock = manualClock(START);
  const warnings: string[] = [];
  const stopped = { value: false };
  const control = { pause: async () => undefined, stopped: () => stopped.value };
  const reactor = () =>
    missingReceiptReactor({
      billing: runtime.services.billing,
      logger: { warn: (_fields, message) => void warnings.push(message) },
      graceMs: 0,
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-missing-receipt-'));
    // The process's own reactor off: this test hands the reactor each checkout itself.
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1', SECRETS_KEY: 'missing-receipt-secrets-key-0123456789abcdef', RUN_NOTIFICATIONS: '0' };
    runtime = await startRuntime(loadConfig(env), { ...stubMails, clock });
    await seedEmptySystem({ ...runtime, config: { ...runtime.config, adminEmail: 'owner@moncafe.test', adminPassword: 'owner-password-123' } });
    await caughtUp(runtime);
  }, 240_000);
  afterAll(async () => {
    await runtime?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A walk-in party seated by staff at `seatId`, with a coffee and a cheesecake ordered. */
  async function seatedWithOrders(seatId: string, people = 2) {
    const { reservationId } = await runtime.services.table.checkIn({
      seatId,
      people,
      position: null,
      staff: 'admin',
      seatCode: null,
      reservationNumber: null,
      correlationId: `check-in ${seatId}`,
    });
    const items = [
      { menuId: 'menu-blend', quantity: 1 },
      { menuId: 'menu-cheesecake', quantity: 1 },
    ];
    await runtime.services.ordering.place({ orderId: null, reservationId, seatId, items, auth: STAFF, correlationId: `order ${seatId}` });
    // The bill lists the visit's orders from the read models.
    await caughtUp(runtime);
    return reservationId;
  }

  async function checkedOutEvent(reservationId: string): Promise<RecordedEvent> {
    const events = await runtime.eventStore.readStream(reservationStream(reservationId));
    return events.find((e) => e.type === 'CheckedOut')!;
  }

  async function receiptsOf(reservationId: string) {
    const events = await runtime.eventStore.readStream(receiptsStream(DEMO_STORE));
    const issued = events.filter((e) => e.type === 'ReceiptIssued');
    return {
      mine: issued.filter((e) => (e.data as { reservationId: string }).reservationId === reservationId),
      numbers: issued.map((e) => (e.data as { number: number }).number),
    };
  }

  it('issues the receipt of a checkout that has none, once, numbered next, by the method paid and without what only the request carried', async () => {
    const reservationId = await seatedWithOrders('seat-t1');
    const bill = await runtime.services.billing.bill({ reservationId, auth: STAFF });
    expect(bill.bill.total).toBeGreaterThan(0);
    // The table's checkout alone: the visit ends, and the process "stops" before the receipt.
    await runtime.services.table.checkOut({ reservationId, auth: STAFF, method: 'credit', orderIds: null, correlationId: 'checkout t1' });
    const before = await receiptsOf(reservationId);
    expect(before.mine).toHaveLength(0);

    const checkedOut = await checkedOutEvent(reservationId);
    expect(await reactor().react(checkedOut, control)).toBe(1);
    const after = await receiptsOf(reservationId);
    expect(after.mine).toHaveLength(1);
    const receipt = after.mine[0]!;
    expect(receipt.data).toMatchObject({
      kind: 'sale',
      partId: null,
      paymentMethod: 'credit',
      total: bill.bill.total,
      number: Math.max(0, ...before.numbers) + 1,
      addressee: null,
      proviso: null,
      tendered: null,
    });
    expect(receipt.metadata).toMatchObject({ actor: 'system', causationId: checkedOut.eventId });
    // No gap and no repeat in the store's numbers.
    expect(after.numbers).toEqual(after.numbers.map((_, i) => i + 1));
    expect(warnings).toContain('receipt issued for a checkout that had none');

    // Handed the same checkout again (a restart before the checkpoint moved): nothing more.
    expect(await reactor().react(checkedOut, control)).toBe(0);
    expect((await receiptsOf(reservationId)).mine).toHaveLength(1);
  });

  it('issues nothing for a checkout that has its receipt, a bill paid part by part, or a visit ended without a payment', async () => {
    const whole = await seatedWithOrders('seat-t2');
    await runtime.services.billing.checkOut({
      reservationId: whole,
      auth: STAFF,
      method: 'cash',
      orderIds: null,
      correlationId: 'checkout t2',
      addressee: null,
      proviso: null,
      tendered: null,
    });
    expect(await reactor().react(await checkedOutEvent(whole), control)).toBe(0);
    expect((await receiptsOf(whole)).mine).toHaveLength(1);

    const parted = await seatedWithOrders('seat-t3');
    const { split } = await runtime.services.billing.split({
      reservationId: parted,
      auth: STAFF,
      request: { mode: 'equal', parts: 2 },
      correlationId: 'split t3',
    });
    for (const [i, part] of split.parts.entries())
      await runtime.services.billing.payPart({
        reservationId: parted,
        auth: STAFF,
        partId: part.partId,
        method: i === 0 ? 'cash' : 'credit',
        tendered: null,
        correlationId: `part ${i}`,
        addressee: null,
        proviso: null,
      });
    expect(await reactor().react(await checkedOutEvent(parted), control)).toBe(0);
    expect((await receiptsOf(parted)).mine.map((e) => (e.data as { partId: string | null }).partId).sort()).toEqual(split.parts.map((p) => p.partId).sort());

    const gone = await seatedWithOrders('seat-t4');
    await runtime.services.reservationStaff.checkOutWithoutPayment({ reservationId: gone, actor: 'admin', correlationId: 'gone t4' });
    expect(await reactor().react(await checkedOutEvent(gone), control)).toBe(0);
    expect((await receiptsOf(gone)).mine).toHaveLength(0);
  });

  it('leaves a checkout handed to it while the process stops for the next start', async () => {
    const reservationId = await seatedWithOrders('seat-c1', 1);
    await runtime.services.table.checkOut({ reservationId, auth: STAFF, method: 'cash', orderIds: null, correlationId: 'checkout c1' });
    stopped.value = true;
    try {
      expect(await reactor().react(await checkedOutEvent(reservationId), control)).toBe(0);
      expect((await receiptsOf(reservationId)).mine).toHaveLength(0);
    } finally {
      stopped.value = false;
    }
    expect(await reactor().react(await checkedOutEvent(reservationId), control)).toBe(1);
  });
});
