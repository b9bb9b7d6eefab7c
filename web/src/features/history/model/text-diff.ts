/** One run of a text diff: kept, removed (only in the old text) or added (only in the new). */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Past this many cells of the comparison table, a change is shown line by line instead of word by word. */
const MAX_CELLS = 2_000_000;

/**
 * Words, spaces and punctuation marks each a token ('boats.' is 'boats' and '.'), so a word that
 * gained a full stop reads as kept; joining the tokens gives the text back.
 */
const tokenize = (text: string) => text.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+/g) ?? [];

/**
 * The removed and added words between two texts (longest common subsequence of tokens), the common
 * start and end trimmed first; very long changed middles fall back to lines, then to whole texts.
 */
export function diffText(before: string, after: string): DiffPart[] {
  const words = diffTokens(tokenize(before), tokenize(after));
  if (words) return words;
  const byLine = diffTokens(lines(before), lines(after));
  if (byLine) return byLine;
  return merge([
    { kind: 'removed', text: before },
    { kind: 'added', text: after },
  ]);
}

function diffTokens(a: string[], b: string[]): DiffPart[] | null {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) return null;

  const parts: DiffPart[] = [];
  if (start > 0) parts.push({ kind: 'same', text: a.slice(0, start).join('') });
  parts.push(...lcsDiff(midA, midB));
  if (endA < a.length) parts.push({ kind: 'same', text: a.slice(endA).join('') });
  return merge(parts);
}

function lcsDiff(a: string[], b: string[]): DiffPart[] {
  const width = b.length + 1;
  // lengths[i * width + j]: the common subsequence's length of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] = a[i] === b[j] ? lengths[(i + 1) * width + j + 1] + 1 : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      parts.push({ kind: 'same', text: a[i] });
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      parts.push({ kind: 'removed', text: a[i] });
      i += 1;
    } else {
      parts.push({ kind: 'added', text: b[j] });
      j += 1;
    }
  }
  for (; i < a.length; i += 1) parts.push({ kind: 'removed', text: a[i] });
  for (; j < b.length; j += 1) parts.push({ kind: 'added', text: b[j] });
  return parts;
}

/**
 * A run of changes shown as one removed then one added phrase; a space alone between two changes
 * belongs to the run, so "red boat" -> "blue ship" reads as two marks, not four.
 */
function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) out.push({ kind: 'removed', text: removed });
    if (added) out.push({ kind: 'added', text: added });
    removed = '';
    added = '';
  };
  parts.forEach((part, index) => {
    if (part.text === '') return;
    if (part.kind === 'removed') removed += part.text;
    else if (part.kind === 'added') added += part.text;
    else if ((removed || added) && /^\s+$/.test(part.text) && parts[index + 1] && parts[index + 1].kind !== 'same') {
      removed += part.text;
      added += part.text;
    } else {
      flush();
      const last = out.at(-1);
      if (last?.kind === 'same') last.text += part.text;
      else out.push({ ...part });
    }
  });
  flush();
  return out;
}
