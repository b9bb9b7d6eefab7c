import { MAX_CATEGORY_LEVEL, readCategoryName, splitCategoryCell } from '@bosun/shared';

export interface CategoryPaths {
  vendor?: readonly string[];
  store?: readonly string[];
  /** The other paths of a tree the cell listed: a product has one category per tree, so these are not kept (a warning on the row). */
  notKept?: { vendor?: ReadonlyArray<readonly string[]>; store?: ReadonlyArray<readonly string[]> };
}

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
  return { tree, path: Object.freeze(splitCategoryCell(text, '>').map((n) => tidyName(readCategoryName(n))).filter(Boolean)) };
}

/** Cells and parts kept per file at most: a catalogue has a few thousand paths, the caches must not grow with a file of unique ones. */
const CACHE_LIMIT = 50_000;

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

const lowerPath = (path: readonly string[]) => path.map((n) => n.toLocaleLowerCase('en-US'));
/** Whether one path is the other or lies on it ('Deck' and 'Deck > Cleats'), whatever the case. */
function onOnePath(a: readonly string[], b: readonly string[]) {
  const [short, long] = a.length <= b.length ? [lowerPath(a), lowerPath(b)] : [lowerPath(b), lowerPath(a)];
  return short.every((name, i) => name === long[i]);
}

/**
 * 'A > B > C' paths, several joined with ',' (WooCommerce lists a product's categories that way),
 * a ',', '>' or '\\' inside a name escaped with a backslash as the export writes it (splitCategoryCell),
 * each optionally prefixed 'Vendor: ' or 'Store: ' (with or without the space: exports before
 * issue 24 wrote 'Vendor:A'); unprefixed means the store tree. A product has
 * one category per tree (ARCHITECTURE §4): the FIRST path of each tree is kept, and the others are
 * listed in notKept for the row's warning. A path on the kept one is the same category, not another:
 * WooCommerce lists 'Deck, Deck > Cleats' for one product in Deck > Cleats, so the deeper is kept.
 * With a cache (one per file) each part is read once, and rows that spell a path alike share one
 * array, which CategoryResolver knows by identity.
 */
export function parseCategoryHierarchy(cell: string, cache?: Map<string, HierarchyPart>): CategoryPaths {
  const listed: Record<'vendor' | 'store', Array<readonly string[]>> = { vendor: [], store: [] };
  for (const raw of splitCategoryCell(cell, ',')) {
    const part = cache ? (cache.get(raw) ?? remember(cache, raw, readPart(raw))) : readPart(raw);
    if (!part?.path.length) continue;
    const paths = listed[part.tree];
    const same = paths.findIndex((p) => onOnePath(p, part.path));
    if (same === -1) paths.push(part.path);
    else if (part.path.length > paths[same]!.length) paths[same] = part.path;
  }
  const result: CategoryPaths = {};
  for (const tree of ['vendor', 'store'] as const) {
    const [kept, ...others] = listed[tree];
    if (kept) result[tree] = kept;
    if (others.length) result.notKept = { ...result.notKept, [tree]: others };
  }
  return result;
}

/**
 * The category_hierarchy reader of one file. A file repeats a few thousand cells over all its rows
 * (the bench's 100k rows: 3,031), so each distinct cell is read once and its rows share one frozen
 * CategoryPaths: splitting and looking up the parts of every row took 0.3 s per 100k rows.
 */
export function createHierarchyReader(): (cell: string) => CategoryPaths {
  const cells = new Map<string, CategoryPaths>();
  const parts = new Map<string, HierarchyPart>();
  return (cell) => {
    const known = cells.get(cell);
    if (known) return known;
    // The cell is a slice of the parser's chunk of text and would keep it alive in the cache
    // (and so would the names cut from it): a copy of its own is kept instead. Sliced keys held 50 MB
    // of chunks over a 100k-row lightning import, which the import's collections then marked again and again.
    const own = Buffer.from(cell).toString();
    return remember(cells, own, Object.freeze(parseCategoryHierarchy(own, parts)));
  };
}

export const pathTooDeep = (path: readonly string[] | undefined) =>
  path !== undefined && path.length > MAX_CATEGORY_LEVEL
    ? `the category path '${path.join(' > ')}' has ${path.length} levels; the maximum is ${MAX_CATEGORY_LEVEL}`
    : undefined;
