import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import type { RegisterEvent } from './events';
import { changedFigures, NO_FIGURES, NOTHING_OPEN, type DayFigures, type OpenAtClose } from './figures';
import { registerDecider, type RegisterCommand } from './decider';

const spec = deciderSpecification(registerDecider);
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;

const DAY = '2026-12-01';
const NEXT = '2026-12-02';
const CLOSED_AT = '2026-12-01T13:00:00.000Z';
const LATER = '2026-12-01T14:00:00.000Z';

const figures = (total: number, cash = total): DayFigures => ({
  ...NO_FIGURES,
  sales: { count: 1, subtotal: total - Math.floor(total / 11), tax: Math.floor(total / 11), total },
  byMethod: [{ method: 'cash', count: 1, total }],
  visits: 1,
  guests: 2,
  cashExpected: cash,
});

const close = (over: Partial<Extract<RegisterCommand, { type: 'CloseDay' }>> = {}): RegisterCommand => ({
  type: 'CloseDay',
  businessDate: DAY,
  today: DAY,
  figures: figures(1100),
  cashCounted: 1000,
  note: '',
  closedDaysNow: {},
  open: NOTHING_OPEN,
  openConfirmed: [],
  by: 'owner',
  now: CLOSED_AT,
  ...over,
});
const correct = (over: Partial<Extract<RegisterCommand, { type: 'CorrectDay' }>> = {}): RegisterCommand => ({
  type: 'CorrectDay',
  correctionId: 'c1',
  businessDate: DAY,
  figures: figures(1650),
  reason: '締め後の会計',
  by: 'owner',
  now: LATER,
  ...over,
});
const closed = (date: string, f: DayFigures, corrections: Extract<RegisterEvent, { type: 'DayClosed' }>['data']['corrections'] = []): RegisterEvent => ({
  type: 'DayClosed',
  data: {
    businessDate: date,
    figures: f,
    cash: { expected: f.cashExpected, counted: f.cashExpected, difference: 0 },
    note: '',
    corrections,
    openAtClose: NOTHING_OPEN,
    closedBy: 'owner',
    closedAt: CLOSED_AT,
  },
});
const corrected: RegisterEvent = {
  type: 'DayCorrected',
  data: {
    correctionId: 'c1',
    businessDate: DAY,
    before: figures(1100),
    after: figures(1650),
    reason: '締め後の会計',
    correctedBy: 'owner',
    correctedAt: LATER,
  },
};

