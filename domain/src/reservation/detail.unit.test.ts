import { describe, expect, it } from 'vitest';
import { checkDetail, describeDetail, isOptionVisible, type DependencySpec, type OptionSpec } from './detail';

const png = 'data:image/png;base64,iVBORw0KGgo=';
const options: OptionSpec[] = [
  {
    optionId: '4',
    menuId: 'm1',
    label: 'ケースの種類',
    type: 'radio',
    required: true,
    choices: [
      { id: 'box', label: '箱', extraPrice: 0 },
      { id: 'tin', label: '缶', extraPrice: 300 },
    ],
  },
  { optionId: '8', menuId: 'm1', label: 'メッセージ', type: 'text', required: true, choices: [] },
  { optionId: '10', menuId: 'm1', label: 'プリント用画像', type: 'image', required: true, choices: [] },
  {
    optionId: '11',
    menuId: 'm1',
    label: 'トッピング',
    type: 'checkbox',
    required: false,
    choices: [
      { id: 'berry', label: 'いちご', extraPrice: 200 },
      { id: 'nut', label: 'ナッツ', extraPrice: 100 },
    ],
  },
];
// The message is only asked for a tin; the image only when the message is 'プリント'.
const dependencies: DependencySpec[] = [
  { menuId: 'm1', parentOptionId: '4', childOptionId: '8', parentValue: null, parentChoiceValue: 'tin', isShow: 1 },
  { menuId: 'm1', parentOptionId: '8', childOptionId: '10', parentValue: 'プリント', parentChoiceValue: null, isShow: 1 },
];

describe('option details', () => {
  it('shows a child option only when its parent holds the value a dependency names', () => {
    const message = options[1]!;
    expect(isOptionVisible(message, options, dependencies, {})).toBe(false);
    expect(isOptionVisible(message, options, dependencies, { m1_4: 'box' })).toBe(false);
    expect(isOptionVisible(message, options, dependencies, { m1_4: 'tin' })).toBe(true);
    // A grandchild follows its parent's visibility.
    expect(isOptionVisible(options[2]!, options, dependencies, { m1_4: 'box', m1_8: 'プリント' })).toBe(false);
    expect(isOptionVisible(options[2]!, options, dependencies, { m1_4: 'tin', m1_8: 'プリント' })).toBe(true);
  });

  it('requires visible required options only and drops values of hidden ones', () => {
    expect(checkDetail(options, dependencies, { m1_8: 'ignored' })).toEqual({
      detail: {},
      extraPrice: 0,
      problems: [{ code: 'required', label: 'ケースの種類' }],
    });
    const result = checkDetail(options, dependencies, { m1_4: 'tin', m1_8: 'プリント', m1_10: '', m1_11: ['berry', 'nut'] });
    expect(result.problems).toEqual([{ code: 'image_required', label: 'プリント用画像' }]);
    expect(result.extraPrice).toBe(600);
  });

  it('accepts an image data value and refuses other text for an image option, and unknown choices', () => {
    expect(checkDetail(options, dependencies, { m1_4: 'tin', m1_8: 'プリント', m1_10: png }).problems).toEqual([]);
    expect(checkDetail(options, dependencies, { m1_4: 'tin', m1_8: 'プリント', m1_10: 'https://evil.example/x.png' }).problems).toEqual([
      { code: 'image_required', label: 'プリント用画像' },
    ]);
    expect(checkDetail(options, dependencies, { m1_4: 'gold' }).problems).toEqual([{ code: 'invalid_choice', label: 'ケースの種類' }]);
  });

  it('describes choices by label, images as 画像あり, and unknown ids 4–10 by their fallback names', () => {
    expect(describeDetail(options, { m1_4: 'tin', m1_10: png, m1_11: ['berry'] })).toEqual([
      { label: 'ケースの種類', value: '缶（+300円）' },
      { label: 'プリント用画像', value: '画像あり' },
      { label: 'トッピング', value: 'いちご（+200円）' },
    ]);
    expect(describeDetail([], { m9_6: '赤', m9_9: 'コーヒー' })).toEqual([
      { label: 'リボンの色', value: '赤' },
      { label: 'ドリンクの種類', value: 'コーヒー' },
    ]);
  });
});
