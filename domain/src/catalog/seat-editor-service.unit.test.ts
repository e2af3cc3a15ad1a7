import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { memoryEventStore } from '../testing/memory-event-store';
import { manualClock } from '../testing/manual-clock';
import { toStreamName } from './events';
import { seatEditorService, type SeatBooking } from './seat-editor-service';

const context = { correlationId: 'c-1', actor: 'admin-1' };
const seat = { store_id: '2', name: 'テーブル9', max_people: 4, reservation_hold_minutes: 90, adjacent_seat_ids: [] as string[] };
const booking: SeatBooking = { id: 'r-1', reservation_date: '2031-05-01', reservation_time: '12:00', customer_name: '山田 太郎', people: 2 };

function system(bookings: Record<string, SeatBooking[]> = {}) {
  const eventStore = memoryEventStore();
  let n = 0;
  const asked: { seatId: string; now: Date }[] = [];
  const seats = seatEditorService({
    eventStore,
    ids: { uuid: () => `id-${++n}`, token: () => 'token' },
    clock: manualClock(new Date('2031-04-30T03:00:00Z')),
    seatBookings: {
      futureOn: async (seatId, now) => {
        asked.push({ seatId, now });
        return bookings[seatId] ?? [];
      },
    },
  });
  return { eventStore, seats, asked };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('seat editor', () => {
  it('saves a seat with actor and store, dropping itself and duplicates from its neighbours', async () => {
    const { eventStore, seats } = system();
    await seats.save({ id: 'seat-x', data: { ...seat, adjacent_seat_ids: ['seat-x', 'seat-y', 'seat-y'] } }, context);
    const [event] = await eventStore.readStream(toStreamName('seat', 'seat-x'));
    expect(event).toMatchObject({
      type: 'RecordSaved',
      data: { kind: 'seat', id: 'seat-x', data: { adjacent_seat_ids: ['seat-y'], is_active: true, max_people: 4 } },
      metadata: { actor: 'admin-1', storeId: '2' },
    });
  });

  it('refuses bad input with the field at fault, and records nothing', async () => {
    const { eventStore, seats } = system();
    for (const data of [
      { ...seat, max_people: 0 },
      { ...seat, name: '  ' },
      { ...seat, reservation_hold_minutes: 2 },
    ]) {
      const error = await refusal(seats.save({ id: 'seat-x', data }, context));
      expect(error.code).toBe('invalid_record');
    }
    const error = await refusal(seats.save({ id: 'bad id!', data: seat }, context));
    expect(error.details).toMatchObject({ issues: [{ path: ['id'] }] });
    expect(await eventStore.headPosition()).toBe(0);
  });

  it('refuses to remove or take out of service a seat that still holds bookings, naming them; nothing changes', async () => {
    const { eventStore, seats, asked } = system({ 'seat-x': [booking] });
    await seats.save({ id: 'seat-x', data: seat }, context);
    const head = await eventStore.headPosition();

    const removal = await refusal(seats.remove('seat-x', context));
    expect(removal.code).toBe('seat_has_bookings');
    expect(removal.details).toMatchObject({ seatId: 'seat-x', bookings: [booking] });
    expect(asked[0]).toEqual({ seatId: 'seat-x', now: new Date('2031-04-30T03:00:00Z') });

    expect((await refusal(seats.save({ id: 'seat-x', data: { ...seat, is_active: false } }, context))).code).toBe('seat_has_bookings');
    expect((await refusal(seats.save({ id: 'seat-x', data: { ...seat, is_reservable: false } }, context))).code).toBe('seat_has_bookings');
    expect(await eventStore.headPosition()).toBe(head);

    // Other edits of a booked seat go through.
    await seats.save({ id: 'seat-x', data: { ...seat, max_people: 6, reservation_hold_minutes: 120 } }, context);
    expect(await eventStore.headPosition()).toBe(head + 1);
  });

  it('removes a seat without bookings, and answers not_found for one that is not there', async () => {
    const { eventStore, seats } = system();
    await seats.save({ id: 'seat-x', data: seat }, context);
    await seats.remove('seat-x', context);
    expect((await eventStore.readStream(toStreamName('seat', 'seat-x'))).map((e) => e.type)).toEqual(['RecordSaved', 'RecordRemoved']);
    expect((await refusal(seats.remove('seat-x', context))).code).toBe('not_found');
  });
});
