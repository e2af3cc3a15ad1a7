import type { MenuOptionData } from '../catalog/kinds';
import type { ReservationDetail } from '../reservation/events';

/**
 * What a booking tells the kitchen (decision 670): the options it chose, as the guest chose them
 * (a choice by its label, never its id; a picture is not a note), then the guest's remarks.
 *
 * Which note is an allergy is decided from where it was asked, never by reading the words: the
 * booking's remarks field is the one that asks for allergies (「備考（アレルギーなど）」), so a
 * remark is always shown as one; an option is one when the owner marked it as asking about
 * allergies. A word like 「アレルギー」 in a choice label or a remark decides nothing.
 */
export type KitchenNote =
  | { source: 'option'; label: string; text: string; allergy: boolean }
  /** The screen names the remarks note in its own words. */
  | { source: 'remarks'; text: string; allergy: true };

/** The option facts the rule reads. */
export type NoteOption = Pick<MenuOptionData, 'label' | 'type' | 'choices' | 'allergy'>;

/**
 * The notes of a booking. `optionOf(key)` answers the option a `detail` key
 * (`{menuId}_{optionId}`) names, or undefined for one the catalog no longer has.
 */
export function kitchenNotes(booking: { detail: ReservationDetail; remarks: string }, optionOf: (key: string) => NoteOption | undefined): KitchenNote[] {
  const notes: KitchenNote[] = Object.entries(booking.detail).flatMap(([key, value]) => {
    const option = optionOf(key);
    if (!option || option.type === 'image') return [];
    const labelOf = (v: string) => option.choices.find((c) => c.id === v)?.label ?? v;
    const text = (Array.isArray(value) ? value : [value])
      .filter((v) => v.trim() !== '')
      .map(labelOf)
      .join('、');
    return text ? [{ source: 'option' as const, label: option.label, text, allergy: option.allergy }] : [];
  });
  const remarks = booking.remarks.trim();
  if (remarks) notes.push({ source: 'remarks', text: remarks, allergy: true });
  return notes;
}
