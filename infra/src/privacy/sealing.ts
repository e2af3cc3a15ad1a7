import type { AppendResult, EventStore, NewEvent, RecordedEvent, Subscription } from '@moncafe/domain/ports';
import { ERASED_FIELD, ERASED_TEXT, type PersonalData, type PersonalFieldKind } from '@moncafe/domain/privacy/personal-data';
import { categoryOf } from '@moncafe/domain/streams';
import type { Bus, BusMessage } from '../bus/port';
import type { DataKey, PersonalKeyStore } from './personal-keys';

/**
 * The one layer where personal fields are sealed and opened (decision 180). On append, each field
 * a context declares personal (`PersonalData`, beside its events) becomes `pd1.` + the value's JSON
 * sealed with the key of the event's stream; on read it is opened again, or — when the key was
 * destroyed — becomes the field's erased value. Everything above the event store and the bus sees
 * plain values; the `events` table, the bus's stream and every export see only sealed text.
 */
const SEALED_PREFIX = 'pd1.';

export interface PersonalDataSealer {
  /** The events with their declared personal fields sealed with their subject's key (events of other contexts as they are). */
  seal(streamId: string, events: readonly NewEvent[]): Promise<NewEvent[]>;
  open<E extends RecordedEvent>(events: readonly E[]): Promise<E[]>;
  /** The declared personal fields of one event's data (dotted path → kind), or null. */
  fieldsOf(streamId: string, type: string): Readonly<Record<string, PersonalFieldKind>> | null;
}

export function personalDataSealer(deps: { declarations: readonly PersonalData[]; keys: PersonalKeyStore }): PersonalDataSealer {
  const byCategory = new Map(deps.declarations.map((d) => [d.category, d]));
  const fieldsOf = (streamId: string, type: string) => {
    const events = byCategory.get(categoryOf(streamId))?.events;
    return events && Object.hasOwn(events, type) ? events[type]! : null;
  };
  /** Whose key an event's fields are sealed with: its stream's, or the person its declaration names (decision 517). */
  const subjectOf = (streamId: string, event: { type: string; data: unknown }) =>
    byCategory.get(categoryOf(streamId))?.subjectOf?.(event.type, event.data) ?? streamId;
  const erasedValue = (kind: PersonalFieldKind): unknown => (kind === 'text' ? ERASED_TEXT : kind === 'none' ? null : {});

  function rewrite(data: unknown, fields: Readonly<Record<string, PersonalFieldKind>>, change: (value: unknown, kind: PersonalFieldKind) => unknown) {
    let copy: unknown = data;
    for (const [path, kind] of Object.entries(fields)) {
      const value = valueAt(copy, path);
      if (value === undefined || value === null) continue;
      const next = change(value, kind);
      if (next === value) continue;
      if (copy === data) copy = structuredClone(data);
      setAt(copy, path, next);
    }
    return copy;
  }

  return {
    fieldsOf,
    async seal(streamId, events) {
      if (!events.some((e) => fieldsOf(streamId, e.type))) return [...events];
      const subjects = [...new Set(events.filter((e) => fieldsOf(streamId, e.type)).map((e) => subjectOf(streamId, e)))];
      const keys = new Map(await Promise.all(subjects.map(async (s) => [s, await deps.keys.obtain(s)] as const)));
      return events.map((event) => {
        const fields = fieldsOf(streamId, event.type);
        if (!fields) return event;
        const key = keys.get(subjectOf(streamId, event))!;
        const data = rewrite(event.data, fields, (value) => {
          if (value === ERASED_FIELD || isSealed(value)) return value;
          return key === 'erased' ? ERASED_FIELD : SEALED_PREFIX + key.seal(JSON.stringify(value));
        });
        return data === event.data ? event : { ...event, data };
      });
    },
    async open(events) {
      const subjects = [...new Set(events.filter((e) => fieldsOf(e.streamId, e.type)).map((e) => subjectOf(e.streamId, e)))];
      if (subjects.length === 0) return [...events];
      const keys = await deps.keys.find(subjects);
      return events.map((event) => {
        const fields = fieldsOf(event.streamId, event.type);
        if (!fields) return event;
        const data = rewrite(event.data, fields, (value, kind) => {
          if (value === ERASED_FIELD) return erasedValue(kind);
          if (!isSealed(value)) return value;
          return openWith(keys.get(subjectOf(event.streamId, event)), value, kind);
        });
        return data === event.data ? event : { ...event, data };
      });
    },
  };

  function openWith(key: DataKey | undefined, sealed: string, kind: PersonalFieldKind): unknown {
    if (key === 'erased') return erasedValue(kind);
    if (key) {
      try {
        return JSON.parse(key.open(sealed.slice(SEALED_PREFIX.length)));
      } catch {
        // A wrong SECRETS_KEY or a damaged value: unreadable, as without the key.
      }
    }
    // No key here (an export imported without the keys): a text stays sealed; a shape the
    // schemas need (options, a hash) reads as its erased value.
    return kind === 'text' ? sealed : erasedValue(kind);
  }
}

