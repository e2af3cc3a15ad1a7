import { data } from 'react-router';
import type { CatalogIssue } from '@moncafe/domain/catalog/decider';
import { DomainError } from '@moncafe/domain/decider';
import type { FormErrors, FormInput, FormRefusal } from '#app/http/form-action.server';
import { catalogIssueText, inFieldWords, labelOf } from '#app/http/field-errors';
import { settingsFieldLabels, settingsTexts as t } from './texts';

/**
 * What a settings screen's action answers: saved, or the first problem in Japanese and the field
 * it is about (null: the whole save), which the screen shows beside that field (decision 652).
 */
export type SettingsAnswer = { ok: true; message: string; error: null; field: null } | { ok: false; message: null; error: string; field: string | null };

/**
 * What the site settings screens' forms share (`formAction({ roles: ['admin'], form, ...settingsForm, handle })`):
 * a refused form or record answers 400 with the first problem and its field; nothing is saved.
 */
export const settingsForm = {
  refused: (message: string, field: string | null) =>
    data({ ok: false, message: null, error: field ? withField(field, message) : message, field } satisfies SettingsAnswer, { status: 400 }),
  errors: { invalid_record: recordProblem, otherwise: t.saveFailed } satisfies FormErrors,
  labels: settingsFieldLabels,
};

/** After the command: the read models caught up (the page reloads with the change), then the screen's word for it. */
export async function savedAs(
  write: Promise<{ position: number | null }>,
  { readYourWrites }: Pick<FormInput<unknown, null>, 'readYourWrites'>,
  done: string = t.saved,
): Promise<SettingsAnswer> {
  await readYourWrites((await write).position);
  return { ok: true, message: done, error: null, field: null };
}

/**
 * A record saved from a form whose fields are named otherwise (under `card.`, a week row's
 * `1-close`): a refusal of the record names the form's field, so the screen shows it there.
 * `fieldOf` names it from the record's path, or renames some paths (the others kept).
 */
export function recordFrom<T>(write: Promise<T>, fieldOf: ((path: string) => string) | Readonly<Record<string, string>>): Promise<T> {
  const named = typeof fieldOf === 'function' ? fieldOf : (path: string) => fieldOf[path] ?? path;
  return write.catch((error: unknown) => {
    if (!(error instanceof DomainError) || error.code !== 'invalid_record') throw error;
    const issues = (error.details.issues as CatalogIssue[] | undefined)?.map((issue) => ({ ...issue, path: named(issue.path.join('.')).split('.') }));
    throw new DomainError(error.code, error.message, { ...error.details, issues });
  });
}

/**
 * The problem in the owner's words beside its field: the field named by its label, never its key;
 * a message that does not name it gets the label in front (`閉店：…`).
 */
function withField(field: string, message: string): string {
  const label = labelOf(field, settingsFieldLabels);
  const worded = inFieldWords(message, field, settingsFieldLabels);
  return !label || worded.includes(`「${label}」`) ? worded : t.fieldError(label, worded);
}

function recordProblem(error: DomainError): FormRefusal {
  const issue = (error.details.issues as CatalogIssue[] | undefined)?.[0];
  if (!issue) return t.saveFailed;
  const field = issue.path.join('.') || 'data';
  return { message: catalogIssueText(issue, labelOf(field, settingsFieldLabels)), field };
}
