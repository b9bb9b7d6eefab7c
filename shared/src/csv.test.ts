import { describe, expect, it } from 'vitest';
import { CELL_PIECE_CHARS, csvCell, csvCellOfPieces, csvCellPieces, restoreFormula } from './csv.js';

/** The rules of csvCell as plain regular expressions, without its shortcuts for printable ASCII. */
function referenceCell(text: string): string {
  const safe = /^'*[=+\-@\t\r]/.test(text) && !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? `'${text}` : text;
  return /^\s|\s$|[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

describe('csvCell', () => {
  it('neutralises and quotes every UTF-16 code unit at the start, at the end and alone as the plain rules do', () => {
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      for (const text of [c, `${c}x`, `x${c}`, `'${c}x`, `''${c}`, `${c} y ${c}`]) {
        const cell = csvCell(text);
        if (cell !== referenceCell(text)) wrong.push(`U+${code.toString(16).padStart(4, '0')} in ${JSON.stringify(text)}: ${JSON.stringify(cell)}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('gives the text back through restoreFormula once a reader has unquoted it', () => {
    for (const text of ['=1+1', "'=already", '-5', '-12.00', "'-5", '+Brand', '@chain', '\tTab', '\rCR', 'plain', "'quoted", '', ' lead', 'trail ']) {
      const cell = csvCell(text);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
      expect(restoreFormula(unquoted)).toBe(text);
    }
  });

  it('writes text that is a plain number as it is, and guards text a spreadsheet would run', () => {
    expect(['-12.00', '-5', '+3', '-.5', '12.'].map(csvCell)).toEqual(['-12.00', '-5', '+3', '-.5', '12.']);
    expect(['=1+2', '+x', '-x', '@x', '\tx', '\rx', '-1+2', '-12abc', '-', '--5'].map(csvCell)).toEqual(["'=1+2", "'+x", "'-x", "'@x", "'\tx", "\"'\rx\"", "'-1+2", "'-12abc", "'-", "'--5"]);
  });

  it('writes numbers as they are and nothing for null, undefined and non-finite numbers', () => {
    expect([csvCell(-3), csvCell(4.78), csvCell(null), csvCell(undefined), csvCell(Number.NaN), csvCell(Infinity)]).toEqual(['-3', '4.78', '', '', '', '']);
  });
});

describe('csvCellPieces', () => {
  it('makes the same cell as csvCell, in pieces', () => {
    const long = (unit: string) => unit.repeat(Math.ceil((CELL_PIECE_CHARS * 2.5) / unit.length));
    const texts = ['', 'plain', ' lead', 'trail ', '=1+1', "'=x", '"', ' =x', long('"é'), long('a,b'), `=${long('x')}`, ` ${long('y')}`, long('x') + ' '];
    for (const text of texts) expect([...csvCellPieces(text)].join('')).toBe(csvCell(text));
  });

  it('keeps both halves of a surrogate pair in one piece', () => {
    // 'a' first, so that a piece boundary falls between the halves of a pair.
    const text = `a${'⛵🚤'.repeat(CELL_PIECE_CHARS)}`;
    const pieces = [...csvCellPieces(text)];
    expect(pieces.length).toBeGreaterThan(3);
    const encoded = pieces.map((piece) => new TextDecoder().decode(new TextEncoder().encode(piece))).join('');
    expect(encoded).toBe(csvCell(text));
    expect(pieces.every((piece) => !/[\uD800-\uDBFF]$/.test(piece))).toBe(true);
  });
});

describe('csvCellOfPieces', () => {
  it('quotes always, doubles quotes in every piece and neutralises a formula start, so a reader gets csvCell\'s text back', () => {
    for (const pieces of [['=1+', '1'], ['', '@x'], ['plain', ' "q" ', ''], ["'", "'=x"], ['-12', 'abc'], ['-1', '2.5'], []]) {
      const cell = [...csvCellOfPieces(pieces)].join('');
      const unquoted = cell.slice(1, -1).replaceAll('""', '"');
      expect(restoreFormula(unquoted)).toBe(pieces.join(''));
    }
  });

  it('judges the whole start, not its first piece: a number is written as it is, a number followed by text is guarded', () => {
    expect([...csvCellOfPieces(['-1', '2.5'])].join('')).toBe('"-12.5"');
    expect([...csvCellOfPieces(['-12', 'abc'])].join('')).toBe(`"'-12abc"`);
  });
});
