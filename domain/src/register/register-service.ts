import { addDays, tokyoDateOf } from '../calendar/dates';
import { commandHandler, currentState, type CommandContext, type HandlerDeps } from '../command-handler';
import type { Clock, IdGenerator } from '../ports';
import { toStreamName } from './events';
import type { DayFigures, OpenAtClose } from './figures';
import { changedClosedDays, registerDecider } from './decider';

/** What the register asks of the read side: a business day's figures as the read models count them now. */
export interface DayFiguresPort {
  of(storeId: string, businessDate: string): Promise<DayFigures>;
  /** Parties still seated that day and its orders nobody paid (decision 516). */
  openAtClose(storeId: string, businessDate: string): Promise<OpenAtClose>;
}

/** How far back a close looks for closed days whose sales changed after their close. */
const LOOK_BACK_DAYS = 31;

/**
 * The daily close (日計・レジ締め, decision 250): closing a business day records its figures and the
 * cash counted; a closed day's sales change only by a recorded correction, shown in the next close.
 */
export function registerService(ports: HandlerDeps & { clock: Clock; ids: IdGenerator; dayFigures: DayFiguresPort }) {
  const { handle } = commandHandler(registerDecider, ports);
  const state = (storeId: string) => currentState(ports.eventStore, registerDecider, toStreamName(storeId));

  /** The closed days of the last weeks, with the figures they count now and what the read models count. */
  async function closedDaysNow(storeId: string, before: string) {
    const register = await state(storeId);
    const closed = register.closed;
    const since = addDays(before, -LOOK_BACK_DAYS);
    const dates = Object.keys(closed).filter((d) => d >= since);
    const now = await Promise.all(dates.map(async (d) => [d, await ports.dayFigures.of(storeId, d)] as const));
    return { register, closed, now: Object.fromEntries(now) as Record<string, DayFigures> };
  }

  return {
    /** A day's figures now, whether it is closed (and what it counts), and closed days whose sales changed since their close. */
    async dayOf(storeId: string, businessDate: string) {
      const [figures, days, open] = await Promise.all([
        ports.dayFigures.of(storeId, businessDate),
        closedDaysNow(storeId, businessDate),
        ports.dayFigures.openAtClose(storeId, businessDate),
      ]);
      return {
        figures,
        /** What a close would have to name and the owner confirm. */
        open,
        /** What the day counts once closed (its close's figures, or its last correction's); null while open. */
        counted: days.closed[businessDate] ?? null,
        changedDays: changedClosedDays(days.register, days.now),
        today: tokyoDateOf(ports.clock.now()),
      };
    },

    /**
     * Throws `already_closed`, `future_date`, `correction_needed` (details.dates) while a closed day's
     * sales changed unrecorded, or `open_at_close` (details.open) while a party is seated or an order
     * unpaid that `openConfirmed` does not name.
     */
    async close(
      input: { storeId: string; businessDate: string; cashCounted: number; note: string; openConfirmed?: readonly string[] },
      context: CommandContext,
    ) {
      const now = ports.clock.now();
      const [figures, days, open] = await Promise.all([
        ports.dayFigures.of(input.storeId, input.businessDate),
        closedDaysNow(input.storeId, input.businessDate),
        ports.dayFigures.openAtClose(input.storeId, input.businessDate),
      ]);
      const result = await handle(
        toStreamName(input.storeId),
        {
          type: 'CloseDay',
          businessDate: input.businessDate,
          today: tokyoDateOf(now),
          figures,
          cashCounted: input.cashCounted,
          note: input.note,
          closedDaysNow: days.now,
          open,
          openConfirmed: input.openConfirmed ?? [],
          by: context.actor,
          now: now.toISOString(),
        },
        { ...context, storeId: input.storeId },
      );
      return { position: result.position };
    },

    /** Records that a closed day now counts what the read models say, with a reason. Throws `not_closed`, `reason_required`, `nothing_to_correct`. */
    async correct(input: { storeId: string; businessDate: string; reason: string }, context: CommandContext) {
      const figures = await ports.dayFigures.of(input.storeId, input.businessDate);
      const result = await handle(
        toStreamName(input.storeId),
        {
          type: 'CorrectDay',
          correctionId: ports.ids.uuid(),
          businessDate: input.businessDate,
          figures,
          reason: input.reason,
          by: context.actor,
          now: ports.clock.now().toISOString(),
        },
        { ...context, storeId: input.storeId },
      );
      return { position: result.position };
    },
  };
}
