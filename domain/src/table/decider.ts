import { z } from 'zod';
import { commandHandler, type CommandContext, type HandlerDeps } from '../command-handler';
import { DomainError, assertNever, type Decider } from '../decider';
import type { Clock, Hashing } from '../ports';
import type { SecretBox } from '../purchasing/supplier-service';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * The seat code (decision 150): something a printed table card carries that a remote client
 * cannot know. Each seat has a random code (≥128 bits, `IdGenerator.token`); its stream
 * `seatcode-{seatId}` keeps the code's SHA-256 hash, which check-in and token renewal compare,
 * and a copy sealed with the deployment's `SECRETS_KEY` (the supplier passwords' seal, decision
 * 083), which only the staff QR page opens to print the card. Rotating replaces both: the old card
 * stops working at once.
 */
const SEAT_CODE_CATEGORY = 'seatcode';

export function toStreamName(seatId: string): string {
  return streamName(SEAT_CODE_CATEGORY, seatId);
}

export function fromStreamName(streamId: string): { seatId: string } | null {
  const parts = streamParts(SEAT_CODE_CATEGORY, streamId, 1);
  return parts ? { seatId: parts[0]! } : null;
}

const seatCodeEventSchemas = {
  /** A seat's code was issued (`rotated`: it replaces the one before, whose cards stop working). */
  SeatCodeIssued: z.object({
    seatId: z.string(),
    storeId: z.string(),
    codeHash: z.string(),
    sealedCode: z.string(),
    issuedAt: z.string(),
    rotated: z.boolean(),
  }),
  /** The same code sealed again with the newest SECRETS_KEY (`secrets:reseal`, decision 178): its cards keep working. */
  SeatCodeResealed: z.object({ seatId: z.string(), storeId: z.string(), sealedCode: z.string(), resealedAt: z.string() }),
};
export type SeatCodeEvent = EventsOf<typeof seatCodeEventSchemas>;
const parseSeatCodeEvent = eventParser(seatCodeEventSchemas);

export interface SeatCodeGrant {
  seatId: string;
  storeId: string;
  codeHash: string;
  sealedCode: string;
}

/** `IssueSeatCode`: only when the seat has none (safe to resend); `RotateSeatCode`: always a new one. */
export type SeatCodeCommand =
  | ({ type: 'IssueSeatCode'; now: string } & SeatCodeGrant)
  | ({ type: 'RotateSeatCode'; now: string } & SeatCodeGrant)
  | { type: 'ResealSeatCode'; seatId: string; storeId: string; sealedCode: string; now: string };

export type SeatCodeState = { status: 'none' } | { status: 'issued'; storeId: string; codeHash: string; sealedCode: string; issuedAt: string };

function issued(command: SeatCodeGrant & { now: string }, rotated: boolean): SeatCodeEvent {
  const { seatId, storeId, codeHash, sealedCode, now } = command;
  return { type: 'SeatCodeIssued', data: { seatId, storeId, codeHash, sealedCode, issuedAt: now, rotated } };
}

