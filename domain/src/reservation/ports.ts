import type { TaxCategory } from '../billing/tax-category';
import type { TaxRule } from '../order/tax';
import type { MailMessage } from '../ports';
import type { SeatSpec } from '../seating/allocation';
import type { BusinessDay, MenuRules, SameDaySettings } from '../seating/availability';
import type { DependencySpec, DescribedOption, OptionSpec } from './detail';
import type { CustomerContact, ReservationDetail, ReservedLine } from './events';

/**
 * What the reservation services ask of the world besides the shared ports (domain/src/ports.ts).
 *
 * `ReservationCatalog` is the read port for reference data, answered from the catalog's read
 * models (projections/src/reservations/catalog.ts). `ReservationMails` words the two mails; its
 * templates live where Japanese lives, in the web app (apps/web/app/reservation/mails.ts).
 */
export interface ReservationCatalog {
  /** The store the public site books (the spec's calls carry no store id); null before any store exists. */
  defaultStoreId(): Promise<string | null>;
  storeName(storeId: string): Promise<string | null>;
  /** Where the guest finds and calls the store (its record's address and phone), for mails and pages (decision 407); null when it is gone. */
  storeContact(storeId: string): Promise<StoreContact | null>;
  /** False for a store the admin closed (decision 320) or one that does not exist: it takes no new bookings. */
  storeOpen(storeId: string): Promise<boolean>;
  /** Reservable seats of the store, in display order. */
  seats(storeId: string): Promise<SeatSpec[]>;
  businessDays(storeId: string, dates: readonly string[]): Promise<Record<string, BusinessDay>>;
  /** Booking deadlines and durations of these menus. */
  menus(storeId: string, menuIds: readonly string[]): Promise<MenuRules[]>;
  /** These menus with their prices (unknown ids are left out); the service decides which may be booked. */
  courses(menuIds: readonly string[]): Promise<Course[]>;
  /** The options asked when these menus are booked, and the dependencies between them. */
  options(menuIds: readonly string[]): Promise<{ options: OptionSpec[]; dependencies: DependencySpec[] }>;
  sameDaySettings(storeId: string): Promise<SameDaySettings>;
  /** The store's active notices (and the ones for every store), in display order. */
  notices(storeId: string): Promise<Notice[]>;
  /** The store's tax rule: the booking is shown with tax (総額表示, decision 632) by the one tax function. */
  taxRule(storeId: string): Promise<TaxRule>;
}

export interface Course {
  menuId: string;
  storeId: string;
  name: string;
  /** The English name for guests (decision 362); '' when none was given. */
  nameEn?: string;
  descriptionEn?: string;
  /** Yen, as the owner entered it (with or without tax, the store's setting). */
  price: number;
  description: string;
  /** Offered on the reservation course list (/reservation). */
  reservable: boolean;
  /** How it is taxed; `reduced` when the catalog says nothing. */
  taxCategory?: TaxCategory;
}

export interface Notice {
  title: string;
  content: string;
}

/** The mails of a booking, worded by the web app's templates (which also know the public URL for links). */
export interface ReservationMails {
  /** Asks the customer to open the single-use link (valid CONFIRMATION_MINUTES) that carries `token`. */
  confirmationRequest(summary: ReservationSummary, token: string): MailMessage;
  /** Tells the customer the reservation is confirmed, with the way to cancel it. */
  confirmed(summary: ReservationSummary): MailMessage;
  /** Tells the customer the reservation was cancelled (by them or by staff). */
  cancelled(summary: ReservationSummary): MailMessage;
}

/** A store's address and phone as its record has them (decision 407). */
export interface StoreContact {
  postalCode: string | null;
  address: string;
  phone: string;
}

/**
 * A reservation as the customer is shown it, in mails and on the confirm and cancel pages: the
 * request with its total, its options described, the store's name and notices. Facts only; the
 * web app words them (apps/web/app/reservation/presentation.ts).
 */
export interface ReservationSummary {
  reservationId: string;
  /** The number the guest is told (`MC-4821-7K`); the reservation id for reservations from before it existed. */
  reservationNumber: string;
  storeId: string;
  /** null when the store has been removed since. */
  storeName: string | null;
  /** The store's address and phone from its record (decision 407); null when it is gone. */
  storeContact: StoreContact | null;
  date: string;
  time: string;
  people: number;
  customer: CustomerContact;
  /** The booked courses, each price per person with tax as the guest is shown it (decision 632). */
  lines: ReservedLine[];
  /** What the booking comes to with tax: what the bill charges for it at check-in (decisions 630, 632). */
  total: number;
  detail: ReservationDetail;
  options: DescribedOption[];
  /** Every option the booked courses ask for (answered or not), by id and label. */
  courseOptions: { optionId: string; label: string }[];
  /** The store's active notices; empty when it has none (the presenter then shows the default ones). */
  notices: Notice[];
  /** What the guest asked the kitchen and floor to know (allergies …), '' when nothing (decision 282). */
  remarks: string;
  /** The first course's description, for the confirm page. */
  firstCourseDescription: string;
  status: 'awaiting_confirmation' | 'confirmed' | 'cancelled';
  /** The language the guest booked in (decision 363): their mails are written in it. */
  language?: 'ja' | 'en';
}
