import { z } from 'zod';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * One reservation's events and stream name (`reservation-{reservationId}`). The reservation
 * records what the customer asked for and agreed to; its seats live in the seating ledger of its
 * day. The confirmation token itself never enters an event: only its SHA-256 hash.
 */
export const RESERVATION_CATEGORY = 'reservation';

export function toStreamName(reservationId: string): string {
  return streamName(RESERVATION_CATEGORY, reservationId);
}

export function fromStreamName(streamId: string): { reservationId: string } | null {
  const parts = streamParts(RESERVATION_CATEGORY, streamId, 1);
  return parts ? { reservationId: parts[0]! } : null;
}

const customerContactSchema = z.object({ name: z.string(), email: z.string(), phone: z.string() });
export type CustomerContact = z.output<typeof customerContactSchema>;

const reservedLineSchema = z.object({
  menuId: z.string(),
  name: z.string(),
  /** The course's English name when it had one at booking (decision 362); absent in older events and for courses without one. */
  nameEn: z.string().optional(),
  price: z.number(),
  quantity: z.number().int(),
});
export type ReservedLine = z.output<typeof reservedLineSchema>;

/**
 * Option values keyed `{menuId}_{optionId}` as the spec's `detail`. An image option's value is
 * the id of the picture in the blob store (events written before decision 032 hold the picture
 * itself as a data URL; they still load, see detail.ts).
 */
const reservationDetailSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type ReservationDetail = z.output<typeof reservationDetailSchema>;

const reservationRequestSchema = z.object({
  reservationId: z.string(),
  storeId: z.string(),
  date: z.string(),
  time: z.string(),
  people: z.number().int(),
  seatIds: z.array(z.string()),
  holdId: z.string(),
  customer: customerContactSchema,
  /** The signed-in customer's account, for /my-reservations; null for a guest. */
  accountId: z.string().nullable(),
  lines: z.array(reservedLineSchema),
  detail: reservationDetailSchema,
  /** Extra prices of chosen option choices, in yen. */
  optionsPrice: z.number(),
  /** The short number the guest is told (`MC-4821-7K`, number.ts); null in events from before decision 100. */
  reservationNumber: z.string().nullable().default(null),
  /** What the guest asked the kitchen and floor to know (allergies …), typed when booking (decision 282); absent in older events. */
  remarks: z.string().optional(),
  /** The language the guest booked in, for their mails and reminders (decision 363); absent (Japanese) in older events. */
  language: z.enum(['ja', 'en']).optional(),
});
export type ReservationRequest = z.output<typeof reservationRequestSchema>;

/** The reservation's date, carried by later events so a schedule knows which day changed (null in events from before decision 030). */
const reservationDate = z.string().nullable().default(null);

/**
 * The spec's reservation status (operations.md §4): `web` (booked on the site), `guest` (a QR
 * walk-in, shown as QR), `confirmed` (the customer is at the table), `exited` (checked out),
 * `cancelled`, or unset (null). Admin may set any; checkout sets `exited`. See decision 038.
 * `no_show` (decision 156): a booked party that never came, set by its own command only.
 */
export const floorStatusSchema = z.enum(['web', 'guest', 'confirmed', 'exited', 'cancelled', 'no_show']);
export type FloorStatus = z.output<typeof floorStatusSchema>;

export const paymentMethodSchema = z.enum(['cash', 'credit', 'electronic', 'qr']);
export type PaymentMethod = z.output<typeof paymentMethodSchema>;

