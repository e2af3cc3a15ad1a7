import { z } from 'zod';
import { tokyoDateOf } from '../calendar/dates';
import { DomainError } from '../decider';
import { metadataOf, type CommandContext } from '../command-handler';
import { isBlobId, type BlobStore, type Clock, type EventStore, type IdGenerator, type Logger } from '../ports';
import { fromStreamName, parseReservationEvent, toStreamName } from '../reservation/events';
import { streamName, type EventsOf } from '../streams';
import { ERASED_FIELD, type PersonalKeys } from './personal-data';
import { toStreamName as accountStream } from '../account/events';

/**
 * Forgetting a guest (decision 182): every reservation made with their e-mail loses its
 * key. Open reservations still to come are cancelled first (their seats freed, the guest told);
 * then the keys are destroyed, each reservation records `GuestForgotten` (its contact and options
 * read as erased from then on, also in every rebuild), the pictures leave the blob store, and one
 * audit event says who asked, why, when and how many — no personal data in it.
 */
export const PRIVACY_CATEGORY = 'privacy';

const privacyEventSchemas = {
  GuestErased: z.object({
    /** `admin` (POST /api/admin/guests/erase), `guest` (their own request), `retention` (the worker). */
    requestedBy: z.enum(['admin', 'guest', 'retention']),
    reason: z.string(),
    reservationIds: z.array(z.string()),
    /** The customer account forgotten with them, if any (decisions 180–186). */
    accountId: z.string().nullable().default(null),
    cancelled: z.number().int(),
    pictures: z.number().int(),
    erasedAt: z.string(),
  }),
  /** Someone took out what the cafe holds on a guest (the guest, or the admin for a guest at the counter). */
  GuestDataDownloaded: z.object({ requestedBy: z.enum(['admin', 'guest']), reservationIds: z.array(z.string()), downloadedAt: z.string() }),
};
export type PrivacyEvent = EventsOf<typeof privacyEventSchemas>;

/** A guest's reservations as the read models know them (by e-mail, lapsed requests included). */
export interface GuestReservation {
  id: string;
  date: string;
  /** Cancelled, checked out, or a lapsed request: nothing to cancel. */
  open: boolean;
}

export interface GuestDirectory {
  reservationsOf(email: string): Promise<GuestReservation[]>;
  /** Guests without an account whose last reservation day is before `cutoff` (retention). */
  lastSeenBefore(cutoff: string): Promise<{ email: string; lastVisit: string }[]>;
}

export interface ForgettingPorts {
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  blobs: BlobStore;
  logger: Logger;
  personalKeys: PersonalKeys;
  guests: GuestDirectory;
  /** Read port: the customer account (no staff role) of an e-mail, forgotten with the guest; null for none. */
  customerAccountOf(email: string): Promise<string | null>;
  /** Deletes the copies of mails to the address this system keeps (the development outbox; SMTP keeps none). */
  forgetMails(email: string): Promise<void>;
  /** Ends every session of an account (a forgotten one signs in no more). */
  signOut(accountId: string): Promise<void>;
  /** Cancels one reservation as staff do (seats released, the cancellation mail sent). */
  cancelReservation(input: { reservationId: string; reason: string; actor: string; correlationId: string }): Promise<unknown>;
}

export const erasureRequestSchema = z.object({
  // The service's own rule (an address has an @), checked where the request enters: a 400, not a refusal deep inside.
  email: z
    .string()
    .trim()
    .min(3)
    .max(254)
    .refine((v) => v.includes('@'), 'email'),
  reason: z.string().trim().min(1).max(200),
});

/** The reason a cancellation for a forgetting records (a code, not the guest's words). */
const ERASURE_CANCEL_REASON = 'personal-data-erasure';

