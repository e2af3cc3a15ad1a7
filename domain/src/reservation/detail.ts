import type { MenuOptionData, OptionDependencyData } from '../catalog/kinds';
import { isBlobId } from '../ports';
import type { ReservationDetail } from './events';

/**
 * The option details of a reservation (the spec's `detail`, keyed `{menuId}_{optionId}`):
 * which options are visible given the dependencies, what the customer must fill in, what the
 * chosen choices add to the price, and what the details are (`describeDetail`; the web app
 * words them for mails and pages). The same rules run in the browser (for feedback) and on the
 * server (the one that counts).
 */

export type OptionType = 'text' | 'radio' | 'select' | 'checkbox' | 'image';

export interface OptionSpec {
  optionId: string;
  menuId: string;
  label: string;
  type: OptionType;
  required: boolean;
  choices: { id: string; label: string; extraPrice: number }[];
}

export interface DependencySpec {
  menuId: string;
  parentOptionId: string;
  childOptionId: string;
  parentValue: string | null;
  parentChoiceValue: string | null;
  isShow: 0 | 1;
}

/** An option as the catalog keeps it (and the API sends it), in the shape the rules read. */
export function optionSpecOf(optionId: string, option: Pick<MenuOptionData, 'menu_id' | 'label' | 'type' | 'required' | 'choices'>): OptionSpec {
  return {
    optionId,
    menuId: option.menu_id,
    label: option.label,
    type: option.type,
    required: option.required,
    choices: option.choices.map((c) => ({ id: c.id, label: c.label, extraPrice: c.extra_price })),
  };
}

/** A dependency as the catalog keeps it (and the API sends it), in the shape the rules read. */
export function dependencySpecOf(d: Omit<OptionDependencyData, 'menu_id'> & { menu_id: string }): DependencySpec {
  return {
    menuId: d.menu_id,
    parentOptionId: d.parent_option_id,
    childOptionId: d.child_option_id,
    parentValue: d.parent_value,
    parentChoiceValue: d.parent_choice_value,
    isShow: d.is_show,
  };
}

export const detailKey = (menuId: string, optionId: string) => `${menuId}_${optionId}`;

const valuesOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).filter((v) => v.trim() !== '');

/**
 * A picture as a PNG or JPEG data URL: what image options held before pictures moved to the blob
 * store (decision 032). Old events still hold such values, and a page opened before the change
 * may still send one; the booking service stores it as a blob first.
 */
const isImageDataValue = (value: string) => /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(value);

/** What an image option holds: the id of an uploaded picture (or, from an older page, the picture itself). */
const isImageValue = (value: string) => isBlobId(value) || isImageDataValue(value);

/**
 * Whether an option is shown: an option that is nobody's child always is; a child is shown once
 * its (visible) parent holds a value that a showing dependency names, and no hiding one does.
 */
export function isOptionVisible(
  option: OptionSpec,
  options: readonly OptionSpec[],
  dependencies: readonly DependencySpec[],
  detail: ReservationDetail,
  seen = new Set<string>(),
): boolean {
  const rules = dependencies.filter((d) => d.menuId === option.menuId && d.childOptionId === option.optionId);
  if (rules.length === 0) return true;
  if (seen.has(option.optionId)) return false; // a dependency cycle shows nothing rather than loop
  seen.add(option.optionId);
  const matches = (rule: DependencySpec) => {
    const parent = options.find((o) => o.menuId === rule.menuId && o.optionId === rule.parentOptionId);
    if (!parent || !isOptionVisible(parent, options, dependencies, detail, seen)) return false;
    const chosen = valuesOf(detail[detailKey(parent.menuId, parent.optionId)]);
    const labels = chosen.map((v) => parent.choices.find((c) => c.id === v)?.label ?? v);
    return (
      (rule.parentChoiceValue !== null && chosen.includes(rule.parentChoiceValue)) ||
      (rule.parentValue !== null && (labels.includes(rule.parentValue) || chosen.includes(rule.parentValue)))
    );
  };
  const shown = rules.filter((r) => r.isShow === 1).some(matches);
  const hidden = rules.filter((r) => r.isShow === 0).some(matches);
  return shown && !hidden;
}

