/**
 * The ports the domain is written against. Adapters live in `infra/`; the domain never
 * imports a driver, reads the wall clock or makes a random id on its own. Read ports for a
 * context's reference data sit with the context (`reservation/ports.ts`), since each context
 * asks its own questions; the ones every context shares are here.
 */

/** Who caused an event: an account id, or `customer` for an anonymous guest, or `system`. */
export type Actor = string;

export interface EventMetadata {
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  storeId: string | null;
  /**
   * The W3C trace context of the span that appended the event, when the process traces
   * (decision 646): the relay, the projectors and /live continue that trace from it.
   */
  traceparent?: string;
}

/** An event as a decider produces it: a type tag and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** An event ready to append: the domain event plus the envelope the store keeps with it. */
export interface NewEvent<E extends DomainEvent = DomainEvent> {
  eventId: string;
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
}

/** An event as the store recorded it. `position` is the global, strictly increasing order of all events. */
export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  eventId: string;
  streamId: string;
  /** 0-based index of the event within its stream. */
  revision: number;
  /** Global position in the all-stream; every adapter hands events out in increasing position. */
  position: number;
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
  recordedAt: Date;
}

/**
 * What the writer expects of the stream before appending:
 * `no_stream` (must not exist), `any`, or the exact revision of its last event.
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last appended event. */
  nextExpectedRevision: number;
  /** Global position of the last appended event (for read-your-writes). */
  lastPosition: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, found ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface ReadAllOptions {
  /** Exclusive: read events whose position is greater than this. 0 (or omitted) reads from the start. */
  after?: number;
  maxCount?: number;
  /** Inclusive: read no event after this position (a rebuild replays up to the head it saw). */
  upTo?: number;
  /**
   * Only events of streams in these categories (a stream name's part before its first `-`,
   * `categoryOf` in streams.ts); every event when omitted. A rebuild reads only what its
   * projectors handle (decision 145).
   */
  categories?: readonly string[];
}

/** A stream to read from a revision on (`readStreams`). */
export interface StreamFrom {
  streamId: string;
  fromRevision: number;
}

/** Where one event sits: its stream and its 0-based revision there. */
export interface EventAt {
  streamId: string;
  revision: number;
}

export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  appendToStream(streamId: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** Events of one stream in revision order (at most `maxCount`); an empty array for a stream that does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  /**
   * The events at these places, in the order asked, null where a stream holds no such event.
   * Also an event still held back from readers of all streams, as `readStream`. One round trip
   * where the adapter can: a screen that shows many events of many streams (the owner's
   * history, decision 420) reads them at once instead of one `readStream` each.
   */
  readEvents(at: readonly EventAt[]): Promise<(RecordedEvent | null)[]>;
  /**
   * Several streams at once (each named once), each from its own revision on: by stream id, its events in revision
   * order (an empty array for a stream with none there). Like `readStream`, also an event still
   * held back from readers of all streams. One round trip where the adapter can: a guest's
   * calendar reads the seating ledgers of every open day of three months (decision 479).
   */
  readStreams(from: readonly StreamFrom[]): Promise<Map<string, RecordedEvent[]>>;
  /** Events of all streams in position order, never skipping one that commits late. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catches up from `after`, then follows new events live, in position order, each once. */
  subscribeToAll(options?: { after?: number }): Subscription;
  /** Position of the newest event, 0 when empty. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

export interface Clock {
  now(): Date;
}

/**
 * What a reactor's runner lends it while it handles an event: a pause that ends early when the
 * process stops, and whether it has. The runner does not move its checkpoint past an event
 * handled while stopping.
 */
export interface ReactorControl {
  pause(ms: number): Promise<void>;
  stopped(): boolean;
}

export interface IdGenerator {
  /** A UUID naming something new: time-ordered (v7) in production (decision 482); a name, never a secret. */
  uuid(): string;
  /** A url-safe random token of at least 128 bits. */
  token(): string;
}

/** One-way digests, so tokens and personal keys are stored and compared hashed. */
export interface Hashing {
  /** SHA-256 of the UTF-8 text, as 64 lower-case hex digits. */
  sha256Hex(text: string): string;
}

/** A plain-text mail; what it says is chosen where things are presented (the web app's mail templates). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: MailMessage): Promise<void>;
}

/**
 * Pictures and other payloads that do not belong in events: stored once, content-addressed
 * (the id is the SHA-256 hex of the bytes), referenced by id from events. Every stored blob has
 * owners, `(kind, owner)` pairs such as `('reservation-image', 'session:…')`: the context that
 * stores a kind decides who may read it from its owners (see docs/decisions/032-blob-store.md).
 */
export interface BlobStore {
  /**
   * Stores the bytes (or finds them already stored) and records the owner. Refuses bytes that
   * are not a PNG, JPEG or WebP by their magic bytes (`blob_type_refused`) or that are larger
   * than the store's cap (`blob_too_large`), as a DomainError.
   */
  put(input: { bytes: Uint8Array; kind: string; owner: string }): Promise<BlobInfo>;
  /** Adds an owner to a stored blob; false when there is no such blob. */
  addOwner(id: string, kind: string, owner: string): Promise<boolean>;
  /** The owners of a blob for one kind (empty for an unknown id). */
  owners(id: string, kind: string): Promise<string[]>;
  read(id: string): Promise<(BlobInfo & { bytes: Uint8Array }) | null>;
  /** Deletes the blobs and their owners (a forgotten guest's pictures, decisions 180–186); unknown ids are passed over. */
  remove(ids: readonly string[]): Promise<void>;
}

export interface BlobInfo {
  /** SHA-256 hex of the bytes. */
  id: string;
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp';
  size: number;
}

export type BlobErrorCode = 'blob_type_refused' | 'blob_too_large';

/** A blob id: the SHA-256 hex of its bytes. */
export const isBlobId = (value: string): boolean => /^[0-9a-f]{64}$/.test(value);

/** Structured logging (pino's shape), for what a service must report but not fail on. */
export interface Logger {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
