import { csvLine, UTF8_BOM, type ImportCompleteEvent } from '@bosun/shared';

/**
 * The imported rows that carry warnings, as the file had them (a dropped value is still in its
 * cell), with the file's own headers plus a Warnings column, one warning per line.
 */
export function warningRowsCsv(result: Pick<ImportCompleteEvent, 'headers' | 'warningRows'>): string {
  const width = result.headers.length;
  const lines = [csvLine([...result.headers, 'Warnings'])];
  for (const row of result.warningRows) {
    const cells = Array.from({ length: width }, (_, i) => row.cells[i] ?? '');
    lines.push(csvLine([...cells, row.reasons.join('\n')]));
  }
  return UTF8_BOM + lines.join('');
}

export const warningRowsFileName = (fileName: string) => `${fileName.replace(/\.csv$/i, '') || 'import'}_warnings.csv`;
