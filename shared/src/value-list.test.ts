import { describe, expect, it } from 'vitest';
import { joinValueList, splitValueList, unescapeListValue } from './value-list.js';

describe('list cells', () => {
  const AWKWARD = ['Sale, 50%', 'back\\slash', 'ends in \\', 'a\\,b', ',', '\\\\,', 'plain'];

  it('read back every value the join wrote, commas and backslashes included', () => {
    const cell = joinValueList(AWKWARD);
    expect(cell).toBe('Sale\\, 50%, back\\\\slash, ends in \\\\, a\\\\\\,b, \\,, \\\\\\\\\\,, plain');
    expect(splitValueList(cell)).toEqual(AWKWARD);
    for (const value of AWKWARD) expect(unescapeListValue(joinValueList([value]))).toBe(value);
  });

  it("keep a backslash before any other character, and leave out empty values", () => {
    expect(splitValueList('C:\\path, a\\b, , \\n')).toEqual(['C:\\path', 'a\\b', '\\n']);
  });
});
