/**
 * The mapping rules in memory, pure: which shop category each vendor category passes to its
 * products (its own mapping, else its nearest mapped ancestor's), and the names of a path.
 * The screen, the apply and the import all decide by these, never per row in SQL.
 */

export interface TreeNode {
  id: number;
  parent_id: number | null;
  level: number;
}

/** The mapping a vendor category passes on: the shop category, and the vendor category whose mapping it is. */
export interface EffectiveMapping {
  storeId: number;
  fromId: number;
}

/**
 * Every node's effective mapping: its own, else its parent's (a mapping applies to the
 * subcategories that have none of their own). Nodes in any order; parents outside `nodes` count as unmapped.
 */
export function effectiveMappings(nodes: readonly TreeNode[], own: ReadonlyMap<number, number>): Map<number, EffectiveMapping> {
  const result = new Map<number, EffectiveMapping>();
  for (const node of [...nodes].sort((a, b) => a.level - b.level)) {
    const mine = own.get(node.id);
    const inherited = node.parent_id === null ? undefined : result.get(node.parent_id);
    const effective = mine !== undefined ? { storeId: mine, fromId: node.id } : inherited;
    if (effective) result.set(node.id, effective);
  }
  return result;
}

/** Ids of a materialised path '/1/7/42/', root first. */
export const idsOf = (path: string) => path.split('/').filter(Boolean).map(Number);

/**
 * The rule of issue 23 for one vendor category, given its path's ids root first: the shop
 * category of the deepest own mapping along it (its own, else its nearest mapped ancestor's);
 * null: none. The import, the product form and the bulk edit all decide by this.
 */
export function mappedAlongPath(pathIds: readonly number[], own: ReadonlyMap<number, number>): number | null {
  for (let i = pathIds.length - 1; i >= 0; i--) {
    const mapped = own.get(pathIds[i]!);
    if (mapped !== undefined) return mapped;
  }
  return null;
}

/** Names from the root down, 'Deck > Winches', for nodes whose ancestors are all in `names`. */
export function namePath(path: string, names: ReadonlyMap<number, string>): string {
  return idsOf(path)
    .map((id) => names.get(id) ?? '?')
    .join(' > ');
}

/** Each node's products in it and all its subcategories, from the kept direct counts. */
export function subtreeCounts(nodes: ReadonlyArray<TreeNode & { direct_product_count: number }>): Map<number, number> {
  const totals = new Map(nodes.map((n) => [n.id, n.direct_product_count]));
  for (const node of [...nodes].sort((a, b) => b.level - a.level)) {
    if (node.parent_id !== null && totals.has(node.parent_id)) totals.set(node.parent_id, totals.get(node.parent_id)! + totals.get(node.id)!);
  }
  return totals;
}
