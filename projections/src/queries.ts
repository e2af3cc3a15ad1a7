import type { EventStore } from '@moncafe/domain/ports';
import type { Kysely } from 'kysely';
import { chosenStoreOf, listAccounts, customerAccountByEmail } from './accounts/queries';
import { businessDaysOf } from './business-hours/queries';
import type { Database } from './database';
import { optionsWithShownPrices, withShownPrices } from './menus/shown-prices';
import { listNotices } from './email-notices/queries';
import { listHomepageCards } from './homepage-cards/queries';
import { listMenuItems, listMenuOptions, listOptionDependencies, menusWithOptions, type MenuFilter } from './menus/queries';
import { completedKitchenTickets, readyKitchenTickets } from './kitchen/queries';
import { completedOrders, countOpenOrders, ordersOfReservation, orderStoreOf, readyOrders } from './orders/queries';
import { ERASED_TEXT } from '@moncafe/domain/privacy/personal-data';
import {
  getReservation,
  partyOfReservation,
  guestReservations,
  guestsLastSeenBefore,
  reservationsOfDay,
  confirmedBookingIdsOn,
  courseReconciliationOn,
} from './reservations/queries';
import { getSameDaySettings } from './same-day-settings/queries';
import { getSeat, listSeats } from './seats/queries';
import { menuItemsWithStock, orderMenu, soldOutItems, stockOfStore } from './stock/queries';
import { defaultStore, getStore, listStores } from './stores/queries';
import type { ChecklistName } from '@moncafe/domain/checklist/kinds';
import { checklistOf, findChecklistTask } from './checklists/queries';
import { listOrderRules, listPurchaseItems, listSuppliers } from './purchasing/queries';
import { recruitTimesOf, scheduledShifts, shiftHistoryOf, submissionsOf, submittersOf } from './shifts/queries';
import { getRecipe, listRecipes, listServeMethods, serveMethodSteps } from './staff-guides/queries';
import { allStoreMemberships, isStoreStaff, storesOfAccount } from './store-staff/queries';
import { wageRecordsOf } from './store-staff/wage-records';
import { taxRuleOf, taxSettingsOf } from './tax/queries';
import { receiptStoreOf, receiptsOfDay, receiptsOfVisit } from './receipts/queries';
// Seats editor, admin home, orders by day, cost management (decisions 120–123)
import { costReport, listCostLines } from './costs/queries';
import { futureReservationsOnSeat } from './reservations/queries';
// Admin history (decisions 140–142)
import { historyChoices, historyPage, type HistoryFilter } from './event-history/queries';
// Site settings (decisions 130–135)
import { listBusinessHoursRules } from './business-hours/queries';
import { disclaimerOf, menuNameOf, notificationSettingsOf } from './site-settings/queries';
// The daily close and sales (decisions 250–251)
import { dayFiguresOf } from './register/day-figures';
import { openAtCloseOf } from './register/open-at-close';
import { closeOf, closesOf, correctionsOf } from './register/queries';
import {
  paymentsWithoutReceipts,
  receiptsOfRange,
  reservationsOfRange,
  salesLines,
  salesReport,
  shiftsWithWages,
  type SalesGrain,
  type SalesRange,
} from './register/sales';
// The time clock (decisions 565–568)
import { attendanceCorrectionsOf, attendanceMonthOf, attendanceRecordOf, labourCostByDay, labourReport, labourSettingsOf } from './attendance/queries';
import { myReservations, orderRowsOfDay, scheduleDay, storeStaffOf } from './screen-queries';

/**
 * The read models' queries bound to the database, built once per process (infra/src/runtime.ts)
 * and handed to routes as `queries` by the router context. A read model adds its queries here,
 * one line each, beside the functions in its folder's `queries.ts`. The history reads the shown
 * events' data from `eventStore` (decision 144).
 */
