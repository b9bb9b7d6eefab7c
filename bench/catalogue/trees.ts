import { mixSeed, Random } from './random.js';
import { departmentCapacity, taxonChildCount, taxonName } from './taxonomy.js';
import type { CategorySeed, DepartmentCoverage } from './types.js';

const DAY_MS = 86_400_000;
export const MAX_LEVEL = 5;

interface Growing {
  ref: number;
  level: number;
  /** Taxonomy child indexes not used yet. */
  remaining: number[];
}

export interface TreeSpec {
  type: 'vendor' | 'store';
  vendorIndex: number | null;
  /** Departments (and the groups in each) the tree may use, in the order it takes them. */
  coverage: DepartmentCoverage[];
  budget: number;
  /** The tree is created on or after this date. */
  createdAfter: Date;
  now: Date;
}

/** The most categories a tree over these departments can hold. */
export function treeCapacity(coverage: DepartmentCoverage[]): number {
  return coverage.reduce((sum, c) => sum + departmentCapacity(c.department, c.groups), 0);
}

/**
 * Cuts one category tree of `budget` nodes out of the taxonomy and appends it to `out`.
 * Each department first gets one full chain down to level 5 (so every tree reaches depth 5 when
 * the budget allows), then nodes are added under random existing nodes, preferring the shallower of
 * two candidates so trees grow broad before they grow deep.
 */
export function growTree(seed: number, spec: TreeSpec, out: CategorySeed[]): void {
  const rng = new Random(mixSeed(seed, spec.vendorIndex ?? 9999, spec.type === 'store' ? 1 : 2));
  const budget = Math.min(spec.budget, treeCapacity(spec.coverage));
  const allowedGroups = new Map(spec.coverage.map((c) => [c.department, c.groups]));
  const startMs = spec.createdAfter.getTime();
  const spanMs = Math.max(DAY_MS, spec.now.getTime() - startMs - 730 * DAY_MS);
  const growing: Growing[] = [];
  const expandable: Growing[] = [];
  let added = 0;

  const add = (taxon: number[], parent: CategorySeed | null): CategorySeed => {
    const createdMs = startMs + Math.floor(rng.float() * spanMs);
    const node: CategorySeed = {
      ref: out.length,
      name: taxonName(taxon),
      type: spec.type,
      vendorIndex: spec.vendorIndex,
      parentRef: parent ? parent.ref : null,
      level: taxon.length,
      taxon,
      childRefs: [],
      created_at: new Date(createdMs).toISOString(),
      updated_at: new Date(createdMs + rng.int(0, 200) * DAY_MS).toISOString(),
    };
    out.push(node);
    parent?.childRefs.push(node.ref);
    added++;
    const childCount = node.level < MAX_LEVEL ? taxonChildCount(taxon) : 0;
    const remaining = node.level === 1 ? [...(allowedGroups.get(taxon[0]) ?? [])] : Array.from({ length: childCount }, (_, i) => i);
    const entry: Growing = { ref: node.ref, level: node.level, remaining };
    growing[node.ref] = entry;
    if (remaining.length > 0) expandable.push(entry);
    return node;
  };

  const addChild = (entry: Growing): CategorySeed => {
    const parent = out[entry.ref];
    const at = rng.int(0, entry.remaining.length - 1);
    const childIndex = entry.remaining[at];
    entry.remaining[at] = entry.remaining[entry.remaining.length - 1];
    entry.remaining.pop();
    if (entry.remaining.length === 0) expandable.splice(expandable.indexOf(entry), 1);
    return add([...parent.taxon, childIndex], parent);
  };

  const roots: CategorySeed[] = [];
  for (const { department } of spec.coverage) {
    if (added >= budget) break;
    roots.push(add([department], null));
  }
  for (const root of roots) {
    let node = root;
    while (added < budget && node.level < MAX_LEVEL) node = addChild(growing[node.ref]);
  }
  while (added < budget && expandable.length > 0) {
    const a = expandable[rng.int(0, expandable.length - 1)];
    const b = expandable[rng.int(0, expandable.length - 1)];
    addChild(b.level < a.level ? b : a);
  }
}

/** Leaves of one tree (categories without children), by ref. */
export function leavesOf(categories: readonly CategorySeed[]): number[] {
  return categories.filter((c) => c.childRefs.length === 0).map((c) => c.ref);
}

/**
 * Splits `total` categories over trees of the given capacities as evenly as they allow: a tree
 * that cannot hold its share passes the rest on to the others.
 */
export function planBudgets(total: number, capacities: readonly number[]): number[] {
  const budgets = capacities.map(() => 0);
  let left = Math.min(total, capacities.reduce((sum, c) => sum + c, 0));
  let open = capacities.map((_, i) => i);
  while (left > 0 && open.length > 0) {
    const share = Math.max(1, Math.floor(left / open.length));
    for (const i of open) {
      const take = Math.min(share, capacities[i] - budgets[i], left);
      budgets[i] += take;
      left -= take;
    }
    open = open.filter((i) => budgets[i] < capacities[i]);
  }
  return budgets;
}
