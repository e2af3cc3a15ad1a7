import type { StoreListings, StoreStaffDirectory } from './account/store-membership';
import { accountService, type AccountMails, type Passwords } from './account/account-service';
import { secondFactorService, type OneTimeCodes, type PasskeyCeremonies } from './account/second-factor-service';
import { staffLeavingService } from './account/staff-leaving-service';
import { catalogService } from './catalog/catalog-service';
import { orderingService } from './order/ordering-service';
import type { BlobStore, Clock, EventStore, Hashing, IdGenerator, Logger, Mailer } from './ports';
import { bookingService } from './reservation/booking-service';
import { reservationImages } from './reservation/images';
import type { ReservationCatalog, ReservationMails } from './reservation/ports';
import { staffReservationService } from './reservation/staff-reservation-service';
import { checklistService, type ChecklistTasks } from './checklist/checklist-service';
import { reorderRecords, type OrderedKind } from './catalog/display-order';
import type { CommandContext } from './command-handler';
import { supplierService, type SecretBox } from './purchasing/supplier-service';
import type { ShiftDirectory } from './shift/ports';
import { shiftService } from './shift/shift-service';
import { staffListService } from './shift/staff-list-service';
import { staffGuideService } from './staff-guide/staff-guide-service';
import { stockEditorService } from './stock/stock-editor-service';
import type { TableCatalog } from './table/ports';
import { storeLocationService } from './table/store-location-service';
import { storeService } from './catalog/store-service';
import { seatCodeService } from './table/decider';
import { tableService } from './table/table-service';
import { billingService } from './billing/billing-service';
import { floorViewService } from './table/floor-view-service';
import { partyMergeService } from './table/merge-service';
import { staffCallService } from './staff-call/staff-call-service';
import { staffBookingService } from './reservation/staff-booking-service';
import { orderVoidingService } from './order/voiding-service';
// Seats editor (decision 120)
import { seatEditorService, type SeatBookings } from './catalog/seat-editor-service';
// Menu editor (decision 090)
import { menuEditorService, type MenuDirectory, type PictureResizer } from './catalog/menu-editor-service';
// Site settings (decision 130)
import { cardImageService } from './site-settings/card-image-service';
// Privacy (decisions 180–186)
import { forgettingService, type GuestDirectory } from './privacy/forgetting-service';
import type { PersonalKeys } from './privacy/personal-data';
import { retentionService } from './privacy/decider';
// The daily close and sales (decisions 250–251)
import { registerService, type DayFiguresPort } from './register/register-service';
// The time clock (decisions 565–568)
import { attendanceService } from './attendance/attendance-service';
import type { AttendanceDirectory } from './attendance/ports';

/**
 * Every use case of the product, built once from its ports. `infra/src/runtime.ts` calls
 * `createApplication` once per process and the web app's router context hands the result to
 * routes as `services` (apps/web/app/context.ts). A context adds its service here: one import,
 * one line in the object below (and a port above when it needs a new one).
 */
