import type { StoreCategoryRef } from '@bosun/shared';

/**
 * Suggested shop categories for an unmapped vendor category: the store paths whose words match its
 * name best, and the shop categories the same name is mapped to for other vendors.
 */

const STOP_WORDS = new Set(['and', 'the', 'for', 'of', 'with', 'in', 'on', 'to', 'a', 'an', 'other', 'misc', 'accessories']);

/** A name's words, lower case, a plural 's' dropped: 'Winch Handles' and 'winch handle' match. */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

export interface StoreCategoryEntry extends StoreCategoryRef {
  level: number;
  /** The words of its own name, and of its whole path. */
  own: Set<string>;
  all: Set<string>;
}

export function storeEntry(id: number, name: string, path: string, level: number): StoreCategoryEntry {
  return { id, path, level, own: new Set(nameWords(name)), all: new Set(nameWords(path)) };
}

/** Weights: a word of the shop category's own name counts most; a mapping elsewhere more than any word. */
const OWN_WORD = 3;
const PATH_WORD = 1;
const MAPPED_ELSEWHERE = 5;

/**
 * The best three (score above nothing), best first; ties go to the deeper (more precise)
 * category, then by path. `mappedElsewhere`: shop category id -> how many vendor categories of
 * the same name map to it.
 */
export function suggestStoreCategories(
  name: string,
  store: readonly StoreCategoryEntry[],
  mappedElsewhere: ReadonlyMap<number, number> | undefined,
  limit = 3,
): StoreCategoryRef[] {
  const words = [...new Set(nameWords(name))];
  const scored: Array<{ entry: StoreCategoryEntry; score: number }> = [];
  for (const entry of store) {
    let score = (mappedElsewhere?.get(entry.id) ?? 0) * MAPPED_ELSEWHERE;
    for (const w of words) score += entry.own.has(w) ? OWN_WORD : entry.all.has(w) ? PATH_WORD : 0;
    if (score > 0) scored.push({ entry, score });
  }
  scored.sort((a, b) => b.score - a.score || b.entry.level - a.entry.level || a.entry.path.localeCompare(b.entry.path));
  return scored.slice(0, limit).map(({ entry }) => ({ id: entry.id, path: entry.path }));
}
