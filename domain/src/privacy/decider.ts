import { z } from 'zod';
import { addDays, tokyoDateOf } from '../calendar/dates';
import type { Clock } from '../ports';
import { commandHandler, foldStream, type CommandContext, type HandlerDeps } from '../command-handler';
import { DomainError, assertNever, type Decider } from '../decider';
import { eventParser, streamName, type EventsOf } from '../streams';
import { PRIVACY_CATEGORY } from './forgetting-service';

/**
 * Retention (decision 185): a store keeps a guest who made no account for a number of
 * months after their last visit (13 by default; never fewer than 13, so a year's returning guest
 * and the tax year's questions are served — the sales themselves are not personal and stay). The
 * setting is the store's own small stream, `privacy-retention~{storeId}`.
 */
const DEFAULT_RETENTION_MONTHS = 13;
const MIN_RETENTION_MONTHS = 13;
const MAX_RETENTION_MONTHS = 120;

export const retentionMonthsSchema = z.number().int().min(MIN_RETENTION_MONTHS).max(MAX_RETENTION_MONTHS);

const retentionEventSchemas = {
  RetentionSet: z.object({ storeId: z.string(), months: z.number().int(), setAt: z.string() }),
};
export type RetentionEvent = EventsOf<typeof retentionEventSchemas>;
export type RetentionCommand = { type: 'SetRetention'; storeId: string; months: number; now: string };
export type RetentionState = { months: number };

const retentionStream = (storeId: string) => streamName(PRIVACY_CATEGORY, 'retention', storeId);

export const retentionDecider: Decider<RetentionState, RetentionCommand, RetentionEvent> = {
  initialState: () => ({ months: DEFAULT_RETENTION_MONTHS }),
  evolve(state, event) {
    switch (event.type) {
      case 'RetentionSet':
        return { months: event.data.months };
      default:
        return assertNever(event.type);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SetRetention':
        if (!retentionMonthsSchema.safeParse(command.months).success)
          throw new DomainError('retention_out_of_range', 'retention_out_of_range', { min: MIN_RETENTION_MONTHS, max: MAX_RETENTION_MONTHS });
        return command.months === state.months
          ? []
          : [{ type: 'RetentionSet', data: { storeId: command.storeId, months: command.months, setAt: command.now } }];
      default:
        return assertNever(command.type);
    }
  },
  parseEvent: eventParser(retentionEventSchemas),
};

/** The day before which a last visit is past the limit: `months` whole months before today (Asia/Tokyo), counted as 30.44 days each, rounded down to a day. */
export function retentionCutoff(now: Date, months: number): string {
  return addDays(tokyoDateOf(now), -Math.floor(months * 30.44));
}

/** A guest with no account, by e-mail, and the day of their last visit (any store). */
export interface RetentionCandidate {
  email: string;
  lastVisit: string;
}

export interface RetentionPorts extends HandlerDeps {
  clock: Clock;
  /** Read port: guests without an account whose last visit is before `cutoff`. */
  guestsLastSeenBefore(cutoff: string): Promise<RetentionCandidate[]>;
  forget(input: { email: string; reason: string; requestedBy: 'retention' }, context: CommandContext): Promise<{ reservations: number }>;
}

export function retentionService(ports: RetentionPorts) {
  const { handle } = commandHandler(retentionDecider, ports);
  return {
    async months(storeId: string): Promise<number> {
      return foldStream(retentionDecider, await ports.eventStore.readStream(retentionStream(storeId))).months;
    },
    async set(input: { storeId: string; months: number }, context: CommandContext) {
      return handle(
        retentionStream(input.storeId),
        { type: 'SetRetention', storeId: input.storeId, months: input.months, now: ports.clock.now().toISOString() },
        context,
      );
    },
    /**
     * Forgets every guest past the limit (the longest of the stores' settings), one by one.
     * Idempotent: a forgotten guest's e-mail reads 「削除済み」 afterwards, so no run finds them again;
     * the runner (infra) lets only one process run at a time.
     */
    async run(input: { storeIds: readonly string[] }, context: CommandContext): Promise<{ forgotten: number; cutoff: string }> {
      const months = Math.max(DEFAULT_RETENTION_MONTHS, ...(await Promise.all(input.storeIds.map((id) => this.months(id)))));
      const cutoff = retentionCutoff(ports.clock.now(), months);
      let forgotten = 0;
      for (const guest of await ports.guestsLastSeenBefore(cutoff)) {
        const erased = await ports.forget(
          { email: guest.email, reason: `retention: last visit ${guest.lastVisit}, ${months} months`, requestedBy: 'retention' },
          context,
        );
        if (erased.reservations > 0) forgotten += 1;
      }
      return { forgotten, cutoff };
    },
  };
}
