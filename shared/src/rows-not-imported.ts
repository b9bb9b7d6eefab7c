import { csvLine, UTF8_BOM } from './csv.js';
import type { ImportCompleteEvent } from './import.js';

/** What became of a row that was not imported: its error, or why it was skipped (issue 19). */
export type RowOutcome = 'error' | 'skipped';

/**
 * Every row the import did not write, in the order of the file, as a CSV with the file's own
 * headers plus Outcome ('error' or 'skipped') and Reason: one file that staff filter, fix and
 * import again, rather than two files to put side by side.
 */
export function rowsNotImportedCsv(result: Pick<ImportCompleteEvent, 'headers' | 'errorRows' | 'skippedRows'>): string {
  const width = result.headers.length;
  const rows = [
    ...result.errorRows.map((row) => ({ ...row, outcome: 'error' as RowOutcome })),
    ...(result.skippedRows ?? []).map((row) => ({ ...row, outcome: 'skipped' as RowOutcome })),
  ].sort((a, b) => a.row - b.row);
  const lines = [csvLine([...result.headers, 'Outcome', 'Reason'])];
  for (const row of rows) {
    const cells = Array.from({ length: width }, (_, i) => row.cells[i] ?? '');
    lines.push(csvLine([...cells, row.outcome, row.reason]));
  }
  return UTF8_BOM + lines.join('');
}

export const rowsNotImportedFileName = (fileName: string) => `${fileName.replace(/\.csv$/i, '') || 'import'}_rows_not_imported.csv`;
