import { z } from 'zod';
import type { CatalogIssue } from '@moncafe/domain/catalog/decider';
import { catalogRule, menuSchema, menuOptionTypeSchema, recordIdSchema } from '@moncafe/domain/catalog/kinds';
import type { DomainError } from '@moncafe/domain/decider';
import { refuse, type ErrorTable } from '#app/http/json.server';
import { catalogIssueText, labelOf } from '#app/http/field-errors';
import { fieldTexts } from '#app/http/texts';
import { fieldLabels, menuEditorTexts as t } from './texts';

/**
 * What the menu editor's calls share (/api/admin/menu-items/…, /api/admin/menu-images): bodies,
 * the id in the path, and the words for each refusal. Writes are admin only (route table).
 */

/** The body of a removal: `DELETE` with `{ "remove": true }` (as the staff area's editors). */
export const removeBody = z.object({ remove: z.literal(true) });

export const menuBody = menuSchema;

const choiceBody = z.object({
  id: recordIdSchema.optional(),
  label: z.string().trim().min(1).max(100),
  extra_price: z.int().min(0).max(10_000_000).default(0),
});

export const optionBody = z
  .object({
    label: z.string().trim().min(1).max(100),
    type: menuOptionTypeSchema,
    required: z.boolean().default(false),
    choices: z.array(choiceBody).max(100).default([]),
    display_order: z.int().min(0).max(1_000_000).default(0),
  })
  .refine((o) => !['radio', 'select'].includes(o.type) || o.choices.length > 0, catalogRule('choices_needed', 'choices'));

export const dependencyBody = z
  .object({
    parent_option_id: recordIdSchema,
    child_option_id: recordIdSchema,
    parent_value: z.string().max(200).nullable().default(null),
    parent_choice_value: z.string().max(200).nullable().default(null),
    is_show: z.union([z.literal(0), z.literal(1)]).default(1),
  })
  .refine((d) => d.parent_value !== null || d.parent_choice_value !== null, catalogRule('parent_value_needed', 'parent_value'))
  .refine((d) => d.parent_option_id !== d.child_option_id, catalogRule('no_self_dependency', 'child_option_id'));

export const orderBody = z.object({ ids: z.array(recordIdSchema).min(1).max(500) });

/** A path parameter that must be a record id. */
export function idParam(params: Readonly<Record<string, string | undefined>>, name: string): string {
  const id = recordIdSchema.safeParse(params[name]);
  return id.success ? id.data : refuse(400, t.menuNotFound, { field: name });
}

const detail = (e: DomainError, key: string) => Number(e.details[key] ?? 0);

export const menuEditorErrors: ErrorTable = {
  invalid_record: (e) => {
    const issue = (e.details.issues as CatalogIssue[] | undefined)?.[0];
    const field = issue?.path.join('.') ?? 'data';
    const label = labelOf(field, fieldLabels) ?? fieldTexts.wholeForm;
    return { status: 400, error: issue ? catalogIssueText(issue, label) : t.saveFailed(e.code), field };
  },
  not_found: { status: 404, error: t.menuNotFound },
  menu_not_found: { status: 404, error: t.menuNotFound },
  option_not_found: { status: 404, error: t.optionNotFound, field: 'option' },
  dependency_not_found: { status: 404, error: t.dependencyNotFound },
  choice_not_found: { status: 400, error: t.choiceNotFound, field: 'parent_choice_value' },
  image_not_found: { status: 400, error: t.imageNotFound, field: 'image_url' },
  mixed_lists: { status: 400, error: t.mixedLists, field: 'ids' },
  menu_in_use: (e) => ({ status: 409, error: t.inUse(detail(e, 'reservations'), detail(e, 'orders')) }),
  blob_too_large: { status: 413, error: t.imageTooLarge, field: 'body' },
  blob_type_refused: { status: 415, error: t.imageNotImage, field: 'body' },
};

/** What each menu editor call spreads in: its refusals, and the editor's labels naming a refused field. */
export const menuEditorCall = { errors: menuEditorErrors, labels: fieldLabels };
