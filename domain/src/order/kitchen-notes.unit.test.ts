import { describe, expect, it } from 'vitest';
import { kitchenNotes, type NoteOption } from './kitchen-notes';

const options: Record<string, NoteOption> = {
  m1_o1: {
    label: '卵・乳の有無',
    type: 'checkbox',
    choices: [
      { id: 'c1', label: '卵', extra_price: 0 },
      { id: 'c2', label: '乳', extra_price: 0 },
    ],
    allergy: true,
  },
  m1_o2: { label: 'ケーキのアレルギー表示', type: 'text', choices: [], allergy: false },
  m1_o3: { label: 'プレート写真', type: 'image', choices: [], allergy: true },
  m1_o4: { label: 'メッセージ', type: 'text', choices: [], allergy: false },
};
const optionOf = (key: string) => options[key];

describe('the kitchen notes of a booking (decision 670)', () => {
  it('marks an option as an allergy because the owner marked it, showing the chosen labels', () => {
    expect(kitchenNotes({ detail: { m1_o1: ['c1', 'c2'] }, remarks: '' }, optionOf)).toEqual([
      { source: 'option', label: '卵・乳の有無', text: '卵、乳', allergy: true },
    ]);
  });

  it('does not read the words: an unmarked option naming an allergy is a plain note', () => {
    expect(kitchenNotes({ detail: { m1_o2: 'えびアレルギー' }, remarks: '' }, optionOf)).toEqual([
      { source: 'option', label: 'ケーキのアレルギー表示', text: 'えびアレルギー', allergy: false },
    ]);
  });

  it('shows the remarks field, which asks for allergies, as one whatever its words', () => {
    expect(kitchenNotes({ detail: { m1_o4: 'お誕生日' }, remarks: '  ベビーカーで伺います ' }, optionOf)).toEqual([
      { source: 'option', label: 'メッセージ', text: 'お誕生日', allergy: false },
      { source: 'remarks', text: 'ベビーカーで伺います', allergy: true },
    ]);
  });

  it('leaves out pictures, blank answers, options the catalog no longer has and blank remarks', () => {
    expect(kitchenNotes({ detail: { m1_o3: 'blob-1', m1_o4: ' ', m9_o9: 'x', m1_o1: [] }, remarks: '   ' }, optionOf)).toEqual([]);
  });
});
