import { describe, expect, it } from 'vitest';
import { cakeOptions } from '../testing/reservation-catalog';
import { checkDetail, describeDetail, isOptionVisible, type DependencySpec } from './detail';

const png = 'data:image/png;base64,iVBORw0KGgo=';
const options = cakeOptions;
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

  it('describes what the details are: choices by label, pictures by id, unknown options by id', () => {
    const picture = 'f'.repeat(64);
    expect(describeDetail(options, { m1_4: 'tin', m1_10: picture, m1_11: ['berry', 'nut'] })).toEqual([
      { optionId: '4', label: 'ケースの種類', values: [{ kind: 'choice', label: '缶' }], extraPrice: 300 },
      { optionId: '10', label: 'プリント用画像', values: [{ kind: 'image', imageId: picture }], extraPrice: 0 },
      {
        optionId: '11',
        label: 'トッピング',
        values: [
          { kind: 'choice', label: 'いちご' },
          { kind: 'choice', label: 'ナッツ' },
        ],
        extraPrice: 300,
      },
    ]);
    expect(describeDetail([], { m9_6: '赤' })).toEqual([{ optionId: '6', label: null, values: [{ kind: 'text', text: '赤' }], extraPrice: 0 }]);
    // A picture an old event held inline has no id to show it by.
    expect(describeDetail(options, { m1_10: png })[0]?.values).toEqual([{ kind: 'image', imageId: null }]);
  });

  it('describes the details in the options’ display order, whatever order they were filled in, unknown ones last', () => {
    const described = describeDetail(options, { m9_6: '赤', m1_11: ['nut'], m1_8: 'おめでとう', m1_4: 'box' });
    expect(described.map((d) => d.optionId)).toEqual([...options.map((o) => o.optionId).filter((id) => ['4', '8', '11'].includes(id)), '6']);
  });

  it('accepts an uploaded picture’s id for an image option', () => {
    expect(checkDetail(options, dependencies, { m1_4: 'tin', m1_8: 'プリント', m1_10: 'f'.repeat(64) }).problems).toEqual([]);
  });
});
