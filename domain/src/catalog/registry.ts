import type { z } from 'zod';
import { attendanceKinds } from '../attendance/kinds';
import { billingKinds } from '../billing/kinds';
import { checklistKinds } from '../checklist/kinds';
import { notificationKinds } from '../notification/kinds';
import { orderKinds } from '../order/kinds';
import { purchasingKinds } from '../purchasing/kinds';
import { reservationKinds } from '../reservation/kinds';
import { shiftKinds } from '../shift/kinds';
import { siteSettingsKinds } from '../site-settings/kinds';
import { staffGuideKinds } from '../staff-guide/kinds';
import { catalogOwnKinds, type KindRegistration } from './kinds';

/**
 * Every kind of reference data the admin area edits, gathered from the contexts that own them
 * (each context's `kinds.ts`): the catalog's events and decider know kinds only through here.
 * A kind's name is part of its events' stream names, so a kind keeps its name when it moves.
 */
const registrations = {
  ...catalogOwnKinds,
  ...reservationKinds,
  ...siteSettingsKinds,
  ...shiftKinds,
  ...checklistKinds,
  ...purchasingKinds,
  ...staffGuideKinds,
  ...orderKinds,
  ...notificationKinds,
  ...attendanceKinds,
  ...billingKinds,
} satisfies Record<string, KindRegistration>;

export type CatalogKind = keyof typeof registrations;

type Registrations = { readonly [K in CatalogKind]: KindRegistration<(typeof registrations)[K]['schema']> };
const registry: Registrations = registrations;

/** The zod schema of each kind. */
export const catalogSchemas = Object.fromEntries(Object.entries(registrations).map(([kind, r]) => [kind, r.schema])) as {
  readonly [K in CatalogKind]: (typeof registrations)[K]['schema'];
};

export const catalogKinds = Object.keys(registrations) as CatalogKind[];

/** The data of a record of kind K as stored in events (defaults filled in). */
export type CatalogData<K extends CatalogKind = CatalogKind> = z.output<(typeof catalogSchemas)[K]>;
/** What a caller may send for kind K (fields with defaults may be left out). */
export type CatalogInput<K extends CatalogKind = CatalogKind> = z.input<(typeof catalogSchemas)[K]>;

export function isCatalogKind(value: string): value is CatalogKind {
  return Object.hasOwn(registrations, value);
}

/** The names and one-line labels of kind K that an admin types (see `KindRegistration`). */
export function nameFieldsOf(kind: CatalogKind): readonly string[] {
  return registry[kind].nameFields ?? [];
}

/** The id a record of kind K must have when its id follows from its data, else null (see `KindRegistration`). */
export function canonicalRecordId<K extends CatalogKind>(kind: K, data: CatalogData<K>): string | null {
  const registration = registry[kind] as KindRegistration<(typeof registrations)[K]['schema']>;
  return registration.recordId ? registration.recordId(data) : null;
}
