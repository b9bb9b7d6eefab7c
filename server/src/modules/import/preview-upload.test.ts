import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@bosun/shared';
import { setupTestApp } from '../../test/test-app.js';
import { SPOOL_ROOT } from './spool-dir.js';

/**
 * The preview reads the file while it uploads (import.routes.ts, previewImportStream). These
 * are the cases where that differs from reading the spooled file: an encoding the head gets
 * wrong, fields sent after the file, a refusal found early, and the spool cleared after all.
 */
const t = setupTestApp();


const MAPPING = { sku: 'SKU', name: 'Name', list_price: 'Price' };

const preview = (content: string | Buffer, mapping: Record<string, string>, options: { fieldsLast?: boolean } = {}) =>
  // A bad price fails its row here ('fail'), so that the dry run's errors show how each cell was read.
  t.upload('/api/products/import/preview', t.admin, { fieldMapping: JSON.stringify(mapping), badOptionalValues: 'fail' }, { name: 'products.csv', content }, options);

/** 2,000 plain ASCII rows (well past the 64 KB head), then rows written by a Windows-1252 program. */
function asciiHeadThenWindows1252() {
  const rows = Array.from({ length: 2_000 }, (_, i) => `S-${i},Plain rope ${i} with a long enough name to fill the head,${i}.50`);
  const late = Buffer.from('S-late,Caf\xe9 cleat,9\xe9\r\nS-euro,Fender,\x80 12\n', 'latin1');
  return Buffer.concat([Buffer.from(`SKU,Name,Price\n${rows.join('\n')}\n`), late]);
}

// Uploads are spooled under SPOOL_ROOT, one directory each.
const spoolDirs = () => (fs.existsSync(SPOOL_ROOT) ? fs.readdirSync(SPOOL_ROOT) : []);

describe('preview while the file uploads', () => {
  it('reads the file again as Windows-1252 when a byte after the head is not UTF-8', async () => {
    const file = asciiHeadThenWindows1252();
    expect(file.length).toBeGreaterThan(64 * 1024);
    const res = await preview(file, MAPPING);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.encoding).toBe('windows-1252');
    expect(body.totalRows).toBe(2_002);
    // The late rows' cells as Windows-1252 spells them: 'é' and '€', not replacement characters.
    expect(body.dryRun.errors).toEqual([{ row: 2_002, column: 'Price', value: '9é', reason: "'9é' is not a number" }]);
    expect(body.dryRun).toMatchObject({ valid: 2_001, create: 2_001, errorCount: 1 });
  });

  it('reads a file that is Windows-1252 from its head as it arrives', async () => {
    const file = Buffer.from('SKU;Name;Price\r\nC-1;Caf\xe9 cleat;12,50\r\nC-2;Fender;\x80x\r\n', 'latin1');
    const res = await preview(file, MAPPING);
    expect(res.json()).toMatchObject({ encoding: 'windows-1252', delimiter: ';', totalRows: 2 });
    expect(res.json().previewRows[0].values).toEqual({ sku: 'C-1', name: 'Café cleat', list_price: '12,50' });
    expect(res.json().dryRun.errors).toEqual([{ row: 3, column: 'Price', value: '€x', reason: "'€x' is not a number" }]);
  });

  it('keeps UTF-8 for a file whose every byte is UTF-8', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => `S-${i},Tauwerk ${i} für Schäkel und Klampen,${i}`);
    const res = await preview(`SKU,Name,Price\n${rows.join('\n')}\nS-x,Café,1\n`, MAPPING);
    expect(res.json()).toMatchObject({ encoding: 'utf-8', totalRows: 2_001, dryRun: { valid: 2_001, errorCount: 0 } });
  });

  it('previews the spooled file when the fields come after it', async () => {
    const res = await preview('SKU,Name,Price\nA-1,Anchor,12\nA-2,Buoy,x\n', MAPPING, { fieldsLast: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: 2, dryRun: { valid: 1, errorCount: 1 } });
    expect(res.json().dryRun.errors[0]).toMatchObject({ row: 3, column: 'Price', value: 'x' });
  });

  it('answers a refusal found at the head after the upload, and leaves no spooled file', async () => {
    const before = spoolDirs();
    const rows = Array.from({ length: 5_000 }, (_, i) => `S-${i},Rope ${i},${i}`).join('\n');
    const res = await preview(`SKU,Name,Price\n${rows}\n`, { sku: 'SKU', name: 'Title' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The file has no column 'Title'");
    const empty = await preview('', MAPPING);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(IMPORT_MESSAGES.emptyFile);
    expect(spoolDirs().filter((name) => !before.includes(name))).toEqual([]);
  });
});
