/**
 * GET /api/categories as JSON text, in two steps. The layout is every piece of the answer that
 * does not depend on product counts: each category's object as the database wrote it, nested in
 * the tree and again in the flat list, with a slot for each product_count. Rendering fills the
 * slots with subtree totals and joins the pieces once. A server keeps the layout of the whole tree
 * while the tree's version (migration 0011) is unchanged, so a request reads only the 5,000 direct
 * counts and renders; any change to the tree's text makes the next request lay it out again.
 */

export interface CategoryJsonRow {
  id: number;
  parent_id: number | null;
  direct_product_count: number;
  /** The category's API object without product_count, as JSON text. */
  json: string;
}

/** Property names of the answer's lists: the nested tree, and the flat list when asked for. */
export interface CategoryListNames {
  tree: string;
  flat?: string;
}

export interface CategoryListsLayout {
  /** Row index of each category in id order; rows are in tree order (level first, categoriesInTreeOrder). */
  rowsInIdOrder: Int32Array;
  /** Row index of each row's parent, -1 for a root (no parent, or its parent is not listed). */
  parentIndex: Int32Array;
  /** The fixed text as UTF-8, cut into segments at segmentEnds: segment k, then the total of row slots[k], then segment k + 1, ... */
  fixed: Buffer;
  segmentEnds: Int32Array;
  slots: Int32Array;
}

/** Row index of each row's parent, -1 for a root (no parent, or its parent is not among the rows). */
export function parentIndexes(rows: ReadonlyArray<{ id: number; parent_id: number | null }>): Int32Array {
  const indexOf = new Map<number, number>();
  rows.forEach((row, i) => indexOf.set(row.id, i));
  return Int32Array.from(rows, (row) => (row.parent_id === null ? undefined : indexOf.get(row.parent_id)) ?? -1);
}

/**
 * product_count of every row over its whole subtree, by row index. The rows come in tree order
 * (level first, categoriesInTreeOrder), so walking them backwards adds each node's total to its
 * parent's deepest first, in one pass.
 */
export function subtreeTotals(parentIndex: Int32Array, directCounts: ArrayLike<number>): Float64Array {
  const totals = Float64Array.from(directCounts);
  for (let i = totals.length - 1; i >= 0; i--) {
    const parent = parentIndex[i]!;
    if (parent >= 0) totals[parent]! += totals[i]!;
  }
  return totals;
}

export function layoutCategoryLists(rows: readonly CategoryJsonRow[], names: CategoryListNames): CategoryListsLayout {
  const rowsInIdOrder = Int32Array.from(rows.keys()).sort((a, b) => rows[a]!.id - rows[b]!.id);
  const parentIndex = parentIndexes(rows);
  const children: number[][] = [];
  const roots: number[] = [];
  parentIndex.forEach((parent, i) => {
    if (parent < 0) roots.push(i);
    else (children[parent] ??= []).push(i);
  });
  // Each object without its closing brace, up to its count: the flat entry then closes it, the tree node adds subcategories first.
  const opening = rows.map((row) => `${row.json.slice(0, row.json.lastIndexOf('}'))},"product_count":`);

  const texts: string[] = [];
  const slots: number[] = [];
  let text: string[] = [`{"${names.tree}":[`];
  const countOf = (i: number) => {
    text.push(opening[i]!);
    texts.push(text.join(''));
    slots.push(i);
    text = [];
  };
  const writeNodes = (nodes: readonly number[]) => {
    nodes.forEach((i, k) => {
      if (k) text.push(',');
      countOf(i);
      text.push(',"subcategories":[');
      writeNodes(children[i] ?? []);
      text.push(']}');
    });
  };
  writeNodes(roots);
  text.push(']');
  if (names.flat) {
    text.push(`,"${names.flat}":[`);
    rows.forEach((_, i) => {
      if (i) text.push('}');
      text.push(i ? ',' : '');
      countOf(i);
    });
    if (rows.length) text.push('}');
    text.push(']');
  }
  text.push('}');
  texts.push(text.join(''));
  // One buffer for all the fixed text, and offsets into it: 10,000 small buffers would cost more.
  const fixed = Buffer.from(texts.join(''));
  const segmentEnds = new Int32Array(texts.length);
  let end = 0;
  for (let k = 0; k < texts.length; k++) {
    end += Buffer.byteLength(texts[k]!);
    segmentEnds[k] = end;
  }
  return { rowsInIdOrder, parentIndex, fixed, segmentEnds, slots: Int32Array.from(slots) };
}

/** Room for any count in the answer: a safe integer has at most 16 digits, and a sign. */
const COUNT_BYTES = 17;

/**
 * The answer as UTF-8 bytes, given each row's direct product count (by row index); product_count
 * is the subtree total (subtreeTotals). The fixed bytes are copied into one buffer outside the JavaScript heap: a request
 * leaves no 3 MB string behind for the garbage collector.
 */
export function renderCategoryLists(layout: CategoryListsLayout, directCounts: ArrayLike<number>): Buffer {
  const totals = subtreeTotals(layout.parentIndex, directCounts);
  const { fixed, segmentEnds, slots } = layout;
  const out = Buffer.allocUnsafeSlow(fixed.length + slots.length * COUNT_BYTES);
  let offset = 0;
  for (let k = 0; k < slots.length; k++) {
    offset += fixed.copy(out, offset, k ? segmentEnds[k - 1]! : 0, segmentEnds[k]!);
    offset += out.write(String(totals[slots[k]!]!), offset, 'latin1');
  }
  offset += fixed.copy(out, offset, slots.length ? segmentEnds[slots.length - 1]! : 0);
  return out.subarray(0, offset);
}

/**
 * Direct counts given in id order (readCategoryCountsInIdOrder), put in the layout's row order; or
 * undefined when their number is not the layout's (the tree's version would have told already:
 * this is a backstop).
 */
export function countsInLayoutOrder(layout: CategoryListsLayout, countsInIdOrder: readonly number[]) {
  const rows = layout.rowsInIdOrder;
  if (countsInIdOrder.length !== rows.length) return undefined;
  const counts = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) counts[rows[k]!] = countsInIdOrder[k]!;
  return counts;
}