const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(SEALED_PREFIX);

function valueAt(data: unknown, path: string): unknown {
  let at: unknown = data;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function setAt(data: unknown, path: string, value: unknown) {
  const parts = path.split('.');
  let at = data as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) at = at[part] as Record<string, unknown>;
  at[parts.at(-1)!] = value;
}

/**
 * The event store as every use case and projector sees it: personal fields plain, stored sealed.
 * Every read method is listed here: one passed through by the spread would hand out sealed text.
 */
export function sealingEventStore(inner: EventStore, sealer: PersonalDataSealer): EventStore {
  return {
    ...inner,
    async appendToStream(streamId, events, options): Promise<AppendResult> {
      return inner.appendToStream(streamId, await sealer.seal(streamId, events), options);
    },
    async readStream(streamId, options) {
      return sealer.open(await inner.readStream(streamId, options));
    },
    async readEvents(at) {
      // Opened as one batch (one key lookup for all); a place without an event stays null.
      const found = await inner.readEvents(at);
      const opened = await sealer.open(found.filter((e): e is RecordedEvent => e !== null));
      let next = 0;
      return found.map((e) => (e === null ? null : opened[next++]!));
    },
    async readStreams(from) {
      // Opened as one batch, then handed back by stream.
      const read = await inner.readStreams(from);
      const opened = await sealer.open([...read.values()].flat());
      let next = 0;
      return new Map([...read].map(([streamId, events]) => [streamId, events.map(() => opened[next++]!)]));
    },
    async readAll(options) {
      return sealer.open(await inner.readAll(options));
    },
    subscribeToAll(options): Subscription {
      const source = inner.subscribeToAll(options);
      return {
        close: () => source.close(),
        async *[Symbol.asyncIterator]() {
          for await (const event of source) yield (await sealer.open([event]))[0]!;
        },
      };
    },
  };
}

/**
 * The bus carries events as the store holds them (the relay publishes sealed fields, so NATS
 * keeps no plaintext); consumers and listeners get them opened, in the order they arrived.
 */
export function openingBus(inner: Bus, sealer: PersonalDataSealer): Bus {
  const openMessages = async (messages: readonly BusMessage[]) => {
    const events = await sealer.open(messages.map((m) => m.event));
    return messages.map((m, i) => ({ ...m, event: events[i]! }));
  };
  return {
    ...inner,
    publish: (event, previous) => inner.publish(event, previous),
    consume: (name, handler, options) => inner.consume(name, async (messages) => handler(await openMessages(messages)), options),
    follow(listener) {
      let queue = Promise.resolve();
      return inner.follow((message) => {
        queue = queue.then(async () => listener((await openMessages([message]))[0]!)).catch(() => undefined);
      });
    },
    close: () => inner.close(),
  };
}
