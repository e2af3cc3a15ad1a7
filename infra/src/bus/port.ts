import type { RecordedEvent } from '@moncafe/domain/ports';

/**
 * The bus between the relay and everything that reacts to events (projectors, live screens).
 * Two adapters keep this shape: NATS JetStream (several processes) and memory (one process).
 */

/** What travels on the bus: the event and the position of the event recorded just before it. */
export interface BusMessage {
  event: RecordedEvent;
  /**
   * Global position of the event before this one (0 for the first). A consumer whose checkpoint
   * is below it has missed something and reads the gap from the event store: positions may
   * have holes, so `position - 1` would not tell.
   */
  previousPosition: number;
}

/**
 * Receives consecutive messages of a durable consumer, in publish order, as many as have
 * arrived (up to the consumer's batch size). Resolving acknowledges all of them; rejecting has
 * all of them delivered again later.
 */
export type BusHandler = (messages: readonly BusMessage[]) => Promise<void>;

/** For live screens: called for each message as it passes; errors are the listener's own business. */
export type BusListener = (message: BusMessage) => void;

export interface ConsumeOptions {
  /** Most messages handed to the handler at once (default 500). */
  maxBatch?: number;
}

/** Default batch size of a durable consumer. */
export const DEFAULT_MAX_BATCH = 500;

export interface BusSubscription {
  /** Stops delivery. A batch whose handler is running is still acknowledged when it resolves. */
  close(): Promise<void>;
}

export interface Bus {
  /** Idempotent by event id: publishing the same event again (e.g. after a relay restart) delivers it once. */
  publish(event: RecordedEvent, previousPosition: number): Promise<void>;
  /**
   * A durable consumer: delivers in publish order, in batches of what has arrived, with more
   * than one message in flight, and acknowledges messages only after `handler` resolves. It
   * remembers its place across restarts under `durableName`. A consumer that does not exist yet
   * starts with the next message published; earlier events are read from the event store by
   * whoever needs them. A batch delivered again after a failure may come after later messages
   * (NATS): handlers skip what they have seen and read gaps from the event store.
   */
  consume(durableName: string, handler: BusHandler, options?: ConsumeOptions): Promise<BusSubscription>;
  /** An ephemeral listener that starts "now": for live screens, never for read models. */
  follow(listener: BusListener): Promise<BusSubscription>;
  /** Whether the bus is reachable now (false while NATS is away and the client reconnects); /readyz reads it. */
  connected?(): boolean;
  close(): Promise<void>;
}

/** Subject token: NATS forbids `.`, `*`, `>` and whitespace inside one. */
function token(value: string): string {
  const cleaned = value.replace(/[^A-Za-z0-9_-]/g, '_');
  return cleaned === '' ? '_' : cleaned;
}

/**
 * `<prefix>.<storeId or _>.<context>.<EventType>`; the context is the stream id's first
 * segment (`catalog` of `catalog-store-1`), so subscribers can filter by store and context.
 */
export function subjectOf(event: RecordedEvent, prefix = 'cafe'): string {
  const context = event.streamId.split('-')[0] ?? event.streamId;
  return `${prefix}.${token(event.metadata.storeId ?? '_')}.${token(context)}.${token(event.type)}`;
}
