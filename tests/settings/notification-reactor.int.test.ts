import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, MailMessage, NewEvent } from '@moncafe/domain/ports';
import { notificationReactor, type NotificationDirectory } from '@moncafe/domain/notification/reactor';
import { toStreamName as notificationStream } from '@moncafe/domain/notification/events';
import { toStreamName as reservationStream } from '@moncafe/domain/reservation/events';
import { toStreamName as stockStream } from '@moncafe/domain/stock/events';
import { memoryEventStore } from '@moncafe/domain/testing/memory-event-store';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { testIds } from '@moncafe/domain/testing/test-ids';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import type { Kysely } from 'kysely';
import { reactorMigrations, readReactorCheckpoint, startReactor, type ReactorTables } from '@moncafe/infra/notifications/runner';
import { eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { streamNameMigrations } from '@moncafe/infra/eventstore/stream-names-migration';
import { notificationMails } from '../../apps/web/app/notifications/mails';
import { createEmbeddedTestDatabase } from '../support/services';
import { supervisedLoops } from '@moncafe/infra/operations/supervisor';
import { until } from '../support/until';

/**
 * The notification reactor (decision 132): one mail per chosen person for a confirmed booking,
 * its cancellation and an item falling to the low-stock threshold; nothing again when the same
 * events are handed over again (a replay from 0, a restart), and a failed mail sent on the retry.
 */
const clock = manualClock(new Date('2026-12-01T01:00:00Z'));
const meta = { correlationId: 'c1', causationId: null, actor: 'customer', storeId: '2' };
const ev = (type: string, data: unknown): NewEvent => ({ eventId: testIds.uuid(), type, data, metadata: meta });

const directory = (
  recipients = [
    { email: 'owner@example.jp', new_booking: true, cancellation: true, low_stock: true },
    { email: 'chef@example.jp', new_booking: false, cancellation: false, low_stock: true },
  ],
): NotificationDirectory => ({
  settings: () => Promise.resolve({ recipients, low_stock_threshold: 3 }),
  storeName: () => Promise.resolve('MonCafe 駅前店'),
  menuName: (id) => Promise.resolve(id === 'menu-cake' ? 'チーズケーキ' : null),
});

function collectingMailer() {
  const sent: MailMessage[] = [];
  let failing: string | null = null;
  return {
    sent,
    /** The next mail to this address fails (the mail server refuses it once). */
    failOnceFor: (to: string) => void (failing = to),
    async send(mail: MailMessage) {
      if (failing === mail.to) {
        failing = null;
        throw new Error('smtp down');
      }
      sent.push(mail);
    },
  };
}

const request = {
  reservationId: 'r1',
  storeId: '2',
  date: '2026-12-05',
  time: '18:00',
  people: 3,
  seatIds: ['s1'],
  holdId: 'h1',
  customer: { name: '山田 花子', email: 'hanako@example.jp', phone: '090-1234-5678' },
  accountId: null,
  lines: [{ menuId: 'menu-course', name: 'ディナーコース', price: 5000, quantity: 3 }],
  detail: {},
  optionsPrice: 0,
  reservationNumber: 'MC-4821-7K',
  requestedAt: '2026-12-01T00:00:00Z',
};

/** A day's events; `prefix` names other reservations, for a second day in the same database. */
async function writeDay(store: EventStore, prefix = '') {
  await store.appendToStream(reservationStream(`${prefix}r1`), [ev('ReservationRequested', { ...request, reservationId: `${prefix}r1` })], {
    expectedRevision: 'no_stream',
  });
  await store.appendToStream(
    reservationStream(`${prefix}r1`),
    [ev('ReservationConfirmed', { tokenHash: 'x', confirmedAt: '2026-12-01T00:01:00Z', date: '2026-12-05' })],
    {
      expectedRevision: 0,
    },
  );
  // A request that was never confirmed and then cancelled is nobody's news.
  await store.appendToStream(reservationStream(`${prefix}r2`), [ev('ReservationRequested', { ...request, reservationId: `${prefix}r2` })], {
    expectedRevision: 'no_stream',
  });
  await store.appendToStream(
    reservationStream(`${prefix}r2`),
    [ev('ReservationCancelled', { by: 'customer', reason: '', cancelledAt: 'x', date: '2026-12-05' })],
    {
      expectedRevision: 0,
    },
  );
  await store.appendToStream(
    reservationStream(`${prefix}r1`),
    [ev('ReservationCancelled', { by: 'customer', reason: '', cancelledAt: 'x', date: '2026-12-05' })],
    {
      expectedRevision: 1,
    },
  );
  // 5 → 3 crosses the threshold (3): told; 3 → 2 is already under it: not told again.
  const reserved = (orderId: string, remaining: number) =>
    ev('StockReserved', { orderId, lines: [{ menuId: 'menu-cake', quantity: remaining === 3 ? 2 : 1, remaining }], reservedAt: 'x' });
  await store.appendToStream(stockStream('2'), [reserved('o1', 3)], { expectedRevision: 'any' });
  await store.appendToStream(stockStream('2'), [reserved('o2', 2)], { expectedRevision: 'any' });
}

/** The reactor over `store`, mailing into a mailer the test reads; the directory's people (the default: the owner and the chef). */
function reactorOver(store: EventStore, ...people: Parameters<typeof directory>) {
  const mailer = collectingMailer();
  const reactor = notificationReactor({
    eventStore: store,
    mailer,
    clock,
    ids: testIds,
    logger: console,
    directory: directory(...people),
    mails: notificationMails(),
  });
  return { mailer, reactor };
}

async function reactToAll(store: EventStore, reactor: ReturnType<typeof notificationReactor>) {
  for (const event of await store.readAll()) if (reactor.handles(event)) await reactor.react(event);
}

describe('notification reactor over the memory store', () => {
  it('mails the chosen people once per booking, cancellation and fall under the threshold, and a replay sends nothing', async () => {
    const store = memoryEventStore();
    const { mailer, reactor } = reactorOver(store);
    await writeDay(store);

    await reactToAll(store, reactor);
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['owner@example.jp', '【MonCafe 駅前店】新しいご予約 2026年12月5日（土） 18:00 3名'],
      ['owner@example.jp', '【MonCafe 駅前店】ご予約のキャンセル 2026年12月5日（土） 18:00'],
      ['owner@example.jp', '【MonCafe 駅前店】在庫が少なくなっています'],
      ['chef@example.jp', '【MonCafe 駅前店】在庫が少なくなっています'],
    ]);
    expect(mailer.sent[0]!.text).toContain('予約番号：MC-4821-7K');
    expect(mailer.sent[0]!.text).toContain('お名前：山田 花子 様');
    expect(mailer.sent[1]!.text).toContain('お客様がご予約をキャンセルしました。');
    expect(mailer.sent[2]!.text).toContain('・チーズケーキ：残り3個');

    // A replay from the start (a rebuild, a restart with a lost checkpoint) sends nothing again.
    await reactToAll(store, reactor);
    await reactToAll(store, reactor);
    expect(mailer.sent).toHaveLength(4);
    // Each mail is recorded against the event that caused it, by the system.
    const confirmed = (await store.readStream(reservationStream('r1')))[1]!;
    const recorded = await store.readStream(notificationStream(confirmed.eventId));
    expect(recorded.map((e) => e.type)).toEqual(['NotificationsPlanned', 'NotificationMailSent']);
    expect(recorded[0]!.metadata).toMatchObject({ actor: 'system', causationId: confirmed.eventId, correlationId: 'c1' });
  });

  it('sends a mail that failed when the event is handed over again, and only that one', async () => {
    const store = memoryEventStore();
    const { mailer, reactor } = reactorOver(store);
    await writeDay(store);
    const lowStock = (await store.readStream(stockStream('2')))[0]!;

    // The second recipient's mail fails after the first went out: the retry sends the second only.
    mailer.failOnceFor('chef@example.jp');
    await expect(reactor.react(lowStock)).rejects.toThrow('smtp down');
    expect(mailer.sent.map((m) => m.to)).toEqual(['owner@example.jp']);
    expect(await reactor.react(lowStock)).toBe(1);
    expect(await reactor.react(lowStock)).toBe(0);
    expect(mailer.sent.map((m) => m.to)).toEqual(['owner@example.jp', 'chef@example.jp']);
  });

  it('tells nobody of a topic no one chose', async () => {
    const store = memoryEventStore();
    const { reactor } = reactorOver(store, [{ email: 'chef@example.jp', new_booking: false, cancellation: false, low_stock: true }]);
    await writeDay(store);
    const confirmed = (await store.readStream(reservationStream('r1')))[1]!;
    expect(await reactor.react(confirmed)).toBe(0);
    expect(await store.readStream(notificationStream(confirmed.eventId))).toEqual([]);
  });
});

