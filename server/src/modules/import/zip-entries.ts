/**
 * The entries of a ZIP archive on disk, read by its central directory: any entry in any order,
 * each inflated straight from the file as a stream, its sizes known before it is read. An .xlsx
 * is read this way (xlsx-records.ts) rather than with exceljs's streaming reader, which goes
 * through the archive front to back and spools every sheet stored before the shared strings
 * (Excel's order) to a temporary file: disk that a small upload could fill, a late ENOENT when a
 * reading stopped early, and a valid workbook refused now and then on a busy machine.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the two an .xlsx uses. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** As the directory states it: a reader counts what it inflates (zip-bounds in xlsx-records.ts). */
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** The file is not a ZIP archive, or one this reader cannot open (damaged, encrypted, another compression). */
export class NotAZipError extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX32 = 0xffffffff;

/** Reads `length` bytes at `position`, or fails as not a ZIP when the file is shorter. */
async function readAt(file: Awaited<ReturnType<typeof open>>, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead < length) throw new NotAZipError('truncated');
  return buffer;
}

/** The archive's entries by name, from its central directory (ZIP64 included). */
export async function readZipDirectory(path: string): Promise<Map<string, ZipEntry>> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    // The end record is 22 bytes, followed by a comment of up to 65,535.
    const tailLength = Math.min(size, 22 + 0xffff);
    if (tailLength < 22) throw new NotAZipError('too short');
    const tail = await readAt(file, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0 && end < 0; i--) if (tail.readUInt32LE(i) === END_OF_DIRECTORY) end = i;
    if (end < 0) throw new NotAZipError('no end of directory');
    let count = tail.readUInt16LE(end + 10);
    let directorySize = tail.readUInt32LE(end + 12);
    let directoryOffset = tail.readUInt32LE(end + 16);
    if (count === 0xffff || directorySize === MAX32 || directoryOffset === MAX32) {
      const locator = end - 20;
      if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new NotAZipError('no zip64 locator');
      const record = await readAt(file, 56, Number(tail.readBigUInt64LE(locator + 8)));
      if (record.readUInt32LE(0) !== ZIP64_END_OF_DIRECTORY) throw new NotAZipError('no zip64 end of directory');
      count = Number(record.readBigUInt64LE(32));
      directorySize = Number(record.readBigUInt64LE(40));
      directoryOffset = Number(record.readBigUInt64LE(48));
    }
    if (directoryOffset + directorySize > size) throw new NotAZipError('directory outside the file');
    const directory = await readAt(file, directorySize, directoryOffset);
    const entries = new Map<string, ZipEntry>();
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new NotAZipError('bad directory entry');
      const flags = directory.readUInt16LE(at + 8);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraStart = at + 46 + nameLength;
      const extraEnd = extraStart + directory.readUInt16LE(at + 30);
      const entry: ZipEntry = {
        // Bit 11: the name is UTF-8; an .xlsx's part names are ASCII either way.
        name: directory.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, extraStart),
        method: directory.readUInt16LE(at + 10),
        encrypted: (flags & 0x1) !== 0,
        compressedSize: directory.readUInt32LE(at + 20),
        uncompressedSize: directory.readUInt32LE(at + 24),
        localHeaderOffset: directory.readUInt32LE(at + 42),
      };
      readZip64Sizes(directory, extraStart, Math.min(extraEnd, directory.length), entry);
      entries.set(entry.name, entry);
      at = extraEnd + directory.readUInt16LE(at + 32);
    }
    return entries;
  } finally {
    await file.close();
  }
}

/** A ZIP64 extra field holds, in this order, each of the three that the entry's own field left at 0xFFFFFFFF. */
function readZip64Sizes(directory: Buffer, start: number, end: number, entry: ZipEntry) {
  for (let at = start; at + 4 <= end; at += 4 + directory.readUInt16LE(at + 2)) {
    if (directory.readUInt16LE(at) !== ZIP64_EXTRA) continue;
    let field = at + 4;
    const next = () => {
      const value = field + 8 <= end ? Number(directory.readBigUInt64LE(field)) : MAX32;
      field += 8;
      return value;
    };
    if (entry.uncompressedSize === MAX32) entry.uncompressedSize = next();
    if (entry.compressedSize === MAX32) entry.compressedSize = next();
    if (entry.localHeaderOffset === MAX32) entry.localHeaderOffset = next();
  }
}

/** The entry's inflated bytes. Destroying the stream closes the file; a damaged entry is an error on the stream. */
export async function openZipEntry(path: string, entry: ZipEntry): Promise<Readable> {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) throw new NotAZipError('encrypted or not deflated');
  const file = await open(path, 'r');
  let start: number;
  try {
    const header = await readAt(file, 30, entry.localHeaderOffset);
    if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new NotAZipError('bad local header');
    start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await file.close();
  }
  if (entry.compressedSize === 0) {
    const empty = new PassThrough();
    empty.end();
    return empty;
  }
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  if (entry.method === 0) return raw;
  const inflate = createInflateRaw();
  // An error on either side destroys both: the file is closed however the reading ends.
  pipeline(raw, inflate, () => {});
  return inflate;
}
