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

/** Resolving acknowledges the message; rejecting has it delivered again later. */
export type BusHandler = (message: BusMessage) => Promise<void>;

/** For live screens: called for each message as it passes; errors are the listener's own business. */
export type BusListener = (message: BusMessage) => void;

export interface BusSubscription {
  /** Stops delivery. A message whose handler is running is still acknowledged when it resolves. */
  close(): Promise<void>;
}

export interface Bus {
  /** Idempotent by event id: publishing the same event again (e.g. after a relay restart) delivers it once. */
  publish(event: RecordedEvent, previousPosition: number): Promise<void>;
  /**
   * A durable consumer: delivers in publish order, one message at a time, and acknowledges a
   * message only after `handler` resolves. It remembers its place across restarts under
   * `durableName`. A consumer that does not exist yet starts with the next message published;
   * earlier events are read from the event store by whoever needs them.
   */
  consume(durableName: string, handler: BusHandler): Promise<BusSubscription>;
  /** An ephemeral listener that starts "now": for live screens, never for read models. */
  follow(listener: BusListener): Promise<BusSubscription>;
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
