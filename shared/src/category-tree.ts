import type { Category, CategoryNode } from './categories.js';

/**
 * Nests a flat list by parent_id in one pass. A node whose parent is not in the list becomes a
 * root, so a filtered list (one vendor's categories, search results) still forms a tree.
 */
export function buildCategoryTree(flat: readonly Category[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const c of flat) nodes.set(c.id, { ...c, subcategories: [] });
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.subcategories! : roots).push(node);
  }
  return roots;
}

/** Every id in the subtrees of the given nodes, themselves included. */
export function collectSubtreeIds(nodes: readonly CategoryNode[], into: number[] = []): number[] {
  for (const node of nodes) {
    into.push(node.id);
    if (node.subcategories?.length) collectSubtreeIds(node.subcategories, into);
  }
  return into;
}

/**
 * Keeps the nodes whose name matches the query and the ancestors that lead to them, so a match
 * deep in the tree is shown in its place. Matching nodes keep their whole subtree.
 */
export function filterCategoryTree(nodes: readonly CategoryNode[], query: string): CategoryNode[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return nodes as CategoryNode[];
  const result: CategoryNode[] = [];
  for (const node of nodes) {
    if (node.name.toLowerCase().includes(needle)) {
      result.push(node);
      continue;
    }
    const children = filterCategoryTree(node.subcategories ?? [], needle);
    if (children.length) result.push({ ...node, subcategories: children });
  }
  return result;
}