export function forgettingService(ports: ForgettingPorts) {
  async function audit(event: PrivacyEvent, context: CommandContext) {
    const { lastPosition } = await ports.eventStore.appendToStream(
      streamName(PRIVACY_CATEGORY, ports.ids.uuid()),
      [{ eventId: ports.ids.uuid(), ...event, metadata: metadataOf(context) }],
      { expectedRevision: 'no_stream' },
    );
    return lastPosition;
  }
  return {
    /** How many guests were forgotten, by who asked (the admin screen's count; the log's `GuestErased` events). */
    async erasureCounts(): Promise<Record<'admin' | 'guest' | 'retention', number>> {
      const counts = { admin: 0, guest: 0, retention: 0 };
      for (let after = 0; ;) {
        const page = await ports.eventStore.readAll({ after, maxCount: 1000, categories: [PRIVACY_CATEGORY] });
        for (const e of page) if (e.type === 'GuestErased') counts[privacyEventSchemas.GuestErased.parse(e.data).requestedBy] += 1;
        if (page.length < 1000) return counts;
        after = page.at(-1)!.position;
      }
    },
    /**
     * Records that a guest's data was taken out (decision 186): the caller shows or sends what
     * the read models hold for `reservationIds` (the web app's /api/my-data).
     */
    async recordDownload(input: { reservationIds: readonly string[]; requestedBy: 'admin' | 'guest' }, context: CommandContext) {
      return audit(
        {
          type: 'GuestDataDownloaded',
          data: { requestedBy: input.requestedBy, reservationIds: [...input.reservationIds], downloadedAt: ports.clock.now().toISOString() },
        },
        context,
      );
    },
    /**
     * Corrects a guest's name and phone on every reservation made with their e-mail (decision
     * 186): one `GuestDetailsCorrected` per reservation, sealed like the request, with the
     * actor in its metadata. Forgotten reservations are left as they are.
     */
    async correct(input: { email: string; name: string; phone: string }, context: CommandContext) {
      const reservations = await ports.guests.reservationsOf(input.email);
      let position: number | null = null;
      let corrected = 0;
      for (const r of reservations) {
        const stream = toStreamName(r.id);
        if (await ports.personalKeys.isErased(stream)) continue;
        const data = { name: input.name, phone: input.phone, correctedAt: ports.clock.now().toISOString() };
        ({ lastPosition: position } = await ports.eventStore.appendToStream(
          stream,
          [{ eventId: ports.ids.uuid(), type: 'GuestDetailsCorrected', data, metadata: metadataOf(context) }],
          {
            expectedRevision: 'any',
          },
        ));
        corrected += 1;
      }
      return { corrected, position };
    },
    /** Forgets the guest of `email`; safe to repeat (a second run finds nothing left to erase). */
    async forget(input: { email: string; reason: string; requestedBy: 'admin' | 'guest' | 'retention' }, context: CommandContext) {
      const email = input.email.trim().toLowerCase();
      if (!email.includes('@')) throw new DomainError('invalid_email');
      const reservations = await ports.guests.reservationsOf(email);
      const today = tokyoDateOf(ports.clock.now());
      let cancelled = 0;
      for (const r of reservations.filter((r) => r.open && r.date >= today)) {
        try {
          await ports.cancelReservation({ reservationId: r.id, reason: ERASURE_CANCEL_REASON, actor: context.actor, correlationId: context.correlationId });
          cancelled += 1;
        } catch (err) {
          // Checked out or cancelled meanwhile: nothing left to free.
          if (!(err instanceof DomainError)) throw err;
        }
      }
      const subjects: string[] = [];
      /** Reservations whose cancellation reason (sealed, typed by the guest or staff) is erased with them. */
      const cancelledOnes = new Set<string>();
      const pictures = new Set<string>();
      for (const r of reservations) {
        const stream = toStreamName(r.id);
        if (await ports.personalKeys.isErased(stream)) continue;
        subjects.push(stream);
        for (const recorded of await ports.eventStore.readStream(stream)) {
          const event = parseReservationEvent(recorded);
          if (event?.type === 'ReservationCancelled') cancelledOnes.add(stream);
          if (event?.type !== 'ReservationRequested') continue;
          for (const value of Object.values(event.data.detail).flat()) if (isBlobId(value)) pictures.add(value);
        }
      }
      const accountId = await ports.customerAccountOf(email);
      const account = accountId && !(await ports.personalKeys.isErased(accountStream(accountId))) ? accountId : null;
      // Nothing left to erase (asked again, or another run came first): nothing to record.
      if (subjects.length === 0 && cancelled === 0 && !account) return { reservations: 0, cancelled: 0, pictures: 0, position: null };
      const erasedAt = ports.clock.now().toISOString();
      await ports.personalKeys.erase(account ? [...subjects, accountStream(account)] : subjects);
      const metadata = metadataOf(context);
      for (const stream of subjects) {
        const forgotten = {
          customer: { name: ERASED_FIELD, email: ERASED_FIELD, phone: ERASED_FIELD },
          detail: ERASED_FIELD as unknown as Record<string, string>,
          cancelReason: cancelledOnes.has(stream) ? ERASED_FIELD : null,
          forgottenAt: erasedAt,
        };
        await ports.eventStore.appendToStream(stream, [{ eventId: ports.ids.uuid(), type: 'GuestForgotten', data: forgotten, metadata }], {
          expectedRevision: 'any',
        });
      }
      if (account) {
        const forgotten = { accountId: account, name: ERASED_FIELD, email: ERASED_FIELD, forgottenAt: erasedAt };
        await ports.eventStore.appendToStream(accountStream(account), [{ eventId: ports.ids.uuid(), type: 'AccountForgotten', data: forgotten, metadata }], {
          expectedRevision: 'any',
        });
        await ports.signOut(account);
      }
      await ports.blobs.remove([...pictures]);
      // Last: the cancellation mails above are among them.
      await ports.forgetMails(email);
      const erasure: PrivacyEvent = {
        type: 'GuestErased',
        data: {
          requestedBy: input.requestedBy,
          reason: input.reason,
          reservationIds: subjects.map((s) => fromStreamName(s)!.reservationId),
          accountId: account,
          cancelled,
          pictures: pictures.size,
          erasedAt,
        },
      };
      // The audit comes last: its position covers every event above (read-your-writes).
      const position = await audit(erasure, context);
      ports.logger.warn(
        { requestedBy: input.requestedBy, reservations: subjects.length, cancelled, pictures: pictures.size, correlationId: context.correlationId },
        'guest forgotten',
      );
      return { reservations: subjects.length, cancelled, pictures: pictures.size, position };
    },
  };
}