export function decide(command: SeatCodeCommand, state: SeatCodeState): SeatCodeEvent[] {
  switch (command.type) {
    case 'IssueSeatCode':
      return state.status === 'issued' ? [] : [issued(command, false)];
    case 'RotateSeatCode':
      return [issued(command, state.status === 'issued')];
    case 'ResealSeatCode': {
      if (state.status !== 'issued' || state.sealedCode === command.sealedCode) return [];
      const { seatId, storeId, sealedCode, now } = command;
      return [{ type: 'SeatCodeResealed', data: { seatId, storeId, sealedCode, resealedAt: now } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: SeatCodeState, event: SeatCodeEvent): SeatCodeState {
  switch (event.type) {
    case 'SeatCodeIssued':
      return { status: 'issued', storeId: event.data.storeId, codeHash: event.data.codeHash, sealedCode: event.data.sealedCode, issuedAt: event.data.issuedAt };
    case 'SeatCodeResealed':
      return state.status === 'issued' ? { ...state, sealedCode: event.data.sealedCode } : state;
    default:
      return assertNever(event);
  }
}

export const seatCodeDecider: Decider<SeatCodeState, SeatCodeCommand, SeatCodeEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
  parseEvent: parseSeatCodeEvent,
};

/** Whether `code` is the seat's current code (compared as hashes, so the stored hash is all it needs). */
export function seatCodeMatches(state: SeatCodeState, code: string | null | undefined, hash: (text: string) => string): boolean {
  return state.status === 'issued' && typeof code === 'string' && code.length > 0 && hash(code) === state.codeHash;
}

export type SeatCodeErrorCode = 'seat_code_invalid';

/** The seats' codes: verification for check-in and renewal, issue and rotation for staff, the printable codes for the QR page. */
export function seatCodeService(ports: HandlerDeps & { clock: Clock; hashing: Hashing; secrets: SecretBox }) {
  const codes = commandHandler(seatCodeDecider, ports);

  function grant(seat: { id: string; storeId: string }): SeatCodeGrant {
    const code = ports.ids.token();
    return { seatId: seat.id, storeId: seat.storeId, codeHash: ports.hashing.sha256Hex(code), sealedCode: ports.secrets.seal(code) };
  }

  async function issueEach(type: SeatCodeCommand['type'], seats: readonly { id: string; storeId: string }[], context: CommandContext) {
    let position: number | null = null;
    for (const seat of seats) {
      const command: SeatCodeCommand = { type, ...grant(seat), now: ports.clock.now().toISOString() };
      const result = await codes.handle(toStreamName(seat.id), command, { ...context, storeId: seat.storeId });
      position = result.position ?? position;
    }
    return { position };
  }

  return {
    /** Throws `seat_code_invalid` unless `code` is the seat's current code (a seat with no code opens to no guest). */
    async verify(seatId: string, code: string | null | undefined): Promise<void> {
      const { state } = await codes.load(toStreamName(seatId));
      if (!seatCodeMatches(state, code, ports.hashing.sha256Hex)) throw new DomainError<SeatCodeErrorCode>('seat_code_invalid');
    },

    /** Codes for the seats that have none (the QR page's "issue", demo data); seats with a code keep it. */
    issueMissing: (seats: readonly { id: string; storeId: string }[], context: CommandContext) => issueEach('IssueSeatCode', seats, context),

    /** New codes for these seats (one, or all of a store): their old cards stop working at once. */
    rotate: (seats: readonly { id: string; storeId: string }[], context: CommandContext) => issueEach('RotateSeatCode', seats, context),

    /** The current code of each seat in clear (null: none yet), for the staff QR page only. */
    async printable(seatIds: readonly string[]): Promise<Record<string, string | null>> {
      const entries = await Promise.all(
        seatIds.map(async (id) => {
          const { state } = await codes.load(toStreamName(id));
          return [id, state.status === 'issued' ? ports.secrets.open(state.sealedCode) : null] as const;
        }),
      );
      return Object.fromEntries(entries);
    },

    /**
     * `secrets:reseal` after a SECRETS_KEY rotation: each seat's code still sealed with an older
     * key is sealed again with the newest (an event each); the code, and so the printed cards, stay.
     */
    async resealCodes(seatIds: readonly string[], context: CommandContext): Promise<{ resealed: number; current: number }> {
      let resealed = 0;
      let current = 0;
      for (const seatId of seatIds) {
        const { state } = await codes.load(toStreamName(seatId));
        if (state.status !== 'issued') continue;
        if (ports.secrets.sealedWithNewest(state.sealedCode)) {
          current += 1;
          continue;
        }
        const { storeId } = state;
        const sealedCode = ports.secrets.seal(ports.secrets.open(state.sealedCode));
        await codes.handle(
          toStreamName(seatId),
          { type: 'ResealSeatCode', seatId, storeId, sealedCode, now: ports.clock.now().toISOString() },
          { ...context, storeId },
        );
        resealed += 1;
      }
      return { resealed, current };
    },
  };
}

export type SeatCodeService = ReturnType<typeof seatCodeService>;
