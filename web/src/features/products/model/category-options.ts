import type { Category, CategoryNode } from '@bosun/shared';

export interface CategoryOption {
  value: string;
  /** 'Root > Child > Leaf', so that two leaves with the same name can be told apart. */
  label: string;
}

/** A nested tree as select options in tree order, each labelled with its path. */
export function treeToOptions(tree: readonly CategoryNode[]): CategoryOption[] {
  const options: CategoryOption[] = [];
  const walk = (nodes: readonly CategoryNode[], parentPath: string) => {
    for (const node of [...nodes].sort((a, b) => a.name.localeCompare(b.name))) {
      const path = parentPath ? `${parentPath} > ${node.name}` : node.name;
      options.push({ value: String(node.id), label: path });
      if (node.subcategories?.length) walk(node.subcategories, path);
    }
  };
  walk(tree, '');
  return options;
}

/** The store categories of a flat list, in tree order with their paths. */
export function storeCategoryOptions(flat: readonly Category[]): CategoryOption[] {
  const store = flat.filter((c) => c.type === 'store');
  const children = new Map<number | null, Category[]>();
  const ids = new Set(store.map((c) => c.id));
  for (const c of store) {
    // A parent outside the list (should not happen) makes the category a root rather than lost.
    const parent = c.parent_id !== null && ids.has(c.parent_id) ? c.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const options: CategoryOption[] = [];
  const walk = (parent: number | null, parentPath: string, depth: number) => {
    if (depth > 10) return;
    for (const c of [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
      const path = parentPath ? `${parentPath} > ${c.name}` : c.name;
      options.push({ value: String(c.id), label: path });
      walk(c.id, path, depth + 1);
    }
  };
  walk(null, '', 0);
  return options;
}

/** The chosen value stays visible even before (or without) the option list, under its known label. */
export function withCurrent(options: CategoryOption[], value: string, label: string | null | undefined): CategoryOption[] {
  if (!value || options.some((o) => o.value === value)) return options;
  return [...options, { value, label: label || `#${value}` }];
}
