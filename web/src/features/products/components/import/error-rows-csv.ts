import { csvLine, UTF8_BOM, type ImportCompleteEvent } from '@bosun/shared';

/**
 * The rows the import rejected, as a CSV with the file's own headers plus a Reason column, so
 * they can be fixed and imported again.
 */
export function errorRowsCsv(result: Pick<ImportCompleteEvent, 'headers' | 'errorRows'>): string {
  const width = result.headers.length;
  const lines = [csvLine([...result.headers, 'Reason'])];
  for (const row of result.errorRows) {
    const cells = Array.from({ length: width }, (_, i) => row.cells[i] ?? '');
    lines.push(csvLine([...cells, row.reason]));
  }
  return UTF8_BOM + lines.join('');
}

export const errorRowsFileName = (fileName: string) => `${fileName.replace(/\.csv$/i, '') || 'import'}_error_rows.csv`;
