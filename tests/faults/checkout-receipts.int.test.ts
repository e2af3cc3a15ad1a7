import { afterAll, describe, expect, it } from 'vitest';
import { canRunThrowawayPostgres } from '../operations/throwaway-postgres';
import { eventLog, type LoggedEvent } from '../register/money-events';
import { DEMO_SEATS, moveToOpenHours, signedInAdmin, waitForOrderMenu } from '../support/table-order';
import { until } from '../support/until';
import type { TestWebServer } from '../support/web-server';
import { leaderOf, startMultiProcessSystem, type MultiProcessSystem } from './support/multi-process';
import { loadActors, MixedLoad } from './support/mixed-load';

const SOAK = process.env.SOAK === '1';
/** Web processes killed, one after another, each while the guests check out. */
const KILLS = SOAK ? 30 : 6;

/**
 * Every checkout has its receipt (decision 643): two web processes and a worker under the guests'
 * mixed load (check in, order, pay), each web process in turn killed with SIGKILL while checkouts
 * are under way and another started in its place; the guests resend to the process that is left.
 * A process killed after a checkout's append and before its receipt's leaves a paid visit without
 * one; the missing receipts reactor issues it once the checkout is 30 s old. Afterwards every paid
 * checkout has exactly one receipt, and the store's receipt numbers run without a gap or a repeat.
 */
describe.skipIf(!canRunThrowawayPostgres)('web processes killed between checkouts and their receipts', () => {
  let system: MultiProcessSystem | null = null;
  afterAll(async () => {
    await system?.close();
  });

  it('leaves every paid checkout with exactly one receipt, the numbers without a gap or a repeat', { timeout: 600_000 }, async () => {
    system = await startMultiProcessSystem({ postgres: 15790, nats: 15791 }, 'receipts');
    await system.startNats();
    await leaderOf([system.startWorker()]);
    const webs: TestWebServer[] = [];
    const startWeb = async () => {
      // Every web process runs the reactors here, so one is always left to issue what a killed one did not.
      const web = await system!.startWeb({ RUN_NOTIFICATIONS: '1' });
      await waitForOrderMenu(web.url);
      await moveToOpenHours(web);
      webs.push(web);
      return web;
    };
    await startWeb();
    await startWeb();

    const before = await eventLog(await signedInAdmin(webs[0]!.url));
    const from = Math.max(0, ...before.map(positionOf));
    const { admin, member } = await loadActors(webs[0]!);
    const load = new MixedLoad(() => webs, admin, member);
    const paid = () => load.answers.filter((a) => a.path === 'POST /api/orders/checkout' && a.status === 200).length;
    load.start(DEMO_SEATS.slice(0, 4));
    for (let kill = 0; kill < KILLS; kill++) {
      const wanted = paid() + 3;
      await until(() => paid() >= wanted, { what: 'checkouts before the kill', timeoutMs: 120_000, everyMs: 20 });
      await startWeb();
      const victim = webs[0]!;
      // Killed while a checkout is under way at it: it may have ended the visit and not yet numbered the receipt.
      await until(() => load.underWay(victim.url, 'POST /api/orders/checkout'), { what: 'a checkout at the process', timeoutMs: 60_000, everyMs: 1 });
      webs.shift();
      expect(await victim.signal('SIGKILL')).toBe('SIGKILL');
    }
    const wanted = paid() + 3;
    await until(() => paid() >= wanted, { what: 'checkouts after the kills', timeoutMs: 120_000, everyMs: 20 });
    await load.stop();

    // The reactor looks at a checkout once it is 30 s old: until then a receipt may be missing.
    const reader = await signedInAdmin(webs[0]!.url);
    let log: LoggedEvent[] = [];
    let missing: string[] = [];
    await until(
      async () => {
        log = await eventLog(reader);
        missing = receiptsByCheckout(log, from)
          .filter(([, receipts]) => receipts === 0)
          .map(([id]) => id);
        return missing.length === 0;
      },
      { what: 'a receipt for every paid checkout', timeoutMs: 180_000, everyMs: 2000 },
    );

    const checkouts = receiptsByCheckout(log, from);
    const numbers = new Map<string, number[]>();
    for (const e of log.filter((e) => e.type === 'ReceiptIssued')) numbers.set(e.streamId, [...(numbers.get(e.streamId) ?? []), e.data.number as number]);
    const byReactor = log.filter((e) => e.type === 'ReceiptIssued' && positionOf(e) > from && e.metadata.actor === 'system').length;
    console.log(`checkouts and receipts across ${KILLS} kills: ${JSON.stringify({ checkouts: checkouts.length, paidAnswers: paid(), byReactor })}`);
    expect(checkouts.length).toBeGreaterThanOrEqual(3 * (KILLS + 1));
    expect(checkouts.filter(([, receipts]) => receipts !== 1)).toEqual([]);
    for (const [stream, issued] of numbers) expect(issued, stream).toEqual(issued.map((_, i) => i + 1));
  });
});

const positionOf = (e: LoggedEvent) => (e as LoggedEvent & { position: number }).position;

/** Each visit paid in one payment after `from`, with how many sale receipts it has. */
function receiptsByCheckout(log: readonly LoggedEvent[], from: number): [string, number][] {
  const sales = new Map<string, number>();
  for (const e of log)
    if (e.type === 'ReceiptIssued' && e.data.kind === 'sale' && e.data.partId === null) {
      const id = e.data.reservationId as string;
      sales.set(id, (sales.get(id) ?? 0) + 1);
    }
  return log
    .filter((e) => e.type === 'CheckedOut' && positionOf(e) > from && e.data.payment !== null)
    .map((e) => e.streamId.slice('reservation-'.length))
    .map((id) => [id, sales.get(id) ?? 0]);
}
