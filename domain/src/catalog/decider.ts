import { assertNever, DomainError, type Decider } from '../decider';
import { parseCatalogEvent, type CatalogEvent, type RecordRemoved, type RecordSaved } from './events';
import { isOneLineName } from '../text';
import { recordIdSchema } from './kinds';
import { canonicalRecordId, catalogSchemas, nameFieldsOf, type CatalogData, type CatalogKind } from './registry';

/**
 * One generic decider for every kind of reference data: a record is saved (created or
 * replaced as a whole) or removed. Stream: `catalog-{kind}~{id}` (events.ts).
 */

export type SaveRecord = { type: 'SaveRecord'; kind: CatalogKind; id: string; data: unknown };
export type RemoveRecord = { type: 'RemoveRecord'; kind: CatalogKind; id: string };
export type CatalogCommand = SaveRecord | RemoveRecord;

export type CatalogState =
  { status: 'empty' } | { status: 'saved'; kind: CatalogKind; id: string; data: unknown } | { status: 'removed'; kind: CatalogKind; id: string };

export type CatalogErrorCode = 'invalid_record' | 'not_found';

export interface CatalogIssue {
  path: (string | number)[];
  message: string;
}

function invalid(kind: CatalogKind, id: string, issues: CatalogIssue[]): DomainError<CatalogErrorCode> {
  return new DomainError('invalid_record', `invalid ${kind} ${id}: ${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`, {
    kind,
    id,
    issues,
  });
}

/** Validates a record's id and data for its kind; answers the data with defaults filled in. */
export function parseRecord<K extends CatalogKind>(kind: K, id: string, data: unknown): CatalogData<K> {
  const idResult = recordIdSchema.safeParse(id);
  if (!idResult.success)
    throw invalid(
      kind,
      id,
      idResult.error.issues.map((i) => ({ path: ['id'], message: i.message })),
    );
  const result = catalogSchemas[kind].safeParse(data);
  if (!result.success) {
    throw invalid(
      kind,
      id,
      result.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message })),
    );
  }
  const parsed = result.data as CatalogData<K>;
  const names = nameFieldsOf(kind).flatMap((path) => valuesAt(parsed, path.split('.'), []));
  const badNames = names.filter(({ value }) => typeof value === 'string' && !isOneLineName(value));
  if (badNames.length > 0)
    throw invalid(
      kind,
      id,
      badNames.map(({ path }) => ({ path, message: ONE_LINE_NAME })),
    );
  const canonical = canonicalRecordId(kind, parsed);
  if (canonical !== null && canonical !== id) {
    throw invalid(kind, id, [{ path: ['id'], message: `a ${kind} record for this data must have id ${canonical}` }]);
  }
  return parsed;
}

const ONE_LINE_NAME = 'one line, without control or bidirectional-override characters';

/** The values at a dotted path (`choices.*.label`), each with its full path. */
function valuesAt(value: unknown, path: string[], at: (string | number)[]): { path: (string | number)[]; value: unknown }[] {
  const [head, ...rest] = path;
  if (head === undefined) return [{ path: at, value }];
  if (head === '*') return Array.isArray(value) ? value.flatMap((item, i) => valuesAt(item, rest, [...at, i])) : [];
  if (value === null || typeof value !== 'object') return [];
  return valuesAt((value as Record<string, unknown>)[head], rest, [...at, head]);
}

/** Key-order-independent equality of JSON data, so re-saving what is stored appends nothing. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function decide(command: CatalogCommand, state: CatalogState): CatalogEvent[] {
  switch (command.type) {
    case 'SaveRecord': {
      const data = parseRecord(command.kind, command.id, command.data);
      if (state.status === 'saved' && canonicalJson(state.data) === canonicalJson(data)) return [];
      return [{ type: 'RecordSaved', data: { kind: command.kind, id: command.id, data } as RecordSaved['data'] }];
    }
    case 'RemoveRecord': {
      if (state.status !== 'saved') {
        throw new DomainError<CatalogErrorCode>('not_found', `no ${command.kind} ${command.id}`, { kind: command.kind, id: command.id });
      }
      return [{ type: 'RecordRemoved', data: { kind: command.kind, id: command.id } as RecordRemoved['data'] }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: CatalogState, event: CatalogEvent): CatalogState {
  switch (event.type) {
    case 'RecordSaved':
      return { status: 'saved', kind: event.data.kind, id: event.data.id, data: event.data.data };
    case 'RecordRemoved':
      return { status: 'removed', kind: event.data.kind, id: event.data.id };
    default:
      return assertNever(event);
  }
}

export const catalogDecider: Decider<CatalogState, CatalogCommand, CatalogEvent> = {
  initialState: () => ({ status: 'empty' }),
  evolve,
  decide,
  parseEvent: (event) => parseCatalogEvent(event),
};
