import { DEFAULT_ATTRIBUTE_SETTINGS } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import {
  addAttribute,
  addValues,
  attributeMessages,
  attributesChanged,
  defaultSkuPattern,
  draftsFromAttributes,
  moveAttribute,
  moveValue,
  removeAttribute,
  removeValue,
  renameValue,
  toAttributesBody,
  updateAttribute,
} from './attribute-draft';

const saved = [
  { name: 'Diameter', values: ['8 mm', '10 mm'], ...DEFAULT_ATTRIBUTE_SETTINGS },
  { name: 'Length', values: ['25 m', '50 m'], visible: false, global: true, default_value: '50 m' },
];

describe('the attributes body', () => {
  it('says where each attribute was and which values were renamed, so variations keep their values', () => {
    let drafts = draftsFromAttributes(saved);
    const [diameter, length] = drafts;
    drafts = renameValue(drafts, diameter!.key, diameter!.values[0]!.key, '8mm');
    drafts = moveValue(drafts, diameter!.key, diameter!.values[1]!.key, -1);
    drafts = updateAttribute(drafts, diameter!.key, { name: 'Thickness' });
    drafts = moveAttribute(drafts, length!.key, -1);
    drafts = addValues(drafts, length!.key, '100 m, , 200 m');
    expect(toAttributesBody(drafts, true)).toEqual({
      attributes: [
        { name: 'Length', values: ['25 m', '50 m', '100 m', '200 m'], visible: false, global: true, default_value: '50 m', was: 2 },
        { name: 'Thickness', values: ['10 mm', '8mm'], visible: true, global: false, default_value: null, was: 1, renames: [{ from: '8 mm', to: '8mm' }] },
      ],
    });
    expect(attributesChanged(drafts, saved)).toBe(true);
    expect(attributesChanged(draftsFromAttributes(saved), saved)).toBe(false);
  });

  it('gives an added attribute the value existing variations take, and removes what was removed', () => {
    let drafts = addAttribute(draftsFromAttributes(saved), 'Colour');
    const colour = drafts[2]!;
    drafts = addValues(drafts, colour.key, 'White,Blue');
    drafts = updateAttribute(drafts, colour.key, { fill: 'Blue' });
    drafts = removeValue(drafts, drafts[0]!.key, drafts[0]!.values[1]!.key);
    expect(toAttributesBody(drafts, true).attributes).toEqual([
      { name: 'Diameter', values: ['8 mm'], visible: true, global: false, default_value: null, was: 1 },
      { name: 'Length', values: ['25 m', '50 m'], visible: false, global: true, default_value: '50 m', was: 2 },
      { name: 'Colour', values: ['White', 'Blue'], visible: true, global: false, default_value: null, fill: 'Blue' },
    ]);
    // Without variations there is nothing to fill.
    expect(toAttributesBody(drafts, false).attributes[2]).toEqual({ name: 'Colour', values: ['White', 'Blue'], visible: true, global: false, default_value: null });
    expect(addAttribute(drafts, 'Fourth')).toHaveLength(3);
    expect(removeAttribute(drafts, colour.key)).toHaveLength(2);
  });

  it('keeps whether each attribute shows on the product page and its default, the default following a rename and gone with its value', () => {
    let drafts = draftsFromAttributes(saved);
    const [diameter, length] = drafts;
    expect([diameter!.visible, diameter!.defaultKey, length!.visible, length!.defaultKey]).toEqual([true, null, false, length!.values[1]!.key]);
    drafts = renameValue(drafts, length!.key, length!.values[1]!.key, '50m');
    drafts = updateAttribute(drafts, diameter!.key, { visible: false, defaultKey: diameter!.values[0]!.key });
    expect(attributesChanged(drafts, saved)).toBe(true);
    expect(toAttributesBody(drafts, false).attributes.map((a) => [a.visible, a.default_value])).toEqual([[false, '8 mm'], [false, '50m']]);
    drafts = removeValue(drafts, diameter!.key, diameter!.values[0]!.key);
    expect(toAttributesBody(drafts, false).attributes[0]).toMatchObject({ visible: false, default_value: null });
    // Only a setting changed: still a change to save.
    const shown = draftsFromAttributes(saved);
    expect(attributesChanged(updateAttribute(shown, shown[1]!.key, { visible: true }), saved)).toBe(true);
    expect(attributesChanged(updateAttribute(shown, shown[0]!.key, { global: true }), saved)).toBe(true);
  });

  it('puts the server messages beside the attribute they name', () => {
    const drafts = draftsFromAttributes(saved);
    expect(
      attributeMessages(
        { 'attributes.1.values': "'25 m' is used by 4 variations: change them first", 'attributes.0.name': 'Attribute name is required', attributes: 'Removing this attribute would leave two variations with the same values' },
        drafts,
      ),
    ).toEqual({
      [`${drafts[1]!.key}.values`]: "'25 m' is used by 4 variations: change them first",
      [`${drafts[0]!.key}.name`]: 'Attribute name is required',
      form: 'Removing this attribute would leave two variations with the same values',
    });
  });

  it('makes the default SKU pattern from the attribute names', () => {
    expect(defaultSkuPattern(saved)).toBe('{sku}-{Diameter}-{Length}');
  });
});