describe('notification reactor runner on embedded PGlite', () => {
  let embedded: Awaited<ReturnType<typeof createEmbeddedTestDatabase>>;
  beforeAll(async () => {
    embedded = await createEmbeddedTestDatabase({ ...eventStoreMigrations, ...streamNameMigrations, ...reactorMigrations });
  });
  afterAll(() => embedded?.drop());

  it('follows new events from its checkpoint, and a restart from position 0 resends nothing', async () => {
    const store = createPostgresEventStore(embedded.handle.pool);
    const { mailer, reactor } = reactorOver(store);
    // Events from before the reactor first ran are the past: not mailed.
    await store.appendToStream(reservationStream('old'), [ev('ReservationRequested', { ...request, reservationId: 'old' })], { expectedRevision: 'no_stream' });
    await store.appendToStream(reservationStream('old'), [ev('ReservationConfirmed', { tokenHash: 'x', confirmedAt: 'x', date: null })], {
      expectedRevision: 0,
    });

    const startedAt = await store.headPosition();
    const runner = await startReactor({ db: embedded.handle.db, eventStore: store, reactor, logger: console, retryMs: 10 });
    await writeDay(store);
    const head = await store.headPosition();
    const settled = async () => (await store.readAll()).filter((e) => e.type === 'NotificationMailSent').length;
    await until(async () => (await settled()) === 4, { timeoutMs: 15_000 });
    expect(mailer.sent).toHaveLength(4);
    await runner.stop();
    expect(await readReactorCheckpoint(embedded.handle.db, 'notifications')).toBeGreaterThanOrEqual(head);

    // A replay from where it started (the checkpoint lost) hands every event over again: nothing is resent.
    const bookkeeping = embedded.handle.db as unknown as Kysely<ReactorTables>;
    await bookkeeping.deleteFrom('reactor_checkpoints').execute();
    await bookkeeping.insertInto('reactor_checkpoints').values({ name: 'notifications', position: startedAt }).execute();
    const again = await startReactor({ db: embedded.handle.db, eventStore: store, reactor, logger: console, retryMs: 10 });
    const end = await store.headPosition();
    await until(() => again.position() >= end, { timeoutMs: 15_000 });
    await again.stop();
    expect(mailer.sent).toHaveLength(4);
    await store.close();
  });

  it('opens a failed subscription again from its checkpoint (supervised, decision 552): the mails still go out once, the restart logged and counted', async () => {
    const inner = createPostgresEventStore(embedded.handle.pool);
    const { mailer, reactor } = reactorOver(inner);
    // The first two subscriptions fail on their first read, as one does while PostgreSQL restarts.
    let failures = 2;
    const store: typeof inner = {
      ...inner,
      subscribeToAll(options) {
        if (failures <= 0) return inner.subscribeToAll(options);
        failures -= 1;
        return {
          [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('Connection terminated unexpectedly')) }),
          close: async () => undefined,
        };
      },
    };
    const warnings: string[] = [];
    const logger = { ...console, warn: (_fields: object, msg: string) => void warnings.push(msg) };
    const restarts: string[] = [];
    const loops = supervisedLoops({ logger, restarts: { inc: ({ loop }) => void restarts.push(loop) }, firstBackoffMs: 10 });
    const sentBefore = mailer.sent.length;
    const runner = await startReactor({ db: embedded.handle.db, eventStore: store, reactor, logger, retryMs: 10, loops, name: 'supervised' });
    await writeDay(inner, 'sv');
    await until(() => mailer.sent.length - sentBefore === 4, { what: 'the mails after the restarts', timeoutMs: 15_000 });
    expect(restarts).toEqual(['reactor-supervised', 'reactor-supervised']);
    expect(warnings.filter((w) => w === 'loop restarting')).toHaveLength(2);
    expect(loops.check()).toEqual({ ok: true });
    await runner.stop();
    await inner.close();
  });
});
