/**
 * An .xlsx archive's parts, read in the order the import needs them: the workbook's list of
 * sheets first (an unknown sheet is answered before anything large is read), then the shared
 * strings and styles the cells point into, then only the chosen sheet, streamed from the archive.
 * The archive is opened by its directory (zip-entries.ts); the XML of each part is parsed by
 * exceljs's streaming reader's own part parsers, called one by one: exceljs 4.4.0 is pinned
 * (ARCHITECTURE.md section 8) and these methods are its reader's, so a bump is checked here.
 * The shared strings are the exception: they go to a file of their own (xlsx-shared-strings.ts),
 * and the sheet's text cells come as their index into it ({ sharedString }), read from there.
 */
import { Transform, pipeline, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_MESSAGES } from '@bosun/shared';
import { AppError, badRequest } from '../../errors.js';
import { SharedStrings } from './xlsx-shared-strings.js';
import { NotAZipError, openZipEntry, readZipDirectory, type ZipEntry } from './zip-entries.js';

/**
 * The XML read whole before the sheet (workbook, relationships, styles, held in memory, and the
 * shared strings every text cell points into, held on disk with 4 bytes a string in memory) is
 * bounded, as is the sheet's XML, which is only streamed: a bounded upload could otherwise unpack
 * to any size (a ZIP bomb), checked from the directory before reading and again by counting what
 * is inflated, since a directory can lie.
 */
export const XLSX_LIMITS = { heldXmlBytes: 256 * 1024 * 1024, sheetXmlBytes: 4 * 1024 * 1024 * 1024 };
export type XlsxLimits = typeof XLSX_LIMITS;

export interface SheetReader {
  name?: string;
  id?: number | string;
  state?: string;
  parse(): AsyncIterator<Array<{ eventType: string; value: unknown }>>;
}

/** exceljs's streaming workbook reader, used for its part parsers only (it never opens the file itself here). */
interface PartParsers {
  model?: { sheets?: Array<{ name: string; id: number; rId: string; state?: string }> };
  properties?: { date1904?: boolean };
  workbookRels?: Array<{ Id: string; Type?: string; Target: string }>;
  _parseRels(stream: Readable): Promise<void>;
  _parseWorkbook(stream: Readable): Promise<void>;
  _parseStyles(stream: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string): Generator<{ eventType: string; value: SheetReader }>;
}

export interface SheetPart {
  name: string;
  state?: string;
  id: number;
  entry: ZipEntry;
}

