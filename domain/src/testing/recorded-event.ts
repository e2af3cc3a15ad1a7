import type { DomainEvent, EventMetadata, RecordedEvent } from '../ports';

/**
 * A recorded event for projector and live-message tests: the event as a decider produced it,
 * with the envelope the store adds (position, stream, metadata) filled with plain defaults.
 */
export function recordedEvent(event: DomainEvent, envelope: Partial<Omit<RecordedEvent, 'type' | 'data'>> = {}): RecordedEvent {
  const position = envelope.position ?? 1;
  const metadata: EventMetadata = { correlationId: 'test', causationId: null, actor: 'system', storeId: null, ...envelope.metadata };
  return {
    eventId: envelope.eventId ?? `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId: envelope.streamId ?? 'test',
    revision: envelope.revision ?? 0,
    position,
    type: event.type,
    data: event.data,
    metadata,
    recordedAt: envelope.recordedAt ?? new Date(0),
  };
}
