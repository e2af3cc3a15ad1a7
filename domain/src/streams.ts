import type { z } from 'zod';
import type { RecordedEvent } from './ports';

/**
 * Stream names and event parsing, shared by every context. Each context owns its names
 * (`toStreamName` / `fromStreamName` beside its events) and its event schemas; this module only
 * holds the rules all of them follow. See docs/decisions/030-stream-names-and-event-schemas.md.
 *
 * A name is `{category}-{part}~{part}…`: the category comes before the first `-` (KurrentDB's
 * `$by_category` groups by exactly that), the parts are ids, kinds and dates. Ids use letters,
 * digits and `_ . : -` (catalog `recordIdSchema`), so `~` can never occur inside a part and a
 * name always splits back into the parts it was made of.
 */
const STREAM_PART_SEPARATOR = '~';
const DASH = '-'.charCodeAt(0);

export function streamName(category: string, ...parts: string[]): string {
  if (category.includes('-') || category.includes(STREAM_PART_SEPARATOR)) throw new Error(`not a stream category: ${category}`);
  for (const part of parts) if (part === '' || part.includes(STREAM_PART_SEPARATOR)) throw new Error(`not a stream name part: ${part}`);
  return `${category}-${parts.join(STREAM_PART_SEPARATOR)}`;
}

/** A stream's category: the name before its first `-` (the whole name when it has none). */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}

/** The parts of a name of this category, or null for a stream of another category or shape. */
export function streamParts(category: string, streamId: string, count: number): string[] | null {
  // Asked of every event by projectors' `handles`: no string is made for a name of another category.
  if (!streamId.startsWith(category) || streamId.charCodeAt(category.length) !== DASH) return null;
  const parts = streamId.slice(category.length + 1).split(STREAM_PART_SEPARATOR);
  return parts.length === count && parts.every((p) => p !== '') ? parts : null;
}

/** `{ type, data }` for each event type of a schema table: the union a decider evolves with. */
export type EventsOf<Schemas extends Record<string, z.ZodType>> = {
  [Type in keyof Schemas & string]: { type: Type; data: z.output<Schemas[Type]> };
}[keyof Schemas & string];

export type EventParser<Event> = (event: Pick<RecordedEvent, 'type' | 'data'>) => Event | null;

/**
 * Reads recorded events of one context: selects by type (null for any other type, so a reader
 * can be handed every event of the store), validates the data with the type's zod schema and
 * upcasts events stored under an older name. Schemas may only grow backward-compatibly (new
 * fields with defaults), so an event written by an older release parses into today's shape.
 */
export function eventParser<Schemas extends Record<string, z.ZodType>>(
  schemas: Schemas,
  /** Old type names, read as the current one: `{ ConfirmationMailSent: 'ConfirmationLinkIssued' }`. */
  renamed: Readonly<Record<string, keyof Schemas & string>> = {},
): EventParser<EventsOf<Schemas>> {
  return (event) => {
    const type = Object.hasOwn(renamed, event.type) ? renamed[event.type]! : event.type;
    if (!Object.hasOwn(schemas, type)) return null;
    return { type, data: schemas[type]!.parse(event.data) } as EventsOf<Schemas>;
  };
}
