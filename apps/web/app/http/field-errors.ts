import type { z } from 'zod';
import type { CatalogIssue } from '@moncafe/domain/catalog/decider';
import type { CatalogRule } from '@moncafe/domain/catalog/kinds';
import { fieldTexts as t } from './texts';

/**
 * zod's English never reaches a screen or a call's answer: both edges (json.server.ts,
 * form-action.server.ts) parse with this error map, so a check without a message of its own is
 * worded from app/http/texts.ts and names the field. A schema's own message (the spec's words
 * for that field) is kept: zod prefers it over a parse's map.
 */
export const japaneseIssue: z.core.$ZodErrorMap = (issue) => {
  const field = issue.path?.length ? issue.path.map(String).join('.') : t.wholeForm;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? t.required(field) : t.invalid(field);
    case 'too_big':
      return sizeText(t.tooBig, issue.origin, field, issue.maximum);
    case 'too_small':
      // A required string sent empty: "enter it", not "at least 1 character".
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return t.required(field);
      return sizeText(t.tooSmall, issue.origin, field, issue.minimum);
    case 'invalid_value':
    case 'invalid_union':
      return t.choose(field);
    case 'custom':
      return ruleText(issue.params?.['rule']) ?? t.invalid(field);
    default:
      return t.invalid(field);
  }
};

function sizeText(texts: typeof t.tooBig | typeof t.tooSmall, origin: string, field: string, bound: number | bigint): string {
  const value = String(bound);
  if (origin === 'number' || origin === 'int' || origin === 'bigint') return texts.number(field, value);
  if (origin === 'string') return texts.string(field, value);
  if (origin === 'array' || origin === 'set') return texts.array(field, value);
  return texts.other(field);
}

/** A catalog rule's words (`fieldTexts.rules`), for a refine that names one (`catalogRule`, domain/src/catalog/kinds.ts). */
function ruleText(rule: unknown): string | undefined {
  return typeof rule === 'string' && Object.hasOwn(t.rules, rule) ? t.rules[rule as CatalogRule] : undefined;
}

/**
 * The first problem of a failed parse: the field it names (dotted) and its Japanese message; with
 * the screen's labels, the message names the field by its label (`inFieldWords`).
 */
export function firstProblem(error: z.ZodError, fallback: string, labels?: FieldLabels): { field: string; message: string } {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : fallback;
  const message = issue?.message ?? t.invalid(fallback);
  // Without the screen's labels a schema's own English (`HH:MM`, `digits and hyphens`) still never reaches it.
  return { field, message: labels ? inFieldWords(message, field, labels) : JAPANESE.test(message) ? message : t.invalid(field) };
}

/** A screen's labels by field key: a dotted path (`card.title`) or its last name (`close_time`). */
export type FieldLabels = Readonly<Record<string, string>>;

/** The label of a field key (`settings.recipients.0.email` → its `email` label), or none the screen knows. */
export function labelOf(field: string, labels: FieldLabels): string | undefined {
  if (Object.hasOwn(labels, field)) return labels[field];
  const names = field.split('.').filter((name) => !/^\d+$/.test(name));
  for (const name of names.reverse()) if (Object.hasOwn(labels, name)) return labels[name];
  return undefined;
}

/** Any kana or kanji: a message without one is a schema's own English or format (`HH:MM`, `each address once`). */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/**
 * A field's problem as the owner reads it: the field named by its label, never its key (an
 * unknown key reads as the whole form), and a schema's own message that is not Japanese worded
 * as the field's bad form.
 */
export function inFieldWords(message: string, field: string, labels: FieldLabels): string {
  const label = labelOf(field, labels) ?? t.wholeForm;
  const named = message.replaceAll(`「${field}」`, `「${label}」`);
  return JAPANESE.test(named) ? named : t.invalid(label);
}

/**
 * A catalog record's problem in the screen's words: the schema's own message as it is, a rule's
 * words (`fieldTexts.rules`), or the check it names worded as a parse's would be (`japaneseIssue`)
 * — never the domain's or zod's English.
 */
export function catalogIssueText(issue: CatalogIssue, label?: string): string {
  const field = label ?? (issue.path.length ? issue.path.map(String).join('.') : t.wholeForm);
  const check = issue.check;
  if (!check) return JAPANESE.test(issue.message) ? issue.message : t.invalid(field);
  if (check.rule) return t.rules[check.rule];
  if (check.code === 'one_line_name' || check.code === 'canonical_id') return t.invalid(field);
  const worded = japaneseIssue({
    code: check.code,
    path: label ? [label] : issue.path,
    origin: check.origin,
    maximum: check.maximum,
    minimum: check.minimum,
    input: check.missing ? undefined : '',
  } as unknown as Parameters<z.core.$ZodErrorMap>[0]);
  return typeof worded === 'string' ? worded : t.invalid(field);
}
