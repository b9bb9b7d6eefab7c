import { MAX_CATEGORY_LEVEL } from '@bosun/shared';

export interface CategoryPaths {
  vendor?: readonly string[];
  store?: readonly string[];
}

/** Splits on the separator except where a backslash escapes it, as WooCommerce writes '\,' in names. */
function splitUnescaped(text: string, separator: string): string[] {
  if (!text.includes('\\')) return text.split(separator);
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + text[i + 1];
      i += 1;
    } else if (text.startsWith(separator, i)) {
      parts.push(current);
      current = '';
      i += separator.length - 1;
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

const unescape = (name: string) => (name.includes('\\') ? name.replace(/\\(.)/g, '$1') : name);
/** Whitespace other than single spaces between words. */
const UNTIDY = /\s\s|[^\S ]/;
/** Surrounding and repeated spaces are not part of a category's name. */
export const tidyName = (name: string) => {
  const trimmed = name.trim();
  return UNTIDY.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
};

/** One part of a hierarchy cell as read: its tree and path (frozen: shared by every row that spells it so). */
export type HierarchyPart = { tree: 'vendor' | 'store'; path: readonly string[] } | null;

function readPart(raw: string): HierarchyPart {
  let text = raw.trim();
  if (!text) return null;
  let tree: 'vendor' | 'store' = 'store';
  const prefix = /^(vendor|store)\s*:/i.exec(text);
  if (prefix) {
    tree = prefix[1]!.toLowerCase() as 'vendor' | 'store';
    text = text.slice(prefix[0].length);
  }
  return { tree, path: Object.freeze(splitUnescaped(text, '>').map((n) => tidyName(unescape(n))).filter(Boolean)) };
}

/** Parts kept per file at most: a catalogue has a few thousand paths, the cache must not grow with a file of unique ones. */
const PART_CACHE_LIMIT = 50_000;

/**
 * 'A > B > C' paths, several joined with ',' (WooCommerce lists a product's categories that way),
 * each optionally prefixed 'Vendor:' or 'Store:'; unprefixed means the store tree. Per tree the
 * deepest path is kept: WooCommerce lists 'Deck, Deck > Cleats' for one product in Deck > Cleats.
 * A file repeats its few thousand paths over every row: with a cache (one per file) each part is
 * read once, and rows that spell a path alike share one array, which CategoryResolver knows by identity.
 */
export function parseCategoryHierarchy(cell: string, cache?: Map<string, HierarchyPart>): CategoryPaths {
  const result: CategoryPaths = {};
  for (const raw of splitUnescaped(cell, ',')) {
    let part = cache?.get(raw);
    if (part === undefined) {
      part = readPart(raw);
      if (cache) {
        if (cache.size >= PART_CACHE_LIMIT) cache.clear();
        cache.set(raw, part);
      }
    }
    if (part && part.path.length > (result[part.tree]?.length ?? 0)) result[part.tree] = part.path;
  }
  return result;
}

export const pathTooDeep = (path: readonly string[] | undefined) =>
  path !== undefined && path.length > MAX_CATEGORY_LEVEL
    ? `the category path '${path.join(' > ')}' has ${path.length} levels; the maximum is ${MAX_CATEGORY_LEVEL}`
    : undefined;
