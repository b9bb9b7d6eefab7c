import { completeUtf8Length, detectDelimiter, looksLikeTable, IMPORT_MESSAGES, isCsvFileName, utf16WithoutBom, type CsvDelimiter } from '@bosun/shared';

/** Enough of the file for any header row; the rest of the file is never read in the browser. */
export const HEADER_SAMPLE_BYTES = 64 * 1024;

/** The file may be chosen by type or, since browsers often leave CSV's type empty, by its extension: the server's rule. */
export const isCsvFile = (file: File) => isCsvFileName(file.name, file.type);

/**
 * The header row of a CSV text: BOM removed, delimiter detected, quoted cells (with doubled quotes,
 * delimiters and line breaks inside) unquoted, surrounding spaces trimmed. Throws when there is no
 * complete header row or no named column.
 */
export function parseHeaderRow(text: string): { headers: string[]; delimiter: CsvDelimiter } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const delimiter = detectDelimiter(source);
  // Prose saved as .txt: the server refuses it the same way.
  if (source.trim() && !looksLikeTable(source, delimiter)) throw new Error(IMPORT_MESSAGES.invalidFile);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') break;
    else cell += ch;
  }
  if (quoted) throw new Error(IMPORT_MESSAGES.parseFailed);
  cells.push(cell);
  const headers = cells.map((c) => c.trim());
  if (!headers.some((h) => h !== '')) throw new Error(IMPORT_MESSAGES.parseFailed);
  return { headers, delimiter };
}

/**
 * UTF-16 by its BOM, or without one by its NUL bytes: mostly ASCII text in UTF-16 has one NUL in
 * every pair of bytes, after the character (LE) or before it (BE). The server reads it the same way.
 */
function utf16Of(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return utf16WithoutBom(bytes);
}

/** Decodes the start of the file as UTF-16 when it is, else UTF-8, or Windows-1252 when it is not valid UTF-8. */
export function decodeSample(bytes: Uint8Array): string {
  const utf16 = utf16Of(bytes);
  // The BOM is dropped by the decoder; a character cut by the sample's end is left out.
  if (utf16) return new TextDecoder(utf16).decode(bytes.subarray(0, bytes.length & ~1));
  try {
    // The sample may end inside a multi-byte character: that tail is left out.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, completeUtf8Length(bytes)));
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error(IMPORT_MESSAGES.parseFailed));
    reader.readAsArrayBuffer(blob);
  });
}

/** Reads only the first 64 KB of the file and parses its header row. */
export async function readCsvHeaders(file: Blob): Promise<{ headers: string[]; delimiter: CsvDelimiter }> {
  const sample = await readBytes(file.slice(0, HEADER_SAMPLE_BYTES));
  const text = decodeSample(sample);
  // A sample that stops before the file ends and has no line break cannot hold the full header row.
  if (file.size > HEADER_SAMPLE_BYTES && !/[\r\n]/.test(text)) throw new Error(IMPORT_MESSAGES.parseFailed);
  return parseHeaderRow(text);
}