export const reservationEventSchemas = {
  ReservationRequested: reservationRequestSchema.extend({ requestedAt: z.string() }),
  /** The single-use confirmation link was issued (recorded before the mail carrying it is sent). */
  ConfirmationLinkIssued: z.object({ tokenHash: z.string(), expiresAt: z.string() }),
  ReservationConfirmed: z.object({ tokenHash: z.string(), confirmedAt: z.string(), date: reservationDate }),
  /** `people` only when staff changed the party size with the move (decision 110). */
  ReservationMoved: z.object({
    seatIds: z.array(z.string()),
    time: z.string(),
    movedAt: z.string(),
    /** The day it is on after the move. */
    date: reservationDate,
    people: z.number().int().optional(),
    /** The day it left, when staff moved it to another day (decision 110). */
    fromDate: z.string().optional(),
  }),
  ReservationCancelled: z.object({ by: z.enum(['customer', 'staff']), reason: z.string(), cancelledAt: z.string(), date: reservationDate }),
  /** A guest checked in by QR at a seat with no booking: a reservation of status `guest` from now for the seat's hold time. */
  WalkInSeated: z.object({
    reservationId: z.string(),
    storeId: z.string(),
    date: z.string(),
    time: z.string(),
    people: z.number().int(),
    seatIds: z.array(z.string()),
    seatedAt: z.string(),
    /** The seat's name at check-in, for the live `qr-checkin` message (null in events from before decision 060). */
    seatName: z.string().nullable().default(null),
  }),
  /** The customer of a booking checked in by QR at its seat (spec `reservation-customer-arrived`). */
  CustomerArrived: z.object({
    seatId: z.string(),
    people: z.number().int(),
    arrivedAt: z.string(),
    date: z.string(),
    seatName: z.string().nullable().default(null),
  }),
  /**
   * A table-order token for one device at one seat (only its SHA-256 hash); valid until checkout,
   * or until `validUntil` when it was issued without a location check under staff's waiver
   * (decision 060: the waiver lets a guest order for its minutes, not for the rest of the visit).
   */
  VisitTokenIssued: z.object({
    tokenHash: z.string(),
    seatId: z.string(),
    issuedAt: z.string(),
    validUntil: z.string().nullable().default(null),
    /** A renewal (decision 153): the hash of the device's token this one replaces, which dies with it; null for a first token. */
    replaces: z.string().nullable().default(null),
  }),
  /**
   * A one-time pass into the visit (decisions 151, 152): shown by staff who seated the party
   * (`staff`) or by a phone already in the visit as an invite (`guest`). Only its SHA-256 hash; it
   * gives one phone a token at `seatId`, with no seat code or location step, until `expiresAt`.
   */
  VisitPassIssued: z.object({ passHash: z.string(), seatId: z.string(), by: z.enum(['staff', 'guest']), issuedAt: z.string(), expiresAt: z.string() }),
  /** A pass was used: it opens nothing again. */
  VisitPassUsed: z.object({ passHash: z.string(), usedAt: z.string() }),
  /** Staff let the guest skip the location check until `until` (spec: grant-token, 15 minutes by default). */
  LocationCheckWaived: z.object({ minutes: z.number().int(), until: z.string(), grantedAt: z.string() }),
  /** Staff set the spec's status label (see floorStatusSchema); null is "unset". */
  StatusChanged: z.object({ from: floorStatusSchema.nullable(), to: floorStatusSchema.nullable(), changedAt: z.string(), date: z.string() }),
  /** Paid and left (status `exited`); every visit token of the reservation dies with it. */
  CheckedOut: z.object({
    /** Null when staff marked the guests as gone without taking a payment here. */
    payment: z
      .object({
        method: paymentMethodSchema,
        subtotal: z.number().int(),
        tax: z.number().int(),
        total: z.number().int(),
        orderIds: z.array(z.string()),
        /** The booked courses on this bill (decision 633): booked with tax, and billed; absent without a course and in older events. */
        courses: z.object({ booked: z.number().int(), billed: z.number().int() }).optional(),
      })
      .nullable(),
    exitedAt: z.string(),
    actualDurationMinutes: z.number().int(),
    date: z.string(),
  }),
  /** Staff recorded that the booked party never came (decision 156): status `no_show`, the seat freed from now. `from`: the status before. */
  MarkedNoShow: z.object({ from: floorStatusSchema.nullable(), markedAt: z.string(), date: z.string() }),
  /** An admin took a no-show back, saying why (decision 156): the status is `to` again; the seat is not taken back. */
  NoShowReverted: z.object({ reason: z.string(), to: floorStatusSchema.nullable(), revertedAt: z.string(), date: z.string() }),
  /**
   * A guest's phone was let through the per-minute order caps for this order (decision 155): the
   * reservation's own count of its phones' orders, so every web process decides on the same log.
   */
  OrderAdmitted: z.object({ orderId: z.string(), tokenHash: z.string(), admittedAt: z.string() }),
  /**
   * Another party joined this one at adjoining seats (decision 370, spec `reservation-merged`):
   * its seats and people are this reservation's now (`seatIds`, `people`: the joined party), its
   * orders go on this bill. `absorbed` is the other party as it was, for the undo.
   */
  PartyMerged: z.object({
    absorbedId: z.string(),
    absorbed: z.object({ seatIds: z.array(z.string()), people: z.number().int() }),
    before: z.object({ seatIds: z.array(z.string()), people: z.number().int() }),
    seatIds: z.array(z.string()),
    people: z.number().int(),
    /** The joined seats' names (「テーブル1・テーブル2」) as the floor and kitchen read them. */
    seatLabel: z.string().default(''),
    mergedAt: z.string(),
    date: z.string(),
  }),
  /** This party joined another (`hostId`), whose visit and bill it shares until the merge is undone (decision 370). */
  MergedIntoParty: z.object({ hostId: z.string(), mergedAt: z.string(), date: z.string() }),
  /** A merge undone before checkout: this reservation has its own seats and people again (`seatIds`, `people`). */
  PartyMergeUndone: z.object({ absorbedId: z.string(), seatIds: z.array(z.string()), people: z.number().int(), undoneAt: z.string(), date: z.string() }),
  /** The party is on its own again: its seats, visit and bill. */
  MergeUndone: z.object({ hostId: z.string(), undoneAt: z.string(), date: z.string() }),
  /**
   * Staff changed how many of a booked course go on the bill (one guest did not come), or took the
   * course off it (`to` 0, its options with it), saying why (decision 630). `from`: the count before.
   */
  CourseLineChanged: z.object({
    menuId: z.string(),
    from: z.number().int().min(0),
    to: z.number().int().min(0),
    reason: z.string().min(1),
    changedAt: z.string(),
    date: z.string(),
  }),
  /** The guest's name and phone corrected, by the guest or by staff at the counter (decisions 180–186; sealed like the request). */
  GuestDetailsCorrected: z.object({ name: z.string(), phone: z.string(), correctedAt: z.string() }),
  /**
   * The guest was forgotten (decisions 180–186): their key is destroyed, and this event's contact and
   * options read as erased, so read models learn it from the log (privacy/personal-data.ts).
   */
  GuestForgotten: z.object({
    customer: customerContactSchema,
    detail: reservationDetailSchema,
    /** Erased too when the reservation was cancelled (its reason is what someone typed); null otherwise. */
    cancelReason: z.string().nullable().default(null),
    forgottenAt: z.string(),
  }),
};

export type ReservationEvent = EventsOf<typeof reservationEventSchemas>;

/**
 * A recorded event as a reservation event (validated), or null for another context's. Events
 * stored as `ConfirmationMailSent` (its name until decision 031: the fact is recorded before
 * any mail goes out) are read as `ConfirmationLinkIssued`.
 */
export const parseReservationEvent = eventParser(reservationEventSchemas, { ConfirmationMailSent: 'ConfirmationLinkIssued' });

/** What the reservation costs: the courses' prices times their quantities, plus the chosen options' extra prices. */
export function reservationTotal(request: Pick<ReservationRequest, 'lines' | 'optionsPrice'>): number {
  return request.lines.reduce((sum, l) => sum + l.price * l.quantity, 0) + request.optionsPrice;
}
