import { describe, expect, it } from 'vitest';
import { joinCategoryPath, joinValueList, readCategoryName, splitCategoryCell, splitValueList, unescapeListValue } from './value-list.js';

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

describe('category cells', () => {
  const NAMES = ['Hardware, Deck', 'Size > 10 mm', 'Bronze\\Alloy', 'ends in \\', '\\>', 'a\\,b', 'Plain'];
  /** A cell's paths as the import reads them: cut at ',' then at '>', each name unescaped and trimmed. */
  const read = (cell: string) => splitCategoryCell(cell, ',').map((path) => splitCategoryCell(path, '>').map((name) => readCategoryName(name).trim()));

  it("read back every name the export wrote, whatever ',', '>' or '\\' it holds", () => {
    const paths = [NAMES.slice(0, 4), NAMES.slice(4)];
    const cell = paths.map(joinCategoryPath).join(', ');
    expect(cell).toBe('Hardware\\, Deck > Size \\> 10 mm > Bronze\\\\Alloy > ends in \\\\, \\\\\\> > a\\\\\\,b > Plain');
    expect(read(cell)).toEqual(paths);
  });

  it('keep a backslash before any other character, as a list does (WooCommerce escapes only commas)', () => {
    expect(read('C:\\new > Tools\\x, Deck')).toEqual([['C:\\new', 'Tools\\x'], ['Deck']]);
  });
});
