import { commandHandler, type CommandContext } from '../command-handler';
import type { Clock, EventStore, Hashing, IdGenerator } from '../ports';
import { parseToken, reservationDecider } from '../reservation/decider';
import type { TableCatalog } from '../table/ports';
import { authorizeVisit } from '../table/visit-access';
import { toStreamName } from './events';
import { staffCallDecider, type OpenCall } from './decider';

export interface StaffCallPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hashing: Hashing;
  catalog: TableCatalog;
}

/**
 * 「スタッフを呼ぶ」 (decision 281): a guest's phone with its table-order token
 * calls staff to its seat; the floor view shows the call live and staff acknowledge it.
 */
export function staffCallService(ports: StaffCallPorts) {
  const reservations = commandHandler(reservationDecider, ports);
  const calls = commandHandler(staffCallDecider, ports);

  return {
    /** The token's visit calls staff; throws `invalid_token`, `call_too_soon`, `too_many_calls`. A call already open is answered again. */
    async call(input: { token: string; correlationId: string }) {
      const { reservationId } = parseToken(input.token, ports.hashing.sha256Hex);
      const { stream, seatId } = await authorizeVisit(reservations, ports, reservationId, { kind: 'token', token: input.token });
      const storeId = stream.state.status === 'empty' ? '' : stream.state.request.storeId;
      const seatName = (await ports.catalog.seat(seatId!))?.name ?? seatId!;
      const context: CommandContext = { correlationId: input.correlationId, actor: 'customer', storeId };
      const now = ports.clock.now().toISOString();
      const result = await calls.handle(
        toStreamName(reservationId),
        { type: 'CallStaff', callId: ports.ids.uuid(), storeId, seatId: seatId!, seatName, now },
        context,
      );
      const open = (await calls.load(toStreamName(reservationId))).state.open;
      return { callId: open?.callId ?? null, calledAt: open?.calledAt ?? now, position: result.position };
    },

    /** Staff answer the visit's open call (idempotent: an answered or unknown call changes nothing). */
    async acknowledge(input: { reservationId: string; callId: string; actor: string; storeId: string | null; correlationId: string }) {
      const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: input.storeId };
      const result = await calls.handle(
        toStreamName(input.reservationId),
        { type: 'AcknowledgeCall', callId: input.callId, now: ports.clock.now().toISOString() },
        context,
      );
      return { position: result.position };
    },

    /** The visit's call waiting for staff, or null. */
    async openCall(reservationId: string): Promise<OpenCall | null> {
      return (await calls.load(toStreamName(reservationId))).state.open;
    },
  };
}

export type StaffCallService = ReturnType<typeof staffCallService>;