export interface ApplicationPorts {
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  hashing: Hashing;
  blobs: BlobStore;
  mailer: Mailer;
  logger: Logger;
  passwords: Passwords;
  /** Read port: the reference data reservations are decided with (projections/src/reservations/catalog.ts). */
  reservationCatalog: ReservationCatalog;
  /** The reservation mails' wording (apps/web/app/reservation/mails.ts). */
  reservationMails: ReservationMails;
  /** Read ports of the staff area (projections/src/shifts, checklists). */
  shiftDirectory: ShiftDirectory;
  /** Read port: who works at which store, the one membership rule's list (account/store-membership.ts). */
  storeStaff: StoreStaffDirectory;
  // Staff who leave (decision 620)
  /** Read port: the stores whose staff list names an account (projections/src/store-staff). */
  storeListings: StoreListings;
  /** Read port: per store, the newest day of a person's shifts and attendance (projections/src/store-staff/wage-records.ts). */
  wageRecordsOf(accountId: string): Promise<{ storeId: string; lastDay: string }[]>;
  checklistTasks: ChecklistTasks;
  /** Seals supplier passwords with the deployment's key (infra/src/secrets). */
  secrets: SecretBox;
  /** The account mails' wording (apps/web/app/auth/mails.ts). */
  accountMails: AccountMails;
  /** Second factors (decision 540): authenticator-app codes (infra/src/auth/second-factors.ts, otplib). */
  oneTimeCodes: OneTimeCodes;
  /** Second factors: WebAuthn ceremonies for passkeys (infra/src/auth/second-factors.ts, @simplewebauthn/server). */
  passkeyCeremonies: PasskeyCeremonies;
  /** Read port: seats, fences, menu prices, tax and the order index for the guest at the table (projections/src/orders/catalog.ts). */
  tableCatalog: TableCatalog;
  /** Read port (seats editor, decision 120): the bookings that still hold a seat (projections/src/reservations). */
  seatBookings: SeatBookings;
  // Menu editor (decision 090)
  /** Resizes menu pictures (infra/src/pictures, sharp). */
  pictures: PictureResizer;
  /** Read port: what refers to a menu item, its options and dependencies (projections/src/menus/references.ts). */
  menuDirectory: MenuDirectory;
  // Privacy (decisions 180–186)
  /** Each person's data key (infra/src/privacy): forgetting destroys one. */
  personalKeys: PersonalKeys;
  /** Read port: a guest's reservations by e-mail (projections/src/reservations). */
  guests: GuestDirectory;
  /** Read port: a guest's customer account by e-mail (projections/src/accounts). */
  customerAccountOf(email: string): Promise<string | null>;
  /** Deletes the kept copies of mails to an address (infra/src/mail: the development outbox). */
  forgetMails(email: string): Promise<void>;
  /** Ends an account's sessions (infra/src/auth/sessions.ts). */
  signOut(accountId: string): Promise<void>;
  /** Read port (decision 240): which store's book a receipt is in (projections/src/receipts). */
  receiptStoreOf?(receiptId: string): Promise<string | null>;
  /** Read port (decision 391): the ids of the stores not closed (projections/src/stores). */
  openStoreIds(): Promise<string[]>;
  // The daily close (decision 250)
  /** Read port: a business day's figures as the read models count them (projections/src/register/day-figures.ts). */
  dayFigures: DayFiguresPort;
  // The time clock (decisions 565–568)
  /** Read port: each store's labour settings and fence (projections/src/attendance, orders/catalog.ts). */
  attendanceDirectory: AttendanceDirectory;
}