export function createQueries(db: Kysely<Database>, eventStore: Pick<EventStore, 'readEvents'>) {
  return {
    stores: {
      /** The open stores in display order (`{ closed: true }`: every store, for the admin). */
      list: (options: { closed?: boolean } = {}) => listStores(db, options),
      get: (storeId: string) => getStore(db, storeId),
      /** The store a call means when it names none (the first in display order). */
      default: () => defaultStore(db),
    },
    businessHours: {
      days: (range: { storeId: string | null; start: string; end: string }) => businessDaysOf(db, range),
    },
    homepageCards: {
      list: (options: { activeOnly?: boolean } = {}) => listHomepageCards(db, options),
    },
    menus: {
      list: (filter: MenuFilter = {}) => listMenuItems(db, filter),
      options: (menuIds: string | readonly string[]) => listMenuOptions(db, menuIds),
      dependencies: (menuId?: string) => listOptionDependencies(db, menuId),
      withOptions: (menuIds: readonly string[]) => menusWithOptions(db, menuIds),
      /** Menu items with the prices a guest is shown on `date` (the reservation's course list, decision 632). */
      listWithPrices: async (filter: MenuFilter, date: string) => withShownPrices(db, await listMenuItems(db, filter), date),
      /** Options with each choice's extra price as a guest is shown it on `date` (decision 632). */
      optionsWithPrices: (menuIds: string | readonly string[], date: string) => optionsWithShownPrices(db, menuIds, date),
    },
    sameDaySettings: {
      get: (storeId: string) => getSameDaySettings(db, storeId),
    },
    notices: {
      list: (options: { storeId?: string; activeOnly?: boolean } = {}) => listNotices(db, options),
    },
    reservations: {
      /** Every reservation of a guest's e-mail, lapsed ones too, so forgetting a guest misses none (decision 182). */
      ofGuest: (email: string, now: Date) => guestReservations(db, email, now),
      /** Guests without an account last seen before `cutoff` (decisions 180–186: retention). */
      lastSeenBefore: (cutoff: string) => guestsLastSeenBefore(db, cutoff, ERASED_TEXT),
      // Monitor reservation schedule (decision 110)
      /** A store's reservations of a day, lapsed requests left out (the schedule). */
      ofDay: (storeId: string, date: string, now: Date) => reservationsOfDay(db, storeId, date, now),
      get: (id: string) => getReservation(db, id),
      /** The party a reservation sits with now: itself, or the party it was merged into (decision 370). */
      partyOf: (id: string) => partyOfReservation(db, id),
      /** The confirmed web bookings of a store's day (the reminder mails, decision 290). */
      confirmedIdsOn: (storeId: string, date: string) => confirmedBookingIdsOn(db, storeId, date),
      /** The day's booked courses, booked against billed at checkout (the daily close, decision 633). */
      courseReconciliation: (storeId: string, date: string) => courseReconciliationOn(db, storeId, date),
      /** The schedule's day: reservations, seats, hours and the booked courses' options; null for no such store. */
      scheduleDay: (storeId: string, date: string, now: Date) => scheduleDay(db, storeId, date, now),
      /** /my-reservations: the account's own, and its verified e-mail's guest bookings. */
      mine: (who: { accountId: string; verifiedEmail: string | null }, now: Date) => myReservations(db, who, now),
    },
    accounts: {
      list: () => listAccounts(db),
      /** Decisions 180–186: the customer account (no staff role) of a guest's e-mail. */
      customerByEmail: (email: string) => customerAccountByEmail(db, email),
      /** The store the account last chose in an operations area (decision 576), or null. */
      chosenStore: (accountId: string) => chosenStoreOf(db, accountId),
    },
    // Staff area (decisions 080–085)
    storeStaff: {
      /** The shift screens' list: wages for admins only (staff get no `wage` field at all). */
      list: (storeId: string, options: { wages: boolean }) => storeStaffOf(db, storeId, options),
      includes: (storeId: string, accountId: string) => isStoreStaff(db, storeId, accountId),
      storesOf: (accountId: string) => storesOfAccount(db, accountId),
      memberships: () => allStoreMemberships(db),
      /** Decision 620: per store, the newest day of the person's shifts and attendance. */
      wageRecords: (accountId: string) => wageRecordsOf(db, accountId),
    },
    shifts: {
      recruitTimes: (storeId: string) => recruitTimesOf(db, storeId),
      submissions: (storeId: string, month: string) => submissionsOf(db, storeId, month),
      submitters: (storeId: string, month: string) => submittersOf(db, storeId, month),
      scheduled: (storeId: string, month?: string) => scheduledShifts(db, storeId, month),
      history: (storeId: string, month: string) => shiftHistoryOf(db, storeId, month),
    },
    checklists: {
      day: (input: { storeId: string; list: ChecklistName; day: string }) => checklistOf(db, input),
      findTask: (taskId: string) => findChecklistTask(db, taskId),
    },
    purchasing: {
      orderRules: (storeId: string) => listOrderRules(db, storeId),
      suppliers: (storeId: string) => listSuppliers(db, storeId),
      purchaseItems: (storeId: string) => listPurchaseItems(db, storeId),
    },
    staffGuides: {
      recipes: (storeId: string) => listRecipes(db, storeId),
      recipe: (id: string) => getRecipe(db, id),
      serveMethods: (filter: { menuId?: string; storeId?: string }) => listServeMethods(db, filter),
      serveMethodSteps: (serveMethodId: string) => serveMethodSteps(db, serveMethodId),
    },
    seats: {
      get: (seatId: string) => getSeat(db, seatId),
      ofStore: (storeId: string) => listSeats(db, storeId),
    },
    orders: {
      /** The kitchen's list, oldest first; also the admin home's open orders of a store. */
      ready: (storeId: string) => readyOrders(db, storeId),
      storeOf: (orderId: string) => orderStoreOf(db, orderId),
      countOpen: (storeId: string) => countOpenOrders(db, storeId),
      completed: (storeId: string, date: string) => completedOrders(db, storeId, date),
      ofReservation: (reservationId: string) => ordersOfReservation(db, reservationId),
      /** The kitchen's tickets with their party and notes, in one query (decision 670). */
      readyTickets: (storeId: string) => readyKitchenTickets(db, storeId),
      completedTickets: (storeId: string, date: string) => completedKitchenTickets(db, storeId, date),
    },
    stock: {
      /** Menu items with manage_stock, quantity, is_sold_out (the admin's calls). */
      menu: (filter: MenuFilter = {}) => menuItemsWithStock(db, filter),
      /** The same with the prices a guest is shown on `date` (GET /api/admin/menu, decision 518). */
      menuWithPrices: async (filter: MenuFilter, date: string) => withShownPrices(db, await menuItemsWithStock(db, filter), date),
      /** What the QR order page offers now, with the prices a guest is shown on `date`. */
      orderMenu: async (storeId: string, date: string) => withShownPrices(db, await orderMenu(db, storeId), date),
      /** The stock editor's list. */
      ofStore: (storeId: string) => stockOfStore(db, storeId),
      /** Counted items that cannot be ordered now (admin home). */
      soldOut: (storeId: string) => soldOutItems(db, storeId),
    },
    tax: {
      rule: (storeId: string) => taxRuleOf(db, storeId),
      /** The whole record (decision 240): reduced rate, rate change ahead, issuer and registration number. */
      settings: (storeId: string) => taxSettingsOf(db, storeId),
    },
    // Receipts (decision 240)
    receipts: {
      storeOf: (receiptId: string) => receiptStoreOf(db, receiptId),
      ofVisit: (reservationId: string) => receiptsOfVisit(db, reservationId),
      ofDay: (storeId: string, date: string) => receiptsOfDay(db, storeId, date),
    },
    // Seats editor, admin home, orders by day, cost management (decisions 120–123)
    adminDay: {
      /** Orders placed on a Tokyo date, each with its payment method (the admin home, the CSV). */
      orderRows: (storeId: string, date: string) => orderRowsOfDay(db, storeId, date),
      /** Bookings still holding a seat (the seats editor's refusal). */
      futureOnSeat: (seatId: string, now: Date) => futureReservationsOnSeat(db, seatId, now),
    },
    costs: {
      lines: (storeId: string) => listCostLines(db, storeId),
      report: (storeId: string, date: string) => costReport(db, storeId, date),
    },
    // Admin history (decisions 140–142)
    history: {
      page: (filter: HistoryFilter) => historyPage(db, eventStore, filter),
      choices: () => historyChoices(db),
    },
    // Site settings (decisions 130–135)
    siteSettings: {
      /** A store's weekday, holiday and date rules (/admin/business-hours). */
      businessHoursRules: (storeId: string) => listBusinessHoursRules(db, storeId),
      disclaimer: (storeId: string) => disclaimerOf(db, storeId),
      notifications: (storeId: string) => notificationSettingsOf(db, storeId),
      menuName: (menuId: string) => menuNameOf(db, menuId),
    },
    // The daily close and sales (decisions 250–251)
    register: {
      dayFigures: (storeId: string, date: string) => dayFiguresOf(db, storeId, date),
      openAtClose: (storeId: string, date: string) => openAtCloseOf(db, storeId, date),
      closes: (storeId: string) => closesOf(db, storeId),
      close: (storeId: string, date: string) => closeOf(db, storeId, date),
      corrections: (storeId: string, date: string) => correctionsOf(db, storeId, date),
    },
    sales: {
      report: (range: SalesRange, grain: SalesGrain) => salesReport(db, range, grain),
      lines: (range: SalesRange) => salesLines(db, range),
      receipts: (range: SalesRange) => receiptsOfRange(db, range),
      paymentsWithoutReceipts: (range: SalesRange) => paymentsWithoutReceipts(db, range),
      reservations: (range: SalesRange) => reservationsOfRange(db, range),
      shifts: (range: SalesRange) => shiftsWithWages(db, range),
    },
    // The time clock (decisions 565–568)
    attendance: {
      month: (input: { storeId: string; month: string; now: Date; userId?: string }) => attendanceMonthOf(db, input),
      record: (recordId: string) => attendanceRecordOf(db, recordId),
      corrections: (input: { storeId: string; month: string; userId?: string }) => attendanceCorrectionsOf(db, input),
      settings: (storeId: string) => labourSettingsOf(db, storeId),
      labourCostByDay: (input: { storeIds: readonly string[]; from: string; to: string; now: Date }) => labourCostByDay(db, input),
      /** The sales screen's labour cost per bucket of its grain, of one store or every store (null). */
      labour: (input: { storeId: string | null; from: string; to: string; grain: SalesGrain; now: Date }) => labourReport(db, input),
    },
  };
}

export type Queries = ReturnType<typeof createQueries>;
