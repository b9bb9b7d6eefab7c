import { Duplex, pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * Gzip decompression as a stage of a stream pipeline (a supplier feed served as a .gz file or with
 * Content-Encoding: gzip). It decompresses as the bytes arrive, pulled by what follows it, so a
 * byte limit after it stops a zip bomb at the limit without the rest ever being inflated. Its
 * failures say in words what is wrong with the archive, not zlib's text.
 */

/** A gzip archive that cannot be decompressed; the message is for staff. */
export class GzipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GzipError';
  }
}

export const GZIP_MESSAGES = {
  notGzip: 'The server said the file is gzip-compressed, but it is not a gzip archive',
  cutShort: 'The gzip archive is cut short: it ends before its compressed data does',
  damaged: 'The gzip archive is damaged and cannot be decompressed',
};

/** Every gzip archive starts with these two bytes (RFC 1952); no CSV or Excel file does. */
const isGzipHead = (head: Buffer) => head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;

function gzipError(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  // Z_BUF_ERROR is zlib's 'unexpected end of file': the input stopped inside the compressed data.
  if (code === 'Z_BUF_ERROR') return new GzipError(GZIP_MESSAGES.cutShort);
  if (typeof code === 'string' && code.startsWith('Z_')) return new GzipError(GZIP_MESSAGES.damaged);
  return err;
}

/** The first bytes of `source` (at least `count` unless it ends sooner), and the rest of it to go on reading. */
async function readHead(source: AsyncIterable<Buffer>, count: number) {
  const chunks = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let length = 0;
  while (length < count) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    length += next.value.length;
  }
  async function* rest() {
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: Buffer.concat(head), rest };
}

/**
 * A pipeline stage that decompresses a gzip archive and passes anything else through unchanged,
 * told apart by the archive's first two bytes. With `required` (the server said Content-Encoding:
 * gzip) a body that is not gzip fails instead.
 */
export function gunzipStage({ required, onGzip }: { required: boolean; onGzip?: () => void }): Duplex {
  return Duplex.from(async function* gunzipIfGzip(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const { head, rest } = await readHead(source, 2);
    if (!isGzipHead(head)) {
      if (required) throw new GzipError(GZIP_MESSAGES.notGzip);
      if (head.length) yield head;
      yield* rest();
      return;
    }
    onGzip?.();
    async function* whole() {
      yield head;
      yield* rest();
    }
    // The returned stream ends, or fails, with the pipeline; leaving the loop early destroys it and with it the pipeline.
    const inflated = pipeline(Readable.from(whole(), { objectMode: false }), zlib.createGunzip(), () => {});
    try {
      for await (const chunk of inflated) yield chunk as Buffer;
    } catch (err) {
      throw gzipError(err);
    }
  });
}
