/**
 * The ports the domain is written against. Adapters live in `infra/`; the domain never
 * imports a driver, reads the wall clock or makes a random id on its own.
 */

/** Who caused an event: an account id, or `customer` for an anonymous guest, or `system`. */
export type Actor = string;

export interface EventMetadata {
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  storeId: string | null;
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

/**
 * True for a revision conflict from any copy of this module. The built web server bundles the
 * domain while the runtime's event store is loaded from source, so the error can come from a
 * different copy of the class than the one `instanceof` compares with; its name still matches.
 */
export function isWrongExpectedRevision(error: unknown): error is WrongExpectedRevisionError {
  return error instanceof WrongExpectedRevisionError || (error instanceof Error && error.name === 'WrongExpectedRevisionError');
}

export interface ReadAllOptions {
  /** Exclusive: read events whose position is greater than this. 0 (or omitted) reads from the start. */
  after?: number;
  maxCount?: number;
}

export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  appendToStream(streamId: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** Events of one stream in revision order; an empty array for a stream that does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
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

export interface IdGenerator {
  /** A random UUID (v4). */
  uuid(): string;
  /** A url-safe random token of at least 128 bits. */
  token(): string;
}
