/**
 * An .xlsx workbook's shared strings table, kept on disk: every text cell of a sheet holds only an
 * index into it, and a vendor's 100k-row price list has hundreds of thousands of distinct strings
 * (names, descriptions), which held as JavaScript strings doubled the import's peak memory against
 * the CSV file of the same rows. The table's XML is parsed once, as it streams from the archive;
 * each string's text goes to a temporary file and only where it starts is held (4 bytes a
 * string). A cell's string is read back from the file where it starts: through a window of the
 * file (Excel writes the table in the order the cells first use its strings, so the sheet's next
 * new strings are mostly the ones just after), and a small cache of the last strings read (a
 * vendor's name or a category comes back on many rows).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { makeSpoolDir } from './spool-dir.js';

interface SaxTag {
  name: string;
  isSelfClosing?: boolean;
}
type SaxEvents = Array<{ eventType: string; value: SaxTag | string }>;

// exceljs's own SAX reading (saxes under it), as its part parsers read the other parts: exceljs is the kept library for the format.
const parseSax = createRequire(import.meta.url)('exceljs/lib/utils/parse-sax.js') as (chunks: AsyncIterable<string | Buffer>) => AsyncGenerator<SaxEvents>;

/**
 * The part's strings are written to the file in blocks this large, and read back through a window
 * this large: a hundred or so of a sheet's next strings in one read, and little to copy when the
 * string wanted is elsewhere.
 */
const BLOCK_BYTES = 1024 * 1024;
const WINDOW_BYTES = 16 * 1024;
/** The cache of strings read: this many, each at most this long (a long description is read from the file each time). */
const CACHE_STRINGS = 4096;
const CACHE_STRING_CHARS = 512;

/** The tag's name without its namespace prefix: a writer may spell the elements 'x:si', 'x:t'. */
const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

export class SharedStrings {
  /** Where string i starts in the file is starts[i]; where it ends, starts[i + 1]. */
  private starts = new Uint32Array(1024);
  private count = 0;
  private fileBytes = 0;
  private pending: Buffer | undefined = Buffer.allocUnsafe(BLOCK_BYTES);
  private pendingBytes = 0;
  private readonly window = Buffer.allocUnsafe(WINDOW_BYTES);
  private windowStart = 0;
  private windowEnd = 0;
  private readonly cache = new Map<number, string>();
  private closed = false;

  private constructor(
    private readonly fd: number,
    private readonly dir: { dir: string; removeNow: () => void },
  ) {}

  /**
   * Reads the table from its XML as it streams: the text of each <si> (a plain <t>, or the <t> of
   * each rich text run in turn, their formatting dropped; the phonetic reading of an East Asian
   * string, <rPh>, is not part of its text). The file is removed when the reading fails.
   */
  static async read(xml: Readable): Promise<SharedStrings> {
    const dir = await makeSpoolDir();
    let strings: SharedStrings;
    try {
      strings = new SharedStrings(fs.openSync(path.join(dir.dir, 'shared-strings'), 'w+'), dir);
    } catch (error) {
      dir.removeNow();
      throw error;
    }
    try {
      // Decoded as a whole stream: a character whose bytes two chunks share is read whole.
      xml.setEncoding('utf8');
      let inPhonetic = false;
      let inText = false;
      let text = '';
      for await (const events of parseSax(xml)) {
        for (const { eventType, value } of events) {
          if (eventType === 'text') {
            if (inText) text += value as string;
            continue;
          }
          const name = localName((value as SaxTag).name);
          if (eventType === 'opentag') {
            if (name === 'si') text = '';
            else if (name === 'rPh') inPhonetic = true;
            else if (name === 't') inText = !inPhonetic;
          } else if (eventType === 'closetag') {
            if (name === 't') inText = false;
            else if (name === 'rPh') inPhonetic = false;
            else if (name === 'si') strings.add(text);
          }
        }
      }
      strings.finish();
      return strings;
    } catch (error) {
      strings.close();
      throw error;
    }
  }

  /** How many strings the table has. */
  get size() {
    return this.count;
  }

  /** The bytes this table holds in memory, whatever its size on disk: where its strings start, the window and the cache. */
  get heldBytes() {
    let cached = 0;
    for (const s of this.cache.values()) cached += 2 * s.length;
    return this.starts.byteLength + this.window.length + (this.pending?.length ?? 0) + cached;
  }

  /** String i of the table; an index the table does not have reads as empty, as an empty cell. */
  get(i: number): string {
    if (!(i >= 0 && i < this.count)) return '';
    const hit = this.cache.get(i);
    if (hit !== undefined) {
      // Taken out and put back: the Map's order is the order of use, the least recently used first.
      this.cache.delete(i);
      this.cache.set(i, hit);
      return hit;
    }
    const start = this.starts[i]!;
    const length = this.starts[i + 1]! - start;
    const value = this.readAt(start, length);
    if (value.length <= CACHE_STRING_CHARS) {
      if (this.cache.size >= CACHE_STRINGS) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(i, value);
    }
    return value;
  }

  /** Closes and removes the file. Idempotent: the reading's end, its failure and a close by the caller may each come first. */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.cache.clear();
    try {
      fs.closeSync(this.fd);
    } finally {
      this.dir.removeNow();
    }
  }

  private add(text: string) {
    const bytes = Buffer.byteLength(text);
    if (this.fileBytes + this.pendingBytes + bytes > 0xffffffff) throw new Error('shared strings past 4 GB');
    if (this.count + 1 >= this.starts.length) {
      const grown = new Uint32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    const pending = this.pending!;
    if (this.pendingBytes + bytes > pending.length) this.flush();
    if (bytes > pending.length) {
      fs.writeSync(this.fd, Buffer.from(text));
      this.fileBytes += bytes;
    } else {
      pending.write(text, this.pendingBytes);
      this.pendingBytes += bytes;
    }
    this.count += 1;
    this.starts[this.count] = this.fileBytes + this.pendingBytes;
  }

  private flush() {
    if (this.pendingBytes === 0) return;
    fs.writeSync(this.fd, this.pending!, 0, this.pendingBytes);
    this.fileBytes += this.pendingBytes;
    this.pendingBytes = 0;
  }

  /** The table is read: the write buffer is let go, and where the strings start is kept at its size. */
  private finish() {
    this.flush();
    this.pending = undefined;
    this.starts = this.starts.slice(0, this.count + 1);
  }

  private readAt(start: number, length: number): string {
    if (length === 0) return '';
    if (start >= this.windowStart && start + length <= this.windowEnd) {
      return this.window.toString('utf8', start - this.windowStart, start - this.windowStart + length);
    }
    if (length > this.window.length) {
      // Longer than the window (a long description): read on its own.
      const buffer = Buffer.allocUnsafe(length);
      this.readFully(buffer, length, start);
      return buffer.toString('utf8');
    }
    const read = this.readFully(this.window, Math.min(this.window.length, this.fileBytes - start), start);
    this.windowStart = start;
    this.windowEnd = start + read;
    return this.window.toString('utf8', 0, length);
  }

  private readFully(buffer: Buffer, length: number, position: number): number {
    let done = 0;
    while (done < length) {
      const read = fs.readSync(this.fd, buffer, done, length - done, position + done);
      if (read === 0) throw new Error('shared strings file ended early');
      done += read;
    }
    return done;
  }
}
