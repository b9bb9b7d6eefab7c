/**
 * A CSV file's format told from its head: encoding (UTF-8, UTF-16 with or without BOM, else
 * Windows-1252), delimiter, BOM; a binary file is refused.
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { detectDelimiter, looksLikeTable, IMPORT_MESSAGES, utf16WithoutBom, type CsvDelimiter } from '@bosun/shared';
import { AppError } from '../../errors.js';

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
/** Detection tells , ; and tab apart; a profile may also fix '|' (a vendor's pipe-separated file). */
export type Delimiter = CsvDelimiter | '|';

/**
 * What an import profile fixes of its vendor's files (issue 22): the encoding, the delimiter or
 * both; what it leaves out is told from the file. A byte-order mark still decides the encoding:
 * it states it, where a profile only expects it.
 */
export interface FixedFormat {
  encoding?: 'utf-8' | 'windows-1252';
  delimiter?: Delimiter;
}

export interface CsvFormat {
  encoding: Encoding;
  delimiter: Delimiter;
  hasBom: boolean;
}

/** The bytes the format is told from. */
export const HEAD_BYTES = 64 * 1024;

/** The file's bytes: read from a path, or handed over as they arrive (an upload read while it is spooled). */
export type ByteSource = string | AsyncIterable<Buffer>;

/** iconv-lite's name of each encoding. */
export const ICONV_NAMES: Record<Encoding, string> = { 'utf-8': 'utf8', 'utf-16le': 'utf16le', 'utf-16be': 'utf16be', 'windows-1252': 'win1252' };

/** Reads the file's head and tells its format (formatOfHead). */
export async function detectFormat(path: string, utf8Valid: boolean, fixed?: FixedFormat): Promise<CsvFormat> {
  const handle = await fs.promises.open(path, 'r');
  const head = Buffer.alloc(HEAD_BYTES);
  const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
  await handle.close();
  return formatOfHead(head.subarray(0, bytesRead), utf8Valid, fixed);
}

/**
 * The encoding (a BOM, else UTF-8 when every byte of the file is, utf8Valid, else Windows-1252,
 * which also reads Latin-1) and the delimiter (the most frequent of , ; and tab in the header
 * line, outside quotes: detectDelimiter, the wizard's rule too), from the file's first HEAD_BYTES.
 * A file of prose (looksLikeTable) is refused (415), as is a binary one. `fixed`: what a profile
 * fixes instead of telling it.
 */
export function formatOfHead(bytes: Buffer, utf8Valid: boolean, fixed: FixedFormat = {}): CsvFormat {
  let encoding: Encoding = fixed.encoding ?? (utf8Valid ? 'utf-8' : 'windows-1252');
  let hasBom = false;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) [encoding, hasBom] = ['utf-8', true];
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, hasBom] = ['utf-16le', true];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, hasBom] = ['utf-16be', true];
  else {
    const sixteen = fixed.encoding ? undefined : utf16WithoutBom(bytes);
    if (sixteen) encoding = sixteen;
    else if (looksBinary(bytes)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.binaryFile);
  }
  const text = iconv.decode(bytes, ICONV_NAMES[encoding]);
  const delimiter = fixed.delimiter ?? detectDelimiter(text);
  // Prose saved as .txt (or .csv), told from its lines: no table an import could map. An empty file is told later, as such.
  if (text.trim() && !looksLikeTable(text, delimiter)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.invalidFile);
  return { encoding, hasBom, delimiter };
}


/**
 * Not text: a text file holds no NUL bytes (a spreadsheet, an archive or an image does, early
 * and many). A stray one in a cell is left to the row's check (row-mapper).
 */
function looksBinary(bytes: Buffer): boolean {
  let nul = 0;
  for (let at = bytes.indexOf(0); at !== -1; at = bytes.indexOf(0, at + 1)) nul += 1;
  return nul > Math.max(2, bytes.length / 1000);
}

/**
 * The first HEAD_BYTES (or the whole source when shorter) of a source read once, and all of it
 * again from its start: the chunks read for the head come first, then the rest as it arrives.
 */
export async function splitHead(chunks: AsyncIterable<Buffer>): Promise<{ head: Buffer; all: AsyncIterable<Buffer> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const read: Buffer[] = [];
  let bytes = 0;
  let ended = false;
  while (bytes < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    read.push(next.value);
    bytes += next.value.length;
  }
  async function* all() {
    yield* read;
    read.length = 0;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: Buffer.concat(read).subarray(0, HEAD_BYTES), all: all() };
}

