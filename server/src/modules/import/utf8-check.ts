import { isUtf8 } from 'node:buffer';
import { completeUtf8Length } from '@bosun/shared';

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
      const whole = completeUtf8Length(bytes);
      valid = isUtf8(bytes.subarray(0, whole));
      cut = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : undefined;
    },
  };
}
