import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoInstant } from '@moncafe/domain/calendar/dates';
import type { EventStore, MailMessage, NewEvent } from '@moncafe/domain/ports';
import { toStreamName as reminderStream } from '@moncafe/domain/reminder/events';
import { guestReminderService, type ReminderDirectory } from '@moncafe/domain/reminder/reminder-service';
import { toStreamName as reservationStream } from '@moncafe/domain/reservation/events';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { fixedCatalog } from '@moncafe/domain/testing/reservation-catalog';
import { testIds } from '@moncafe/domain/testing/test-ids';
import { createPostgresEventStore, eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { reminderMails } from '../../apps/web/app/reservation/mails';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';

/**
 * The guests' reminder mails (decision 290) on PostgreSQL with an injected
 * clock: tomorrow's bookings made before the store's hour get one reminder each, the one made
 * after it, the cancelled one and the one moved away get none, the one moved to another day gets
 * its reminder the day before that day — each once, with two workers running side by side and
 * one of them replaced by a fresh process in between.
 */
const serverUrl = await postgresUrl();
const jst = (date: string, hhmm: string) => tokyoInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));
const clock = manualClock(jst('2026-12-09', '09:00'));
const now = () => clock.now().toISOString();
const meta = { correlationId: 'c1', causationId: null, actor: 'customer', storeId: '2' };
const ev = (type: string, data: unknown): NewEvent => ({ eventId: testIds.uuid(), type, data, metadata: meta });

function booking(id: string, storeId: string, date: string, time: string) {
  return {
    reservationId: id,
    storeId,
    date,
    time,
    people: 2,
    seatIds: ['T1'],
    holdId: `h-${id}`,
    customer: { name: `客 ${id}`, email: `${id}@example.jp`, phone: '090-1234-5678' },
    accountId: null,
    lines: [{ menuId: 'm-cake', name: 'ケーキコース', price: 3000, quantity: 2 }],
    detail: {},
    optionsPrice: 0,
    reservationNumber: `MC-${id.toUpperCase()}`,
    requestedAt: now(),
  };
}

/** Books and confirms at the clock's time (as a guest opening the mail's link). */
async function book(store: EventStore, id: string, storeId: string, date: string, time: string) {
  await store.appendToStream(reservationStream(id), [ev('ReservationRequested', booking(id, storeId, date, time))], { expectedRevision: 'no_stream' });
  await store.appendToStream(reservationStream(id), [ev('ReservationConfirmed', { tokenHash: 'x', confirmedAt: now(), date })], { expectedRevision: 0 });
}

async function append(store: EventStore, id: string, type: string, data: unknown) {
  await store.appendToStream(reservationStream(id), [ev(type, data)], { expectedRevision: 'any' });
}

function collectingMailer() {
  const sent: MailMessage[] = [];
  let failNext = false;
  return {
    sent,
    /** The next mail is refused (the mail server down for one try). */
    failNext: () => void (failNext = true),
    async send(mail: MailMessage) {
      if (failNext) {
        failNext = false;
        throw new Error('smtp down');
      }
      sent.push(mail);
    },
  };
}

