import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import iconv from 'iconv-lite';
import Papa from 'papaparse';

export type Encoding = 'utf-8' | 'utf-16le' | 'windows-1252';
export type Delimiter = ',' | ';' | '\t';

export interface CsvFormat {
  encoding: Encoding;
  delimiter: Delimiter;
  hasBom: boolean;
}

const HEAD_BYTES = 64 * 1024;

/**
 * Reads the file's head to tell its encoding (a BOM, else strict UTF-8 over the head, else
 * Windows-1252, which also reads Latin-1) and its delimiter (the most frequent of , ; and tab in
 * the header line, outside quotes).
 */
export async function detectFormat(path: string, utf8Valid: boolean): Promise<CsvFormat> {
  const handle = await fs.promises.open(path, 'r');
  const head = Buffer.alloc(HEAD_BYTES);
  const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
  await handle.close();
  const bytes = head.subarray(0, bytesRead);
  let encoding: Encoding = utf8Valid ? 'utf-8' : 'windows-1252';
  let hasBom = false;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) [encoding, hasBom] = ['utf-8', true];
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, hasBom] = ['utf-16le', true];
  const text = iconv.decode(bytes, encoding === 'utf-8' ? 'utf8' : encoding === 'utf-16le' ? 'utf16le' : 'win1252');
  return { encoding, hasBom, delimiter: detectDelimiter(text) };
}

export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch as Delimiter] += 1;
  }
  const best = (Object.entries(counts) as Array<[Delimiter, number]>).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ',';
}

function decodedStream(path: string, format: CsvFormat): Readable {
  const raw = fs.createReadStream(path, { highWaterMark: 256 * 1024 });
  const decoder = format.encoding === 'utf-8' ? 'utf8' : format.encoding === 'utf-16le' ? 'utf16le' : 'win1252';
  // iconv-lite strips the BOM and keeps multi-byte characters whole across chunk edges.
  return raw.pipe(iconv.decodeStream(decoder, { stripBOM: true }) as unknown as Transform);
}

/** The records of the file, one array of cells each, read as a stream (the file is never held whole). */
export async function* readRecords(path: string, format: CsvFormat): AsyncGenerator<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    delimiter: format.delimiter,
    skipEmptyLines: 'greedy',
    header: false,
  }) as unknown as Transform;
  const records = decodedStream(path, format).pipe(parser);
  for await (const record of records) yield record as string[];
}