export function createApplication(ports: ApplicationPorts) {
  const reservation = { ...ports, catalog: ports.reservationCatalog, mails: ports.reservationMails };
  const seatCodes = seatCodeService(ports);
  const reservationStaff = staffReservationService(reservation);
  const table = tableService({ ...ports, catalog: ports.tableCatalog, seatCodes });
  const privacy = forgettingService({ ...ports, cancelReservation: (input) => reservationStaff.cancel(input) });
  const staffCalls = staffCallService({ ...ports, catalog: ports.tableCatalog });
  return {
    /** The customer's booking: day screen, hold, request, confirmation link, cancel page. */
    booking: bookingService(reservation),
    /** Staff moving and cancelling reservations from the schedule. */
    reservationStaff,
    /** Pictures for image options: upload, and who may see them. */
    reservationImages: reservationImages(ports),
    /** Reference data edited in the admin area (stores, seats, menus, hours, cards, notices …). */
    catalog: catalogService(ports),
    /** Sign-up, sign-in and staff roles. */
    accounts: accountService(ports),
    /** Second factors (decision 540): an authenticator app with recovery codes, passkeys, an admin's reset. */
    secondFactors: secondFactorService(ports),
    /** Staff who leave (decision 620): removed at once, forgotten once the wage records' retention has passed. */
    staffLeaving: staffLeavingService(ports),
    /** Staff area: shift wishes, imports and corrections with reasons. */
    shifts: shiftService(ports),
    /** Staff area: who works at a store, with wages. */
    staffList: staffListService(ports),
    /** Staff area: opening and closing checklists, per business day. */
    checklists: checklistService(ports),
    /** Staff area: suppliers with sealed passwords, and recorded reveals. */
    suppliers: supplierService(ports),
    /** Staff area: recipes and serve methods with photos. */
    staffGuides: staffGuideService(ports),
    /** Admin lists put in the order the admin chose. */
    reorder: (input: { kind: OrderedKind; ids: readonly string[] }, context: CommandContext) => reorderRecords(ports, input, context),
    /** The guest at the table: QR check-in, tokens, staff's location waiver, the bill and checkout. */
    table,
    /** Receipts and split bills (decision 240): checkout with its receipt, splits, parts paid, reprints and cancelling receipts. */
    billing: billingService({ ...ports, table, receiptStoreOf: ports.receiptStoreOf ?? (async () => null) }),
    // Floor view (decisions 280–283)
    /** 「スタッフを呼ぶ」 from a table and its answer on the floor view. */
    staffCalls,
    /** Staff take a booking by phone through the customer's booking rules (status `guest`, decision 282). */
    staffBooking: staffBookingService({ ...reservation, seatParty: (input) => table.seatParty(input) }),
    /** Staff void an order line or a whole order before checkout, with a reason (decision 283). */
    orderVoiding: orderVoidingService(ports),
    /** The floor view: every seat now, with its party's phase, overdue mark and open call. */
    /** Merged parties at adjoining seats, and the undo (decision 370). */
    partyMerge: partyMergeService({ ...ports, catalog: ports.tableCatalog }),
    floor: floorViewService({ ...ports, catalog: ports.tableCatalog, table, openCall: (id) => staffCalls.openCall(id) }),
    /** The seats' codes (decision 150): issued, rotated and printed on the staff QR page. */
    seatCodes,
    /** Table orders: placed by a phone or staff (stock reserved first), completed and restored in the kitchen. */
    ordering: orderingService({ ...ports, catalog: ports.tableCatalog }),
    /** The stock editor (/kitchen/stock, /monitor/stock). */
    stock: stockEditorService({ ...ports, catalog: ports.tableCatalog }),
    /** Stores (/admin/stores, decision 320): open, edit and close a store. */
    stores: storeService(ports),
    /** The store's point and geofence radius (/admin/store-coordinates). */
    storeLocation: storeLocationService(ports),
    // Seats editor (decision 120)
    /** Seats (/admin/seats): a seat still holding bookings is neither removed nor taken out of service. */
    seats: seatEditorService(ports),
    // Menu editor (decision 090)
    /** /admin/menu-add and /admin/menu-manager: items, pictures, options, dependencies, order, hide and remove. */
    menuEditor: menuEditorService(ports),
    // Site settings (decisions 130–135)
    /** Homepage card pictures (/admin/homepage-settings). */
    cardImages: cardImageService(ports),
    // Privacy (decisions 180–186)
    /** Forgetting a guest: open reservations cancelled, keys destroyed, pictures deleted, one audit event. */
    privacy,
    /** Retention: the store's months after a last visit, and the run that forgets guests past them. */
    retention: retentionService({
      ...ports,
      guestsLastSeenBefore: (cutoff) => ports.guests.lastSeenBefore(cutoff),
      forget: (input, context) => privacy.forget(input, context),
    }),
    // The daily close (decision 250)
    /** /admin/daily-close: closing a business day (日計・レジ締め) and correcting a closed day. */
    register: registerService(ports),
    // The time clock (decisions 565–568)
    /** 出勤・休憩・退勤 for oneself, and the owner's corrections with a reason. */
    attendance: attendanceService(ports),
    /**
     * The same time clock reading another clock: only the demo (demo/src/attendance.ts) uses it, to
     * press its staff's past days as ordinary commands; no route reaches it.
     */
    attendanceOn: (clock: Clock) => attendanceService({ ...ports, clock }),
  };
}

export type Application = ReturnType<typeof createApplication>;
