import { describe, expect, it } from 'vitest';
import { utf8Check } from './utf8-check.js';

/** The check fed the bytes in two chunks cut at `at`. */
function checkCutAt(bytes: Buffer, at: number) {
  const check = utf8Check();
  check.add(bytes.subarray(0, at));
  check.add(bytes.subarray(at));
  return check.valid;
}

describe('utf8Check', () => {
  it('accepts UTF-8 however the chunks cut its characters', () => {
    const bytes = Buffer.from('a é – 船 🚤 z', 'utf8');
    for (let at = 0; at <= bytes.length; at++) expect(checkCutAt(bytes, at)).toBe(true);
  });

  it('refuses bytes that are not UTF-8 wherever the chunks are cut', () => {
    const cases = [
      Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x31]), // 'Café,1' in Windows-1252
      Buffer.from([0x61, 0xe2, 0x82, 0x61, 0x62]), // a three-byte character missing its last byte
      Buffer.from([0x61, 0xc0, 0xaf]), // an overlong '/'
      Buffer.from([0x61, 0xed, 0xa0, 0x80]), // a surrogate
    ];
    for (const bytes of cases) for (let at = 0; at <= bytes.length; at++) expect(checkCutAt(bytes, at)).toBe(false);
  });
});
