import ExcelJS from 'exceljs';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SPOOL_ROOT } from './spool-dir.js';
import { countSheetRows, openWorkbook } from './xlsx-records.js';

/**
 * exceljs's own streaming reader spooled the sheets Excel writes before the shared strings to
 * temporary files, and a sheet not read left a file stream whose late ENOENT was an uncaught
 * exception (on a busy machine). The archive is now read by its directory (xlsx-parts.ts): many
 * readings at once, of another sheet, an unknown name or closed early, leave no uncaught error
 * and no temporary file: neither exceljs's nor the shared strings' (xlsx-shared-strings.ts).
 */
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
beforeAll(() => process.on('uncaughtException', onUncaught));
afterAll(() => process.off('uncaughtException', onUncaught));

const spooled = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
const stringsDirs = () => (existsSync(SPOOL_ROOT) ? readdirSync(SPOOL_ROOT).filter((name) => name.startsWith(`${process.pid}-`)) : []);

it('reads, skips and closes sheets many at once without an uncaught error or a temporary file left', async () => {
  const book = new ExcelJS.Workbook();
  for (const name of ['A', 'B', 'C', 'D']) {
    const sheet = book.addWorksheet(name);
    for (let i = 0; i < 200; i++) sheet.addRow([`${name}-${i}`, 'Cleat', i]);
  }
  const path = join(mkdtempSync(join(tmpdir(), 'xlsx-temp-')), 'book.xlsx');
  writeFileSync(path, Buffer.from(await book.xlsx.writeBuffer()));
  const before = spooled().length;
  const stringsBefore = stringsDirs();
  for (let round = 0; round < 25; round++) {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        await expect(openWorkbook(path, 'Nope')).rejects.toMatchObject({ statusCode: 400 });
        (await openWorkbook(path, 'B')).close();
        expect(await countSheetRows(path, 'C')).toBe(199);
      }),
    );
  }
  // The closes go through the rest of the archive in the background: let them end.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(uncaught).toEqual([]);
  expect(spooled().length).toBeLessThanOrEqual(before);
  expect(stringsDirs()).toEqual(stringsBefore);
}, 60_000);