export type DetailProblem = { code: 'required'; label: string } | { code: 'image_required'; label: string } | { code: 'invalid_choice'; label: string };

/**
 * Keeps the values of visible options only and checks them: required options filled, choices
 * from the option's list, images as image data. Answers the cleaned detail, its extra price,
 * and the problems (empty when valid).
 */
export function checkDetail(
  options: readonly OptionSpec[],
  dependencies: readonly DependencySpec[],
  detail: ReservationDetail,
): { detail: ReservationDetail; extraPrice: number; problems: DetailProblem[] } {
  const cleaned: ReservationDetail = {};
  const problems: DetailProblem[] = [];
  let extraPrice = 0;
  for (const option of options) {
    if (!isOptionVisible(option, options, dependencies, detail)) continue;
    const key = detailKey(option.menuId, option.optionId);
    const raw = detail[key];
    const values = valuesOf(raw);
    if (values.length === 0) {
      if (option.required) problems.push({ code: option.type === 'image' ? 'image_required' : 'required', label: option.label });
      continue;
    }
    if (option.type === 'image') {
      if (!isImageValue(values[0]!)) problems.push({ code: 'image_required', label: option.label });
      else cleaned[key] = values[0]!;
      continue;
    }
    if (option.type === 'text') {
      cleaned[key] = values.join(' ');
      continue;
    }
    const choices = values.map((v) => option.choices.find((c) => c.id === v));
    if (choices.some((c) => c === undefined) || (option.type !== 'checkbox' && values.length > 1)) {
      problems.push({ code: 'invalid_choice', label: option.label });
      continue;
    }
    extraPrice += choices.reduce((sum, c) => sum + (c?.extraPrice ?? 0), 0);
    cleaned[key] = option.type === 'checkbox' ? values : values[0]!;
  }
  return { detail: cleaned, extraPrice, problems };
}

/** One value of a described option. An image is its picture's blob id (null for a picture kept in an old event). */
export type DescribedValue = { kind: 'text'; text: string } | { kind: 'choice'; label: string } | { kind: 'image'; imageId: string | null };

export interface DescribedOption {
  optionId: string;
  /** The option's label; null for an option the catalog no longer has (the web app has fallback names). */
  label: string | null;
  values: DescribedValue[];
  /** What the chosen choices add, in yen. */
  extraPrice: number;
}

/** What the details say, option by option: choices by their labels, images by their picture ids. */
export function describeDetail(options: readonly OptionSpec[], detail: ReservationDetail): DescribedOption[] {
  const described: DescribedOption[] = [];
  // In the options' display order (the order the guest filled them in does not count); values of
  // options removed from the catalog since come last, in the order they were stored.
  const rank = (key: string) => {
    const at = options.findIndex((o) => detailKey(o.menuId, o.optionId) === key);
    return at === -1 ? options.length : at;
  };
  const entries = Object.entries(detail)
    .map((entry, stored) => ({ entry, stored, rank: rank(entry[0]) }))
    .sort((a, b) => a.rank - b.rank || a.stored - b.stored)
    .map((e) => e.entry);
  for (const [key, raw] of entries) {
    // Ids may contain '_' themselves, so the key is matched against the known options first.
    const option = options.find((o) => detailKey(o.menuId, o.optionId) === key);
    const optionId = option?.optionId ?? key.slice(key.lastIndexOf('_') + 1);
    const values = valuesOf(raw);
    if (values.length === 0) continue;
    const choiceOf = (v: string) => option?.choices.find((c) => c.id === v);
    described.push({
      optionId,
      label: option?.label ?? null,
      values: values.map((v): DescribedValue => {
        if (isImageDataValue(v)) return { kind: 'image', imageId: null };
        if (option?.type === 'image') return { kind: 'image', imageId: isBlobId(v) ? v : null };
        const choice = choiceOf(v);
        return choice ? { kind: 'choice', label: choice.label } : { kind: 'text', text: v };
      }),
      extraPrice: values.reduce((sum, v) => sum + (choiceOf(v)?.extraPrice ?? 0), 0),
    });
  }
  return described;
}
