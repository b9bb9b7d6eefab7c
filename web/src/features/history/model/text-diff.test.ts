import { describe, expect, it } from 'vitest';
import { htmlToText } from './history-fields';
import { diffText } from './text-diff';

const marks = (before: string, after: string) =>
  diffText(before, after)
    .map((p) => (p.kind === 'same' ? p.text : p.kind === 'removed' ? `[-${p.text}-]` : `{+${p.text}+}`))
    .join('');

describe('diffText', () => {
  it('marks only the words that changed, a changed phrase as one removal and one addition', () => {
    expect(marks('A red teak boat hook', 'A blue teak boat hook')).toBe('A [-red-]{+blue+} teak boat hook');
    expect(marks('Solid red boat', 'Solid blue ship')).toBe('Solid [-red boat-]{+blue ship+}');
    expect(marks('Keep this', 'Keep this and more')).toBe('Keep this{+ and more+}');
    expect(marks('same', 'same')).toBe('same');
  });

  it('gives back both texts when the parts are joined', () => {
    const before = 'Line one\nLine two has words\nLine three';
    const after = 'Line one\nLine two had more words\nLine 3';
    const parts = diffText(before, after);
    expect(parts.filter((p) => p.kind !== 'added').map((p) => p.text).join('')).toBe(before);
    expect(parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe(after);
  });

  it('falls back to lines for very long texts without hanging', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `v${i}`).join(' ');
    const parts = diffText(before, after);
    expect(parts.filter((p) => p.kind !== 'added').map((p) => p.text).join('')).toBe(before);
    expect(parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe(after);
  });
});

describe('htmlToText', () => {
  it('reads a description as its words, one line per block, entities decoded', () => {
    expect(htmlToText('<p>Solid <strong>teak</strong> &amp; brass</p><ul><li>One</li><li>Two&nbsp;items</li></ul>')).toBe('Solid teak & brass\nOne\nTwo items');
  });
});

describe('diffText punctuation', () => {
  it('keeps a word whose punctuation changed', () => {
    expect(marks('for small boats.', 'for boats up to 30 ft.')).toBe('for [-small -]boats{+ up to 30 ft+}.');
  });
});
