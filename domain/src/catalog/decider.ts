import type { z } from 'zod';
import { assertNever, DomainError, type Decider } from '../decider';
import { parseCatalogEvent, type CatalogEvent, type RecordRemoved, type RecordSaved } from './events';
import { isOneLineName } from '../text';
import { isCatalogRule, recordIdSchema, type CatalogRule } from './kinds';
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

/**
 * One problem with a record. `message` is the schema's own words where the schema gives some (the
 * spec's, for that field). Where it gives none, `check` says what failed — zod's issue code with
 * its bound, a rule that spans fields (`custom` with `rule`, kinds.ts `CATALOG_RULES`), or the
 * catalog's own checks (`one_line_name`, `canonical_id`) — and `message` is only for the log (the
 * rule's code, or zod's issue code): the web's edge words the check in the screen's language
 * (`catalogIssueText`, apps/web/app/http/field-errors.ts), so no English reaches an admin.
 */
export interface CatalogIssue {
  path: (string | number)[];
  message: string;
  check?: CatalogCheck;
}

export interface CatalogCheck {
  code: string;
  /** What was checked (`string`, `number`, `array`…), with `too_big` and `too_small`. */
  origin?: string;
  maximum?: number;
  minimum?: number;
  /** `invalid_type` of a value that was not sent at all. */
  missing?: boolean;
  /** `custom`: the catalog's rule that failed (decision 484). */
  rule?: CatalogRule;
}

/** What a parse's error map answers where the schema has no words of its own: the mark of a bare check. */
const UNWORDED = '\u0000unworded';

function issueOf(issue: z.core.$ZodIssue): CatalogIssue {
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (issue.message !== UNWORDED) return { path, message: issue.message };
  const rule = issue.code === 'custom' ? issue.params?.['rule'] : undefined;
  if (isCatalogRule(rule)) return { path, message: rule, check: { code: 'custom', rule } };
  const bound = issue as { origin?: unknown; maximum?: unknown; minimum?: unknown; input?: unknown };
  const check: CatalogCheck = {
    code: issue.code,
    ...(typeof bound.origin === 'string' ? { origin: bound.origin } : {}),
    ...(bound.maximum !== undefined ? { maximum: Number(bound.maximum) } : {}),
    ...(bound.minimum !== undefined ? { minimum: Number(bound.minimum) } : {}),
    ...(issue.code === 'invalid_type' ? { missing: bound.input === undefined || bound.input === null } : {}),
  };
  return { path, message: issue.code, check };
}

/** Parses with the bare checks marked, and their input kept to tell a missing value from a wrong one. */
const markBareChecks = { error: () => UNWORDED, reportInput: true } as const;

function invalid(kind: CatalogKind, id: string, issues: CatalogIssue[]): DomainError<CatalogErrorCode> {
  return new DomainError('invalid_record', `invalid ${kind} ${id}: ${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`, {
    kind,
    id,
    issues,
  });
}

/** Validates a record's id and data for its kind; answers the data with defaults filled in. */
export function parseRecord<K extends CatalogKind>(kind: K, id: string, data: unknown): CatalogData<K> {
  const idResult = recordIdSchema.safeParse(id, markBareChecks);
  if (!idResult.success)
    throw invalid(
      kind,
      id,
      idResult.error.issues.map((i) => ({ ...issueOf(i), path: ['id'] })),
    );
  const result = catalogSchemas[kind].safeParse(data, markBareChecks);
  if (!result.success) throw invalid(kind, id, result.error.issues.map(issueOf));
  const parsed = result.data as CatalogData<K>;
  const names = nameFieldsOf(kind).flatMap((path) => valuesAt(parsed, path.split('.'), []));
  const badNames = names.filter(({ value }) => typeof value === 'string' && !isOneLineName(value));
  if (badNames.length > 0)
    throw invalid(
      kind,
      id,
      badNames.map(({ path }) => ({ path, message: ONE_LINE_NAME, check: { code: 'one_line_name' } })),
    );
  const canonical = canonicalRecordId(kind, parsed);
  if (canonical !== null && canonical !== id) {
    throw invalid(kind, id, [{ path: ['id'], message: `a ${kind} record for this data must have id ${canonical}`, check: { code: 'canonical_id' } }]);
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
