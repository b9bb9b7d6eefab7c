import { isUtf8 } from 'node:buffer';

/** Where a character cut at the chunk's end starts (the chunk's length when none is cut). */
function wholeCharactersLength(chunk: Buffer): number {
  for (let i = chunk.length - 1; i >= 0 && i >= chunk.length - 4; i--) {
    const byte = chunk[i]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return i + length > chunk.length ? i : chunk.length;
  }
  return chunk.length;
}

/**
 * Whether every byte read so far is UTF-8, chunk by chunk without decoding them (decoding 100 MB
 * into strings only to throw them away cost a quarter of a second). A character cut at a chunk's edge is
 * checked with the next chunk; one cut by the end of the file counts as valid, as a streaming decoder sees it.
 */
export function utf8Check() {
  let valid = true;
  let cut: Buffer | undefined;
  return {
    get valid() {
      return valid;
    },
    add(chunk: Buffer) {
      if (!valid) return;
      const bytes = cut ? Buffer.concat([cut, chunk]) : chunk;
      const whole = wholeCharactersLength(bytes);
      valid = isUtf8(bytes.subarray(0, whole));
      cut = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : undefined;
    },
  };
}
