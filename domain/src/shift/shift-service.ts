import { tokyoDateOf } from '../calendar/dates';
import { commandHandler, type CommandContext, type HandlerDeps } from '../command-handler';
import { requireStoreStaff, type StoreStaffDirectory } from '../account/store-membership';
import { DomainError } from '../decider';
import type { Clock } from '../ports';
import { shiftIdOf, toStreamName, type ShiftField, type ShiftMonthKey, type ShiftTimes } from './events';
import type { ShiftDirectory } from './ports';
import { shiftMonthDecider, type ShiftCommand } from './decider';

/**
 * `shift_not_found`: the id names another shift. `shift_not_yours`: a member who is not an admin
 * submits wishes under a colleague's name. (`not_store_staff` comes from the one membership rule,
 * account/store-membership.ts.)
 */
export type ShiftServiceErrorCode = 'shift_not_found' | 'shift_not_yours';

const refuse = (code: ShiftServiceErrorCode) => new DomainError<ShiftServiceErrorCode>(code);

/**
 * The shift use cases: staff submit wishes and correct the schedule with a reason; admins import
 * wishes and add shifts. Each writes one person's month; importing a whole month writes each
 * person's stream on its own (a failure half-way leaves the rest to a repeat, which imports only
 * what is still missing).
 */
export function shiftService(ports: HandlerDeps & { clock: Clock; shiftDirectory: ShiftDirectory; storeStaff: StoreStaffDirectory }) {
  const { handle } = commandHandler(shiftMonthDecider, ports);

  function stamp(key: ShiftMonthKey, context: CommandContext) {
    const now = ports.clock.now();
    return { key, today: tokyoDateOf(now), now: now.toISOString(), by: context.actor };
  }
  const run = (key: ShiftMonthKey, command: ShiftCommand, context: CommandContext) => handle(toStreamName(key), command, { ...context, storeId: key.storeId });

  /** The person whose month it is works at the store (admins too: a shift is someone's on the list). */
  const staffOnly = (storeId: string, userId: string) => requireStoreStaff(ports.storeStaff, storeId, { accountId: userId });

  return {
    /** Wishes for days of one month (the month of the first day), the submitter's own unless an admin's; throws the decider's codes, `shift_not_yours` or `not_store_staff`. */
    async submit(input: { storeId: string; userId: string; shifts: ShiftTimes[]; submitter: { admin: boolean } }, context: CommandContext) {
      // Wishes are one's own (decision 189): only an admin submits for someone else.
      if (!input.submitter.admin && input.userId !== context.actor) throw refuse('shift_not_yours');
      const first = input.shifts[0];
      if (!first) throw new DomainError('shift_nothing_submitted');
      await staffOnly(input.storeId, input.userId);
      const key = { storeId: input.storeId, userId: input.userId, month: first.date.slice(0, 7) };
      const recruit = await ports.shiftDirectory.recruitTimes(input.storeId);
      const result = await run(key, { type: 'SubmitShifts', shifts: input.shifts, recruit, ...stamp(key, context) }, context);
      return { submitted: input.shifts.length, position: result.position };
    },

    /**
     * Puts submitted wishes of a month into the schedule: of the people named (all who submitted
     * when null), the dates named (all when null). Answers how many shifts changed.
     */
    async importSubmissions(input: { storeId: string; month: string; userIds: string[] | null; dates: string[] | null }, context: CommandContext) {
      const userIds = input.userIds ?? (await ports.shiftDirectory.submittersOf(input.storeId, input.month));
      let imported = 0;
      let position: number | null = null;
      let wishes = false;
      for (const userId of userIds) {
        const key = { storeId: input.storeId, userId, month: input.month };
        try {
          const result = await run(key, { type: 'ImportShifts', dates: input.dates, ...stamp(key, context) }, context);
          wishes = true;
          for (const event of result.events) if (event.type === 'ShiftsImported') imported += event.data.shifts.length;
          position = result.position ?? position;
        } catch (error) {
          // Importing several people: one without wishes on those dates is not an error.
          if (!(error instanceof DomainError && error.code === 'shift_nothing_to_import')) throw error;
        }
      }
      if (!wishes) throw new DomainError('shift_nothing_to_import');
      return { imported, position };
    },

    /** A shift put into the schedule by an admin; throws `shift_exists`, `shift_too_old`, `not_store_staff` … */
    async add(input: { storeId: string; userId: string; date: string; start: string; end: string }, context: CommandContext) {
      await staffOnly(input.storeId, input.userId);
      const key = { storeId: input.storeId, userId: input.userId, month: input.date.slice(0, 7) };
      const result = await run(key, { type: 'AddShift', date: input.date, start: input.start, end: input.end, ...stamp(key, context) }, context);
      return { shiftId: shiftIdOf({ ...key, date: input.date }), position: result.position };
    },

    /**
     * Changes one end of a scheduled shift, with a reason; `before` is what the screen showed.
     * Throws `shift_too_old`, `shift_not_imported`, `shift_reason_required`, `shift_changed`, `shift_not_found`.
     */
    async correct(
      input: { shiftId: string; storeId: string; userId: string; date: string; field: ShiftField; before: string; after: string; reason: string },
      context: CommandContext,
    ) {
      if (input.shiftId !== shiftIdOf(input)) throw refuse('shift_not_found');
      const key = { storeId: input.storeId, userId: input.userId, month: input.date.slice(0, 7) };
      const { field, before, after, reason, date } = input;
      const result = await run(key, { type: 'CorrectShift', date, field, before, after, reason, ...stamp(key, context) }, context);
      return { changed: result.events.length > 0, position: result.position };
    },
  };
}

export type ShiftService = ReturnType<typeof shiftService>;
