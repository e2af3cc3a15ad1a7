import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { guestCheckIn, tableTestSystem } from '../testing/table-system';
import { testHashing, testIds } from '../testing/test-ids';
import { STORE } from '../testing/reservation-catalog';
import { floorViewService } from '../table/floor-view-service';
import { staffCallService } from './staff-call-service';
import type { StaffCallEvent } from './events';
import { CALL_INTERVAL_SECONDS, MAX_CALLS_PER_VISIT, staffCallDecider, type StaffCallCommand } from './decider';

const spec = deciderSpecification(staffCallDecider);
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;
const T0 = '2026-12-10T03:00:00.000Z';
const later = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const call = (callId: string, now = T0): StaffCallCommand => ({ type: 'CallStaff', callId, storeId: 's', seatId: 'T1', seatName: 'テーブル1', now });
const called = (callId: string, at = T0): StaffCallEvent => ({
  type: 'StaffCalled',
  data: { callId, storeId: 's', seatId: 'T1', seatName: 'テーブル1', calledAt: at },
});
const answered = (callId: string, at = T0): StaffCallEvent => ({ type: 'StaffCallAcknowledged', data: { callId, acknowledgedAt: at } });

describe('a visit’s staff calls', () => {
  it('ring once while open: a second tap changes nothing', () => {
    spec
      .given([])
      .when(call('c1'))
      .then([called('c1')]);
    spec
      .given([called('c1')])
      .when(call('c2', later(5)))
      .thenNothingHappens();
  });
  it('are answered once; an answer sent again changes nothing', () => {
    spec
      .given([called('c1')])
      .when({ type: 'AcknowledgeCall', callId: 'c1', now: T0 })
      .then([answered('c1')]);
    spec
      .given([called('c1'), answered('c1')])
      .when({ type: 'AcknowledgeCall', callId: 'c1', now: T0 })
      .thenNothingHappens();
  });
  it('refuse an answer to a call the visit never made', () => {
    spec
      .given([called('c1')])
      .when({ type: 'AcknowledgeCall', callId: 'other', now: T0 })
      .thenThrows(code('unknown_call'));
    spec.given([]).when({ type: 'AcknowledgeCall', callId: 'c1', now: T0 }).thenThrows(code('unknown_call'));
  });
  it('after an answer, may ring again only once the interval has passed, and a limited number of times per visit', () => {
    const history = [called('c1'), answered('c1', later(2))];
    spec
      .given(history)
      .when(call('c2', later(CALL_INTERVAL_SECONDS - 1)))
      .thenThrows(code('call_too_soon'));
    spec
      .given(history)
      .when(call('c2', later(CALL_INTERVAL_SECONDS)))
      .then([called('c2', later(CALL_INTERVAL_SECONDS))]);
    const many = Array.from({ length: MAX_CALLS_PER_VISIT }, (_, i) => [called(`c${i}`, later(i * 60)), answered(`c${i}`, later(i * 60))]).flat();
    spec
      .given(many)
      .when(call('next', later(MAX_CALLS_PER_VISIT * 60 + 60)))
      .thenThrows(code('too_many_calls'));
  });
});

describe('the floor view', () => {
  it('shows a seat free, then seated with its party, ordering, served, and the guest’s open call until staff answer it', async () => {
    const t = tableTestSystem();
    const calls = staffCallService({ ...t, ids: testIds, hashing: testHashing });
    const floor = floorViewService({ ...t, ids: testIds, table: t.table, openCall: (id) => calls.openCall(id) });
    const t1 = async () => (await floor.seats(STORE)).find((s) => s.seatId === 'T1');
    expect(await t1()).toMatchObject({ phase: 'free', reservationId: null, call: null });

    const guest = await guestCheckIn(t);
    expect(await t1()).toMatchObject({ phase: 'seated', people: 2, reservationId: guest.reservationId, overdue: false, orders: 0 });

    const auth = { kind: 'staff' as const, actor: 'staff-1' };
    const order = await t.ordering.place({
      orderId: null,
      reservationId: guest.reservationId,
      seatId: 'T1',
      items: [{ menuId: 'coffee', quantity: 1 }],
      auth,
      correlationId: 'c',
    });
    expect(await t1()).toMatchObject({ phase: 'ordering', orders: 1 });
    await t.ordering.complete({ orderId: order.orderId, actor: 'staff-1', correlationId: 'c' });
    expect(await t1()).toMatchObject({ phase: 'served', orders: 1 });

    const { callId } = await calls.call({ token: guest.token, correlationId: 'c' });
    expect((await t1())?.call).toMatchObject({ callId, seatName: 'テーブル1' });
    await calls.acknowledge({ reservationId: guest.reservationId, callId: callId!, actor: 'staff-1', storeId: STORE, correlationId: 'c' });
    expect((await t1())?.call).toBeNull();
  });
});
