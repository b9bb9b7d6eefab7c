import fs from 'node:fs';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SPOOL_ROOT } from './spool-dir.js';
import { SharedStrings } from './xlsx-shared-strings.js';

/** The table's XML as the archive streams it: in chunks of `size` bytes, which cut characters of several bytes in two. */
const xmlStream = (xml: string, size: number) => {
  const bytes = Buffer.from(xml);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks, { objectMode: false });
};

const sst = (items: string[]) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${items.length}" uniqueCount="${items.length}">${items.join('')}</sst>`;

/** This process's directories under the spool root: the strings' file is in one of its own. */
const spoolDirs = () => (fs.existsSync(SPOOL_ROOT) ? fs.readdirSync(SPOOL_ROOT).filter((name) => name.startsWith(`${process.pid}-`)) : []);

const TABLE = [
  '<si><t>Cleat</t></si>',
  // Rich text: the runs' texts in turn, their formatting dropped.
  '<si><r><rPr><b/><sz val="11"/><rFont val="Calibri"/></rPr><t xml:space="preserve">Fender </t></r><r><t>XL</t></r></si>',
  // The phonetic reading of a Japanese name is not its text.
  '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>',
  '<si><t/></si>',
  '<si><t></t></si>',
  '<si><t>a &lt; b &amp; c &gt; d &quot;e&quot; &#233;&#x1F6A4;</t></si>',
  '<si><t xml:space="preserve">  two spaces either side  </t></si>',
  '<si>\n  <t>pretty-printed</t>\n</si>',
  '<si><t>Bootsmannsstuhl für Ölzeug – 🚤 ⚓ ß</t></si>',
  '<x:si><x:t>prefixed</x:t></x:si>',
  '<si><t>=SUM(A1)</t></si>',
];
const TEXTS = ['Cleat', 'Fender XL', '東京', '', '', 'a < b & c > d "e" é🚤', '  two spaces either side  ', 'pretty-printed', 'Bootsmannsstuhl für Ölzeug – 🚤 ⚓ ß', 'prefixed', '=SUM(A1)'];

describe("a workbook's shared strings, kept in a file", () => {
  it('reads each string as its text: rich text runs joined, phonetic readings left out, entities decoded, spaces and characters cut between chunks kept', async () => {
    for (const size of [1, 2, 3, 7, 64, 100_000]) {
      const strings = await SharedStrings.read(xmlStream(sst(TABLE), size));
      try {
        expect(strings.size, `chunks of ${size}`).toBe(TEXTS.length);
        // Read twice, backwards then forwards: from the file, then from the cache.
        const backwards = TEXTS.map((_, i) => strings.get(TEXTS.length - 1 - i)).reverse();
        expect(backwards, `chunks of ${size}`).toEqual(TEXTS);
        expect(TEXTS.map((_, i) => strings.get(i))).toEqual(TEXTS);
        // An index the table does not have reads as an empty cell.
        expect([strings.get(TEXTS.length), strings.get(-1), strings.get(1.5)]).toEqual(['', '', '']);
      } finally {
        strings.close();
      }
    }
  });

  it('reads 200,000 distinct strings back from the file in any order, holding a few bytes a string in memory', async () => {
    const n = 200_000;
    // 60 to 90 characters each (15 MB of text), one of them longer than the file's read window.
    const textOf = (i: number) => (i === 777 ? `long ${'x'.repeat(100_000)} ${i}` : `Product ${i} – Edelstahl-Klampe ${'abcdefghijklmnopqrstuvwxyz'.slice(0, i % 27)} ${i * 7919}`);
    const items = Array.from({ length: n }, (_, i) => `<si><t>${textOf(i)}</t></si>`);
    // The XML itself is in memory before the measuring starts: the test's, not the store's.
    const xml = xmlStream(sst(items), 16 * 1024);
    items.length = 0;
    const gc = exposedGc();
    gc();
    const before = process.memoryUsage();
    const strings = await SharedStrings.read(xml);
    try {
      gc();
      const after = process.memoryUsage();
      const held = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
      // The strings as JavaScript strings would be over 15 MB; where each starts is 800 KB.
      expect(strings.size).toBe(n);
      expect(strings.heldBytes).toBeLessThan(1024 * 1024);
      expect(held).toBeLessThan(4 * 1024 * 1024);
      // In order (the window), in a scattered order (a read each), and repeated (the cache).
      for (let i = 0; i < n; i += 1) if (strings.get(i) !== textOf(i)) expect(strings.get(i)).toBe(textOf(i));
      for (let k = 0; k < 20_000; k++) {
        const i = (k * 104_729) % n;
        if (strings.get(i) !== textOf(i)) expect(strings.get(i)).toBe(textOf(i));
      }
      for (let k = 0; k < 20_000; k++) expect(strings.get(k % 50)).toBe(textOf(k % 50));
      expect(strings.heldBytes).toBeLessThan(2 * 1024 * 1024);
    } finally {
      strings.close();
    }
  }, 60_000);

  it('removes its file when closed, once however often it is closed, and when the XML cannot be read', async () => {
    const before = spoolDirs();
    const strings = await SharedStrings.read(xmlStream(sst(TABLE), 64));
    const made = spoolDirs().filter((name) => !before.includes(name));
    expect(made).toHaveLength(1);
    expect(fs.readdirSync(`${SPOOL_ROOT}/${made[0]}`)).toEqual(['shared-strings']);
    strings.close();
    strings.close();
    expect(spoolDirs()).toEqual(before);
    await expect(SharedStrings.read(xmlStream(sst(TABLE).replace('</si>', '</x>'), 5))).rejects.toThrow();
    expect(spoolDirs()).toEqual(before);
  });
});

/** V8's collector, asked for without a flag on the command line: the memory a store holds is measured after it. */
function exposedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
