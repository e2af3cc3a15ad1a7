import { z } from 'zod';
import type { CommandContext } from '@moncafe/domain/command-handler';
import { type CatalogKind } from '@moncafe/domain/catalog/registry';
import { supplierSchema } from '@moncafe/domain/purchasing/kinds';
import { type recipeSchema, type serveMethodSchema } from '@moncafe/domain/staff-guide/kinds';
import { orderedKinds } from '@moncafe/domain/catalog/display-order';
import type { Application } from '@moncafe/domain/application';
import { jsonCall } from '#app/http/json.server';
import type { FieldLabels } from '#app/http/field-errors';
import { actingUser, catalogErrors, recordRefusal, removeBody } from './calls.server';
import { adminStaffFieldLabels } from './texts';

/**
 * The admin editors' writes for the staff area's reference data (order rules, suppliers,
 * purchase items, checklist tasks, recipes, serve methods), alike for every kind:
 *
 *   POST   /api/<list>        {…record}         → a new record (a new id)
 *   PUT    /api/<list>/{id}   {…record}         → the record replaced
 *   DELETE /api/<list>/{id}   {"remove": true}  → the record removed
 *   POST   /api/admin/display-order {kind, ids} → the list in this order
 *
 * A refused record names its field by the editor's label (`labels`, the staff editors' by default).
 * Each is one service call: the catalog's save, or the kind's own (suppliers seal passwords,
 * recipes check their photos). The route table lets admins only write.
 */
type Save<D> = (services: Application, record: { id: string; data: D }, context: CommandContext) => Promise<{ position: number | null }>;

function catalogSave<D>(kind: CatalogKind): Save<D> {
  return (services, record, context) => services.catalog.save({ kind, id: record.id, data: record.data as never }, context);
}

const storeOf = (data: unknown) => (data as { store_id?: string }).store_id ?? null;

/** POST: a new record of this kind; answers its id. */
export function createCall<S extends z.ZodType>(
  kind: CatalogKind,
  schema: S,
  save: Save<z.output<S>> = catalogSave(kind),
  labels: FieldLabels = adminStaffFieldLabels,
) {
  return jsonCall({
    body: schema,
    maxBodyBytes: 256 * 1024,
    errors: { ...catalogErrors, invalid_record: recordRefusal(labels) },
    labels,
    async handle(input) {
      const { context } = await actingUser(input, storeOf(input.body));
      const id = input.runtime.ids.uuid();
      const result = await save(input.services, { id, data: input.body as z.output<S> }, context);
      await input.readYourWrites(result.position);
      return { success: true, id };
    },
  });
}

/** PUT replaces the record `{id}`; DELETE `{remove: true}` removes it. */
export function itemCall<S extends z.ZodType>(
  kind: CatalogKind,
  schema: S,
  save: Save<z.output<S>> = catalogSave(kind),
  labels: FieldLabels = adminStaffFieldLabels,
) {
  return jsonCall({
    methods: ['PUT', 'DELETE'],
    body: z.union([removeBody, schema]),
    maxBodyBytes: 256 * 1024,
    errors: { ...catalogErrors, invalid_record: recordRefusal(labels) },
    labels,
    async handle(input) {
      const id = input.params.id ?? '';
      const body = input.body as { remove: true } | z.output<S>;
      const { context } = await actingUser(input, storeOf(body));
      const result =
        body && typeof body === 'object' && 'remove' in body && body.remove === true
          ? await input.services.catalog.remove({ kind, id }, context)
          : await save(input.services, { id, data: body as z.output<S> }, context);
      await input.readYourWrites(result.position);
      return { success: true };
    },
  });
}

export const displayOrderBody = z.object({ kind: z.enum(orderedKinds), ids: z.array(z.string().min(1).max(120)).min(1).max(500) });

/** A supplier as the admin sends it: the password in clear (sealed by the service), left out to keep the stored one. */
export const supplierBody = supplierSchema.omit({ password_sealed: true }).extend({ password: z.string().max(200).nullable().optional() });
export const saveSupplier: Save<z.output<typeof supplierBody>> = (services, record, context) => services.suppliers.save(record, context);
export const saveRecipe: Save<z.output<typeof recipeSchema>> = (services, record, context) => services.staffGuides.saveRecipe(record, context);
export const saveServeMethod: Save<z.output<typeof serveMethodSchema>> = (services, record, context) => services.staffGuides.saveServeMethod(record, context);