describe.skipIf(!serverUrl)('guest reminder mails', () => {
  let database: TestDatabase;
  const pools: pg.Pool[] = [];
  const ids = new Map<string, string[]>();

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_reminders', { migrations: eventStoreMigrations });
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** A worker as a process has it: its own pool and event store (so its own stream caches), the shared mailer. */
  function worker(mailer: ReturnType<typeof collectingMailer>) {
    const pool = database.pool(3);
    pools.push(pool);
    const eventStore = createPostgresEventStore(pool);
    // The read model's candidates: every booking of the store, whatever its date or status; the
    // service checks each against its events.
    const directory: ReminderDirectory = {
      storeIds: async () => ['2', '3'],
      setting: async (storeId) => ({ enabled: storeId === '2', hour: 18 }),
      confirmedOn: async (storeId) => ids.get(storeId) ?? [],
    };
    const service = guestReminderService({
      eventStore,
      ids: testIds,
      clock,
      mailer,
      logger: { error: () => {} },
      catalog: fixedCatalog(),
      mails: reminderMails('https://cafe.example'),
      directory,
    });
    return { eventStore, service };
  }

  it('sends each due reminder once across two workers and a restart, and none that is not due', async () => {
    const mailer = collectingMailer();
    let a = worker(mailer);
    const b = worker(mailer);
    const store = a.eventStore;
    const add = (storeId: string, id: string) => ids.set(storeId, [...(ids.get(storeId) ?? []), id]);

    // 12-09 09:00–12:00 Tokyo, before the 18:00 reminder hour.
    await book(store, 'early', '2', '2026-12-10', '12:00');
    await book(store, 'cancelled', '2', '2026-12-10', '13:00');
    await book(store, 'moved-away', '2', '2026-12-10', '19:00');
    await book(store, 'moved-in', '2', '2026-12-11', '15:00');
    await book(store, 'other-store', '3', '2026-12-10', '12:00');
    for (const id of ['early', 'cancelled', 'moved-away', 'moved-in']) add('2', id);
    add('3', 'other-store');
    clock.set(jst('2026-12-09', '12:00'));
    await append(store, 'cancelled', 'ReservationCancelled', { by: 'customer', reason: '', cancelledAt: now(), date: '2026-12-10' });
    await append(store, 'moved-away', 'ReservationMoved', { seatIds: ['T1'], time: '19:00', movedAt: now(), date: '2026-12-12', fromDate: '2026-12-10' });
    await append(store, 'moved-in', 'ReservationMoved', { seatIds: ['T2'], time: '17:30', movedAt: now(), date: '2026-12-10', fromDate: '2026-12-11' });

    // A minute before the hour nothing is due.
    clock.set(jst('2026-12-09', '17:59'));
    expect(await a.service.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(0);

    // At the hour both workers run at once: each due reminder goes once.
    clock.set(jst('2026-12-09', '18:00'));
    const [first, second] = await Promise.all([a.service.sendDue(), b.service.sendDue()]);
    expect(first.sent + second.sent).toBe(2);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(['early@example.jp', 'moved-in@example.jp']);
    const early = mailer.sent.find((m) => m.to === 'early@example.jp')!;
    expect(early.subject).toBe('【テスト店】明日のご予約のお知らせ');
    expect(early.text).toContain('日付：2026年12月10日（木）');
    expect(early.text).toContain('時間：12:00');
    expect(early.text).toContain('人数：2名');
    expect(early.text).toContain('コース：ケーキコース × 2');
    expect(early.text).toContain('https://cafe.example/reservation/cancel?reservation_id=early&email=early%40example.jp');
    const movedIn = mailer.sent.find((m) => m.to === 'moved-in@example.jp')!;
    expect(movedIn.text).toContain('時間：17:30');

    // 20:00: a booking for tomorrow after the hour gets none; worker A is replaced by a fresh
    // process (no memory of what it did), and both run again: nothing more.
    clock.set(jst('2026-12-09', '20:00'));
    await book(store, 'late', '2', '2026-12-10', '18:00');
    add('2', 'late');
    a = worker(mailer);
    await Promise.all([a.service.sendDue(), b.service.sendDue()]);
    clock.set(jst('2026-12-09', '23:59'));
    await Promise.all([a.service.sendDue(), b.service.sendDue()]);
    expect(mailer.sent).toHaveLength(2);

    // On the booking's day it is too late for a reminder.
    clock.set(jst('2026-12-10', '00:30'));
    await Promise.all([a.service.sendDue(), b.service.sendDue()]);
    expect(mailer.sent).toHaveLength(2);

    // The day before the moved booking's new day: its reminder, for its new date and time, once.
    clock.set(jst('2026-12-11', '18:05'));
    await Promise.all([a.service.sendDue(), b.service.sendDue(), a.service.sendDue()]);
    expect(mailer.sent.map((m) => m.to)).toEqual(expect.arrayContaining(['moved-away@example.jp']));
    expect(mailer.sent).toHaveLength(3);
    expect(mailer.sent[2]!.text).toContain('日付：2026年12月12日（土）');

    // Each reminder is recorded on its reservation's stream, by the system.
    const recorded = await store.readStream(reminderStream('early'));
    expect(recorded.map((e) => e.type)).toEqual(['GuestReminderClaimed', 'GuestReminderSent']);
    expect(recorded[0]!.metadata).toMatchObject({ actor: 'system', storeId: '2' });
    expect(await store.readStream(reminderStream('late'))).toEqual([]);
    expect(await store.readStream(reminderStream('cancelled'))).toEqual([]);
    for (const pool of pools.splice(0)) await pool.end();
  });

  it('a reminder whose mail failed is not resent while its claim holds, and goes once after it', async () => {
    ids.clear();
    const mailer = collectingMailer();
    const a = worker(mailer);
    clock.set(jst('2026-12-20', '10:00'));
    await book(a.eventStore, 'retry', '2', '2026-12-21', '12:00');
    ids.set('2', ['retry']);
    clock.set(jst('2026-12-20', '18:00'));
    mailer.failNext();
    expect(await a.service.sendDue()).toEqual({ sent: 0, failed: 1 });
    clock.set(jst('2026-12-20', '18:05'));
    expect(await a.service.sendDue()).toEqual({ sent: 0, failed: 0 });
    clock.set(jst('2026-12-20', '18:10'));
    expect(await a.service.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(await a.service.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect(mailer.sent.map((m) => m.to)).toEqual(['retry@example.jp']);
    for (const pool of pools.splice(0)) await pool.end();
  });
});
