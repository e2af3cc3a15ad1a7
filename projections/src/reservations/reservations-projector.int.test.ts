import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, RecordedEvent } from '@moncafe/domain/ports';
import { recordedEvent } from '@moncafe/domain/testing/recorded-event';
import { openReadModelTestDb, type ReadModelTestDb } from '../testing/read-model-db';
import { reservationsProjector } from './projector';
import { confirmationLapsed, getReservation, reservationsByEmail, reservationsOfAccount, reservationsOfDay } from './queries';
import { sampleRequest } from '@moncafe/domain/testing/reservation-catalog';

const request = sampleRequest({
  storeId: 'store-1',
  accountId: 'acc-1',
  lines: [{ menuId: 'm1', name: 'ケーキコース', price: 3000, quantity: 2 }],
  detail: { m1_4: 'ホール' },
  optionsPrice: 500,
});
let position = 0;
// Events as the store holds them, in the shapes older releases wrote too (ConfirmationMailSent, no `date` on later events).
const recorded = (event: DomainEvent, streamId = 'reservation-r1'): RecordedEvent =>
  recordedEvent(event, {
    streamId,
    position: ++position,
    revision: position - 1,
    metadata: { correlationId: 'c', causationId: null, actor: 'customer', storeId: 'store-1' },
  });

