import { z } from 'zod';
import type { RecordedEvent } from '../ports';
import { streamName, streamParts } from '../streams';
import { recordIdSchema } from './kinds';
import { catalogKinds, catalogSchemas, type CatalogData, type CatalogKind } from './registry';

/**
 * The catalog's events and stream names: one stream per record, `catalog-{kind}~{id}`. (Before
 * decision 030 it was `catalog-{kind}-{id}`, where a menu `option-1` and the menu-option `1`
 * shared the name `catalog-menu-option-1`.)
 */
export const CATALOG_CATEGORY = 'catalog';

const catalogKindSchema = z.enum(catalogKinds as [CatalogKind, ...CatalogKind[]]);

export function toStreamName(kind: CatalogKind, id: string): string {
  return streamName(CATALOG_CATEGORY, kind, id);
}

export function fromStreamName(streamId: string): { kind: CatalogKind; id: string } | null {
  const parts = streamParts(CATALOG_CATEGORY, streamId, 2);
  if (!parts) return null;
  const kind = catalogKindSchema.safeParse(parts[0]);
  return kind.success ? { kind: kind.data, id: parts[1]! } : null;
}

type KindUnion<T> = { [K in CatalogKind]: T & { kind: K; data: CatalogData<K> } }[CatalogKind];
type KindIdUnion = { [K in CatalogKind]: { kind: K; id: string } }[CatalogKind];

/** `data` is narrowed by `kind`: `if (e.data.kind === 'seat') e.data.data.max_people`. */
export type RecordSaved = { type: 'RecordSaved'; data: KindUnion<{ id: string }> };
export type RecordRemoved = { type: 'RecordRemoved'; data: KindIdUnion };
export type CatalogEvent = RecordSaved | RecordRemoved;

const envelopeSchemas = {
  RecordSaved: z.object({ kind: catalogKindSchema, id: recordIdSchema, data: z.unknown() }),
  RecordRemoved: z.object({ kind: catalogKindSchema, id: recordIdSchema }),
};

/**
 * Reads a recorded event as a catalog event, or null when it belongs to another context.
 * Saved data is parsed again with the kind's current schema, so defaults added since the
 * event was written are filled in for every reader.
 */
export function parseCatalogEvent(
  event: Pick<RecordedEvent, 'type' | 'data'>,
  /** Only these kinds (others answer null without being parsed). */
  kinds?: readonly CatalogKind[],
): CatalogEvent | null {
  if (event.type !== 'RecordSaved' && event.type !== 'RecordRemoved') return null;
  // A kind this release does not know (written by a newer one) is not ours to read.
  const kind = catalogKindSchema.safeParse((event.data as { kind?: unknown } | null)?.kind);
  if (!kind.success || (kinds && !kinds.includes(kind.data))) return null;
  if (event.type === 'RecordRemoved') return { type: 'RecordRemoved', data: envelopeSchemas.RecordRemoved.parse(event.data) as RecordRemoved['data'] };
  const data = envelopeSchemas.RecordSaved.parse(event.data);
  const parsed: CatalogData = catalogSchemas[data.kind].parse(data.data);
  return { type: 'RecordSaved', data: { kind: data.kind, id: data.id, data: parsed } as RecordSaved['data'] };
}
