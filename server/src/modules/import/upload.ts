import '@fastify/multipart';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { IMPORT_MESSAGES, isCsvFileName, isWorkbookFileName } from '@bosun/shared';
import { AppError, badRequest } from '../../errors.js';
import { utf8Check } from './utf8-check.js';
import { makeSpoolDir } from './spool-dir.js';

export interface SpooledUpload {
  path: string;
  fileName: string;
  bytes: number;
  /** Whether every byte read as UTF-8, checked while spooling. */
  utf8Valid: boolean;
  /** Named or typed as an Excel workbook (.xlsx): read as one (xlsx-records.ts), not as CSV text. */
  workbook: boolean;
  fields: Record<string, string>;
  remove(): Promise<void>;
}


/**
 * Bytes the spool may buffer on the way to the disk. With the streams' default 16 KB every 64 KB
 * the socket delivers waited for its write to the file before the next was read: a 100 MB upload
 * (a preview with an empty mapping, answered right after spooling, busy machine) took 521-819 ms,
 * median 630, against 445-675 ms, median 500, with 1 MB.
 */
const SPOOL_BUFFER = 1024 * 1024;

/** Reads the file while it is uploaded: called when the file starts, with the fields sent before it. */
export interface UploadReader<T> {
  /** Whether the fields before the file are enough to read it (else it is only spooled). */
  ready(fields: Record<string, string>): boolean;
  /** Reads the file's bytes as they arrive; reading slower holds the upload back. */
  read(fields: Record<string, string>, chunks: AsyncIterable<Buffer>): Promise<T>;
}

/**
 * Streams the multipart csvFile to a temporary file (never into memory), collecting the other
 * fields whichever order they come in. Over the size limit is a 413; neither a CSV nor an .xlsx a 415. With a
 * reader, the file is also read as it arrives; its result is only given when the whole upload
 * came through, and an error it throws is thrown once the rest of the upload is spooled, so that
 * the client gets the answer after its upload, as without one.
 */
export async function spoolUpload<T = never>(request: FastifyRequest, maxBytes: number, reader?: UploadReader<T>): Promise<SpooledUpload & { read?: T }> {
  const { dir, remove } = await makeSpoolDir();
  const target = path.join(dir, `${randomBytes(8).toString('hex')}.csv`);
  const fields: Record<string, string> = {};
  let file: Omit<SpooledUpload, 'fields' | 'remove'> | undefined;
  let read: T | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'csvFile') {
        part.file.resume();
        continue;
      }
      const workbook = isWorkbookFileName(part.filename, part.mimetype);
      if (!workbook && !isCsvFileName(part.filename, part.mimetype)) {
        part.file.resume();
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.invalidFile);
      }
      const utf8 = utf8Check();
      let bytes = 0;
      const spool = fs.createWriteStream(target, { highWaterMark: SPOOL_BUFFER });
      const spooled = finished(spool);
      spooled.catch(() => {}); // awaited below; an early failure must not go unhandled meanwhile
      const incoming = part.file[Symbol.asyncIterator]();
      /** The upload's next chunk, checked and on its way to the spool; undefined at its end. */
      const next = async (): Promise<Buffer | undefined> => {
        const { value, done } = await incoming.next();
        if (done) return undefined;
        const chunk = value as Buffer;
        bytes += chunk.length;
        utf8.add(chunk);
        if (!spool.write(chunk)) await Promise.race([once(spool, 'drain'), spooled]);
        return chunk;
      };
      let readFailure: { error: unknown } | undefined;
      // A workbook is an archive whose parts may come in any order: it is read once spooled.
      if (!workbook && reader?.ready(fields)) {
        async function* chunks() {
          for (let chunk = await next(); chunk; chunk = await next()) yield chunk;
        }
        try {
          read = await reader.read(fields, chunks());
        } catch (error) {
          readFailure = { error };
        }
      }
      // Whatever the reader left (all of it without one, the rest after an error).
      while (await next());
      spool.end();
      await spooled;
      if (part.file.truncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge(maxBytes));
      if (readFailure) throw readFailure.error;
      file = { path: target, fileName: part.filename, bytes, utf8Valid: utf8.valid, workbook };
    }
  } catch (err) {
    await remove();
    throw err;
  }
  if (!file) {
    await remove();
    throw badRequest(IMPORT_MESSAGES.invalidFile, { csvFile: IMPORT_MESSAGES.invalidFile });
  }
  return { ...file, fields, remove, read };
}