describe('register', () => {
  describe('when no day is closed', () => {
    it('closes a day with its figures, the cash counted and the difference from the cash expected', () => {
      spec
        .given([])
        .when(close({ note: ' 釣銭不足 ' }))
        .then([
          {
            type: 'DayClosed',
            data: {
              businessDate: DAY,
              figures: figures(1100),
              cash: { expected: 1100, counted: 1000, difference: -100 },
              note: '釣銭不足',
              corrections: [],
              openAtClose: NOTHING_OPEN,
              closedBy: 'owner',
              closedAt: CLOSED_AT,
            },
          },
        ]);
    });

    it('refuses to close while a party is seated or an order unpaid, naming them, until the owner confirms each', () => {
      const open: OpenAtClose = {
        visits: [{ reservationId: 'w1', people: 3, seats: 'テーブル2', seatedAt: '2026-12-01T11:00:00.000Z' }],
        unpaidOrders: [{ orderId: 'o9', reservationId: 'w1', seats: 'テーブル2', subtotal: 1520, orderedAt: '2026-12-01T11:05:00.000Z' }],
      };
      spec
        .given([])
        .when(close({ open }))
        .thenThrows((e) => code('open_at_close')(e) && JSON.stringify((e as DomainError).details.open) === JSON.stringify(open));
      spec
        .given([])
        .when(close({ open, openConfirmed: ['w1'] }))
        .thenThrows(code('open_at_close'));
      const [event] = registerDecider.decide(close({ open, openConfirmed: ['w1', 'o9'] }), registerDecider.initialState());
      expect(event?.type === 'DayClosed' && event.data.openAtClose).toEqual(open);
    });

    it('refuses a day that has not begun', () => {
      spec
        .given([])
        .when(close({ businessDate: NEXT }))
        .thenThrows(code('future_date'));
    });

    it('refuses to correct a day that is not closed', () => {
      spec.given([]).when(correct()).thenThrows(code('not_closed'));
    });
  });

  describe('when the day is closed', () => {
    it('refuses to close it again', () => {
      spec
        .given([closed(DAY, figures(1100))])
        .when(close())
        .thenThrows(code('already_closed'));
    });

    it('refuses the next close while a closed day counts other sales than it closed with', () => {
      spec
        .given([closed(DAY, figures(1100))])
        .when(close({ businessDate: NEXT, today: NEXT, closedDaysNow: { [DAY]: figures(1650) } }))
        .thenThrows((e) => code('correction_needed')(e) && JSON.stringify((e as DomainError).details.dates) === JSON.stringify([DAY]));
    });

    it('closes the next day when a closed day changed only in its visits or reservations, not in a figure the close vouched for', () => {
      // A walk-in that ended without paying, and a no-show marked late: the same sales, 会計数 and 客数.
      const later = { ...figures(1100), visits: 2, reservations: { booked: 0, noShows: 1, cancelled: 0 } };
      const events = registerDecider.decide(
        close({ businessDate: NEXT, today: NEXT, closedDaysNow: { [DAY]: later } }),
        registerDecider.evolve(registerDecider.initialState(), closed(DAY, figures(1100))),
      );
      expect(events.map((e) => e.type)).toEqual(['DayClosed']);
      expect(changedFigures(figures(1100), later)).toEqual([]);
    });

    it('names each figure that changed after the close, with its number before and after', () => {
      const later: DayFigures = {
        ...figures(1100),
        sales: { count: 2, subtotal: 1500, tax: 150, total: 1650 },
        byMethod: [
          { method: 'cash', count: 1, total: 1100 },
          { method: 'credit', count: 1, total: 550 },
        ],
      };
      expect(changedFigures(figures(1100), later)).toEqual([
        { figure: 'sales.count', before: 1, after: 2 },
        { figure: 'sales.subtotal', before: 1000, after: 1500 },
        { figure: 'sales.tax', before: 100, after: 150 },
        { figure: 'sales.total', before: 1100, after: 1650 },
        { figure: 'byMethod.credit.count', before: 0, after: 1 },
        { figure: 'byMethod.credit.total', before: 0, after: 550 },
      ]);
    });

    it('closes the next day when the closed days are unchanged', () => {
      const events = registerDecider.decide(
        close({ businessDate: NEXT, today: NEXT, closedDaysNow: { [DAY]: figures(1100) } }),
        registerDecider.evolve(registerDecider.initialState(), closed(DAY, figures(1100))),
      );
      expect(events.map((e) => e.type)).toEqual(['DayClosed']);
    });

    it('records a correction with the figures before and after, and a reason', () => {
      spec
        .given([closed(DAY, figures(1100))])
        .when(correct())
        .then([corrected]);
    });

    it('refuses a correction without a reason, or one that changes nothing', () => {
      spec
        .given([closed(DAY, figures(1100))])
        .when(correct({ reason: '  ' }))
        .thenThrows(code('reason_required'));
      spec
        .given([closed(DAY, figures(1100))])
        .when(correct({ figures: figures(1100) }))
        .thenThrows(code('nothing_to_correct'));
    });
  });

  describe('when a closed day was corrected', () => {
    it('shows the correction in the next close, once', () => {
      const reported = {
        correctionId: 'c1',
        businessDate: DAY,
        reason: '締め後の会計',
        correctedBy: 'owner',
        correctedAt: LATER,
        totalBefore: 1100,
        totalAfter: 1650,
      };
      spec
        .given([closed(DAY, figures(1100)), corrected])
        .when(close({ businessDate: NEXT, today: NEXT, figures: figures(550), cashCounted: 550, closedDaysNow: { [DAY]: figures(1650) }, now: LATER }))
        .then([
          {
            type: 'DayClosed',
            data: {
              businessDate: NEXT,
              figures: figures(550),
              cash: { expected: 550, counted: 550, difference: 0 },
              note: '',
              corrections: [reported],
              openAtClose: NOTHING_OPEN,
              closedBy: 'owner',
              closedAt: LATER,
            },
          },
        ]);
      const third = '2026-12-03';
      const events = [closed(DAY, figures(1100)), corrected, closed(NEXT, figures(550), [reported])];
      const state = events.reduce(registerDecider.evolve, registerDecider.initialState());
      const [next] = registerDecider.decide(close({ businessDate: third, today: third }), state);
      expect(next?.type === 'DayClosed' && next.data.corrections).toEqual([]);
    });
  });
});