export const notAWorkbook = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.invalidWorkbook);
export const unknownSheet = (sheet: string) => badRequest(IMPORT_MESSAGES.unknownSheet(sheet), { sheet: IMPORT_MESSAGES.unknownSheet(sheet) });
const tooLarge = (bytes: number) => new AppError(413, 'PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.workbookTooLarge(bytes));

/** A failure while reading the archive, as the answer staff get: a bound's 413 stays, anything else means the file is not a workbook. */
export const asWorkbookError = (error: unknown) => (error instanceof AppError ? error : notAWorkbook());

const isHidden = (state: string | undefined) => state === 'hidden' || state === 'veryHidden';

/** A relationship's target as the path of its part: relative to xl/, or absolute from the archive's root. */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

export class WorkbookParts {
  private heldBytes = 0;

  private constructor(
    private readonly path: string,
    private readonly entries: Map<string, ZipEntry>,
    private readonly parsers: PartParsers,
    private readonly limits: XlsxLimits,
    /** The sheets in the workbook's order, each with its part in the archive. */
    readonly sheets: SheetPart[],
  ) {}

  /** Opens the archive and reads its list of sheets. Not an .xlsx: 415. */
  static async open(path: string, options: { styles: boolean }, limits = XLSX_LIMITS): Promise<WorkbookParts> {
    let entries: Map<string, ZipEntry>;
    try {
      entries = await readZipDirectory(path);
    } catch (error) {
      if (error instanceof NotAZipError) throw notAWorkbook();
      throw error;
    }
    const parsers = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      worksheets: 'emit',
      // Read here by SharedStrings: without a table of its own, exceljs gives a text cell as { sharedString: index }.
      sharedStrings: 'ignore',
      // A link reads as its text, which is the cell's value; the address is not what staff typed.
      hyperlinks: 'ignore',
      // Needed to tell a date from a number: the cell's number format says which.
      styles: options.styles ? 'cache' : 'ignore',
      entries: 'ignore',
    }) as unknown as PartParsers;
    const parts = new WorkbookParts(path, entries, parsers, limits, []);
    const rels = entries.get('xl/_rels/workbook.xml.rels');
    const book = entries.get('xl/workbook.xml');
    if (!rels || !book) throw notAWorkbook();
    await parts.readHeld(rels, (stream) => parsers._parseRels(stream));
    await parts.readHeld(book, (stream) => parsers._parseWorkbook(stream));
    for (const sheet of parsers.model?.sheets ?? []) {
      const target = parsers.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target;
      const entry = target === undefined ? undefined : entries.get(partPath(target));
      if (entry) parts.sheets.push({ name: sheet.name, state: sheet.state, id: sheet.id, entry });
    }
    if (parts.sheets.length === 0) throw notAWorkbook();
    return parts;
  }

  get date1904() {
    return Boolean(this.parsers.properties?.date1904);
  }

  /** The sheet `name` names, or the first visible one; an unknown name is a 400 naming `sheet`. */
  sheet(name: string | undefined): SheetPart {
    if (name === undefined) return this.sheets.find((s) => !isHidden(s.state)) ?? this.sheets[0]!;
    const found = this.sheets.find((s) => s.name === name);
    if (!found) throw unknownSheet(name);
    return found;
  }

  /**
   * Reads the shared strings (to their file) and the styles (the cells' number formats, into
   * memory), as the cells need them. The caller closes the strings; they are closed here when
   * reading the styles fails.
   */
  async readCellParts(): Promise<SharedStrings | undefined> {
    const target = (type: string) => this.parsers.workbookRels?.find((rel) => rel.Type?.endsWith(`/relationships/${type}`))?.Target;
    const stringsPart = this.entries.get(partPath(target('sharedStrings') ?? 'sharedStrings.xml'));
    const styles = this.entries.get(partPath(target('styles') ?? 'styles.xml'));
    let strings: SharedStrings | undefined;
    try {
      if (stringsPart) {
        await this.readHeld(stringsPart, async (stream) => {
          strings = await SharedStrings.read(stream);
        });
      }
      if (styles) await this.readHeld(styles, (stream) => this.parsers._parseStyles(stream));
    } catch (error) {
      strings?.close();
      throw error;
    }
    return strings;
  }

  /** The sheet's XML as it is inflated, bounded; destroying it closes the file. */
  sheetBytes(sheet: SheetPart): Promise<Readable> {
    return this.bounded(sheet.entry, this.limits.sheetXmlBytes, this.limits.sheetXmlBytes);
  }

  /** exceljs's reader of the sheet's rows over its bytes, and the bytes to destroy when the reading stops early. */
  async sheetReader(sheet: SheetPart): Promise<{ reader: SheetReader; bytes: Readable }> {
    const bytes = await this.sheetBytes(sheet);
    // exceljs decodes each chunk on its own, which turned a character of several bytes that a chunk's
    // edge cuts in two (an 'Ö' of an inline text) into replacement characters: decoded here as one stream.
    bytes.setEncoding('utf8');
    const reader = this.parsers._parseWorksheet(bytes as AsyncIterable<Buffer>, String(sheet.id)).next().value!.value;
    Object.assign(reader, { name: sheet.name, id: sheet.id, state: sheet.state });
    return { reader, bytes };
  }

  private async readHeld(entry: ZipEntry, parse: (stream: Readable) => Promise<void>) {
    const stream = await this.bounded(entry, this.limits.heldXmlBytes - this.heldBytes, this.limits.heldXmlBytes);
    try {
      await parse(stream);
    } catch (error) {
      throw asWorkbookError(error);
    } finally {
      stream.destroy();
    }
    this.heldBytes += entry.uncompressedSize;
  }

  /** The entry's bytes, refused with a 413 naming `limit` when the directory says, or the inflating shows, it is larger than `max`. */
  private async bounded(entry: ZipEntry, max: number, limit: number): Promise<Readable> {
    if (entry.uncompressedSize > max) throw tooLarge(limit);
    let source: Readable;
    try {
      source = await openZipEntry(this.path, entry);
    } catch (error) {
      if (error instanceof NotAZipError) throw notAWorkbook();
      throw error;
    }
    let seen = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        done(seen > max ? tooLarge(limit) : null, chunk);
      },
    });
    pipeline(source, counter, () => {});
    return counter;
  }
}
