/**
 * What a reader of a file's own shape (shopify-rows.ts) says about a record it makes, which only
 * it knows, in a column of its own (JSON): the file's columns the record does not read (one row
 * may make two records, each reading its part: its cells are still the row's in what is reported),
 * and notes on the record (a SKU it made, cells it did not carry over), which the row mapper
 * reports as the record's warnings, or as its error when a note fails it.
 */
export const RECORD_NOTES_HEADER = 'Bosun: notes';

export interface RecordNote {
  column: string;
  value: string;
  reason: string;
  /** The record cannot be imported: its row's error. */
  fails?: boolean;
}

export interface RecordNotes {
  unread?: number[];
  notes?: RecordNote[];
}

export const writeRecordNotes = (said: RecordNotes) => (said.unread?.length || said.notes?.length ? JSON.stringify(said) : '');
export const readRecordNotes = (cell: string | undefined): RecordNotes => (cell ? (JSON.parse(cell) as RecordNotes) : {});

/** The cells a record reads: the unread columns empty. */
export function readCells(cells: string[], unread: readonly number[] | undefined): string[] {
  if (!unread?.length) return cells;
  const read = [...cells];
  for (const at of unread) read[at] = '';
  return read;
}