describe('reservations read model', () => {
  let t: ReadModelTestDb;
  beforeAll(async () => {
    t = await openReadModelTestDb();
  });
  afterAll(() => t.close());

  it('given a request, then a row awaiting confirmation; confirmed, moved and cancelled update it, twice is harmless', async () => {
    const requested = recorded({ type: 'ReservationRequested', data: { ...request, requestedAt: '2026-12-01T01:00:00.000Z' } });
    await t.project([reservationsProjector], [requested, requested]);
    let row = await getReservation(t.db, 'r1');
    expect(row).toMatchObject({
      reservation_number: 'MC-4821-7K',
      status: 'web',
      email_confirm_status: '0',
      price: 6500,
      seat_ids: ['T1'],
      menu_name: 'ケーキコース',
      detail: { m1_4: 'ホール' },
    });

    await t.project(
      [reservationsProjector],
      [
        recorded({ type: 'ReservationConfirmed', data: { tokenHash: 'x', confirmedAt: '2026-12-01T01:02:00.000Z' } }),
        recorded({ type: 'ReservationMoved', data: { seatIds: ['T2'], time: '12:30', movedAt: '2026-12-01T02:00:00.000Z' } }),
      ],
    );
    row = await getReservation(t.db, 'r1');
    expect(row).toMatchObject({ email_confirm_status: '1', seat_ids: ['T2'], reservation_time: '12:30' });

    await t.project(
      [reservationsProjector],
      [recorded({ type: 'ReservationCancelled', data: { by: 'customer', reason: '体調不良', cancelledAt: '2026-12-02T00:00:00.000Z' } })],
    );
    expect(await getReservation(t.db, 'r1')).toMatchObject({ status: 'cancelled', cancel_reason: '体調不良' });
    expect((await reservationsOfAccount(t.db, 'acc-1', new Date('2026-12-02T00:00:00.000Z'))).map((r) => r.id)).toEqual(['r1']);
  });

  it('given a request from before reservation numbers, a row without one', async () => {
    const { reservationNumber: _none, ...old } = sampleRequest({ reservationId: 'r-old' });
    const event = { type: 'ReservationRequested', data: { ...old, requestedAt: '2026-12-01T01:00:00.000Z' } };
    await t.project([reservationsProjector], [recorded(event as DomainEvent, 'reservation-r-old')]);
    expect(await getReservation(t.db, 'r-old')).toMatchObject({ id: 'r-old', reservation_number: null });
  });

  it('given a QR walk-in, then a guest row that no lapse hides; arrival, a status label and checkout update the spec status', async () => {
    const walkIn = { reservationId: 'w1', storeId: 'store-1', date: '2026-12-20', time: '15:10', people: 3, seatIds: ['T3'] };
    await t.project([reservationsProjector], [recorded({ type: 'WalkInSeated', data: { ...walkIn, seatedAt: '2026-12-20T06:10:00.000Z' } }, 'reservation-w1')]);
    expect(await getReservation(t.db, 'w1')).toMatchObject({ status: 'guest', origin: 'walk_in', email_confirm_status: null, people: 3 });
    const day = await reservationsOfDay(t.db, 'store-1', '2026-12-20', new Date('2026-12-20T07:00:00.000Z'));
    expect(day.map((r) => r.id)).toContain('w1');

    await t.project(
      [reservationsProjector],
      [
        recorded({ type: 'StatusChanged', data: { from: 'guest', to: null, changedAt: '2026-12-20T06:20:00.000Z', date: '2026-12-20' } }, 'reservation-w1'),
        recorded(
          {
            type: 'CheckedOut',
            data: {
              payment: { method: 'credit', subtotal: 2000, tax: 200, total: 2200, orderIds: ['o1'] },
              exitedAt: '2026-12-20T07:25:00.000Z',
              actualDurationMinutes: 75,
              date: '2026-12-20',
            },
          },
          'reservation-w1',
        ),
      ],
    );
    expect(await getReservation(t.db, 'w1')).toMatchObject({
      status: 'exited',
      actual_duration_minutes: 75,
      payment_method: 'credit',
      paid_total: 2200,
      exited_at: new Date('2026-12-20T07:25:00.000Z'),
    });
  });

  it('given a request whose link lapsed unconfirmed, then the day, account and e-mail queries leave it out from its deadline on', async () => {
    const r2 = 'reservation-r2';
    const requestedAt = '2026-12-01T03:00:00.000Z';
    const expiresAt = '2026-12-01T03:05:00.000Z';
    await t.project(
      [reservationsProjector],
      [
        recorded(
          {
            type: 'ReservationRequested',
            data: { ...request, reservationId: 'r2', accountId: 'acc-2', customer: { ...request.customer, email: 'lapse@example.jp' }, requestedAt },
          },
          r2,
        ),
        recorded({ type: 'ConfirmationMailSent', data: { tokenHash: 'y', expiresAt } }, r2),
      ],
    );
    const row = await getReservation(t.db, 'r2');
    expect(row?.confirm_expires_at.toISOString()).toBe(expiresAt);

    const before = new Date('2026-12-01T03:04:59.999Z');
    const at = new Date(expiresAt);
    const ids = async (now: Date) => ({
      day: (await reservationsOfDay(t.db, 'store-1', '2026-12-20', now)).map((r) => r.id).filter((id) => id === 'r2'),
      account: (await reservationsOfAccount(t.db, 'acc-2', now)).map((r) => r.id),
      email: (await reservationsByEmail(t.db, 'LAPSE@example.jp', now)).map((r) => r.id),
    });
    expect(await ids(before)).toEqual({ day: ['r2'], account: ['r2'], email: ['r2'] });
    expect(await ids(at)).toEqual({ day: [], account: [], email: [] });
    expect(confirmationLapsed(row!, before)).toBe(false);
    expect(confirmationLapsed(row!, at)).toBe(true);
  });

  it("given a request confirmed in time, then it stays in the day query after the link's deadline", async () => {
    const r3 = 'reservation-r3';
    await t.project(
      [reservationsProjector],
      [
        recorded({ type: 'ReservationRequested', data: { ...request, reservationId: 'r3', accountId: 'acc-3', requestedAt: '2026-12-01T04:00:00.000Z' } }, r3),
        recorded({ type: 'ConfirmationMailSent', data: { tokenHash: 'z', expiresAt: '2026-12-01T04:05:00.000Z' } }, r3),
        recorded({ type: 'ReservationConfirmed', data: { tokenHash: 'z', confirmedAt: '2026-12-01T04:01:00.000Z' } }, r3),
      ],
    );
    const later = new Date('2026-12-10T00:00:00.000Z');
    expect((await reservationsOfDay(t.db, 'store-1', '2026-12-20', later)).map((r) => r.id)).toContain('r3');
    expect((await reservationsOfAccount(t.db, 'acc-3', later)).map((r) => r.id)).toEqual(['r3']);
    expect(confirmationLapsed((await getReservation(t.db, 'r3'))!, later)).toBe(false);
  });

  it('projects events written before ConfirmationMailSent was renamed exactly as their new name', async () => {
    const requestedAt = '2026-12-01T05:00:00.000Z';
    const link = { tokenHash: 'w', expiresAt: '2026-12-01T05:05:00.000Z' };
    const asStored = (id: string, linkType: string) => [
      recorded({ type: 'ReservationRequested', data: { ...request, reservationId: id, requestedAt } }, `reservation-${id}`),
      recorded({ type: linkType, data: link }, `reservation-${id}`),
      recorded({ type: 'ReservationConfirmed', data: { tokenHash: 'w', confirmedAt: '2026-12-01T05:01:00.000Z' } }, `reservation-${id}`),
    ];
    await t.project([reservationsProjector], [...asStored('old', 'ConfirmationMailSent'), ...asStored('new', 'ConfirmationLinkIssued')]);
    const { id: _old, ...before } = (await getReservation(t.db, 'old'))!;
    const { id: _new, ...after } = (await getReservation(t.db, 'new'))!;
    expect(before).toEqual(after);
    expect(before).toMatchObject({ email_confirm_status: '1', confirm_expires_at: new Date(link.expiresAt) });
  });
});
