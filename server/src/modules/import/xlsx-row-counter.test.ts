import { describe, expect, it } from 'vitest';
import { SheetRowCounter } from './xlsx-records.js';

const SHEET =
  '<worksheet><dimension ref="A1:B9"/><sheetData>' +
  '<row r="1" spans="1:2"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
  '<row r="2" spans="1:2"/>' + // a row element without cells
  '<row r="3"><c r="A3" s="4"/><c r="B3" s="4"/></row>' + // formatted, empty
  '<row r="4"><c r="A4" t="inlineStr"><is><t>x</t></is></c></row>' +
  '<row r="5" ht="20" customHeight="1"><c r="A5"><f>A1</f><v>2</v></c></row>' +
  '<row r="6"><c r="A6" s="2"><v xml:space="preserve">3</v></c></row>' +
  '</sheetData><rowBreaks count="0"/></worksheet>';

describe('SheetRowCounter', () => {
  it('counts the rows holding a value, wherever the chunks are cut', () => {
    for (let size = 1; size <= SHEET.length; size++) {
      const counter = new SheetRowCounter();
      for (let at = 0; at < SHEET.length; at += size) counter.add(Buffer.from(SHEET.slice(at, at + size)));
      expect(counter.finish(), `chunks of ${size}`).toBe(4);
    }
  });
});
