import { buildCategoryTree, type Category, type CategoryType } from '@bosun/shared';

/** A category as GET /categories returns it in flatCategories. */
export function makeCategory(
  id: number,
  name: string,
  options: { type?: CategoryType; parent?: Category | null; vendor?: { id: number; name: string } | null; count?: number } = {},
): Category {
  const type = options.type ?? options.parent?.type ?? 'store';
  const parent = options.parent ?? null;
  return {
    id,
    name,
    type,
    description: type,
    parent_id: parent?.id ?? null,
    parent_name: parent?.name ?? null,
    vendor_id: options.vendor?.id ?? null,
    vendor_name: options.vendor?.name ?? null,
    level: (parent?.level ?? 0) + 1,
    status: 'active',
    product_count: options.count ?? 0,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };
}

export const HARKEN = { id: 1, name: 'Harken Inc' };
export const LEWMAR = { id: 2, name: 'Lewmar Ltd' };

/**
 * Two store trees (one five levels deep) and two vendors' trees:
 *
 *   1 Deck Hardware > 2 Cleats > 3 Horn Cleats;  1 > 4 Hinges
 *   5 Anchoring > 6 Anchor Chain > 7 Galvanised Chain > 8 Short Link > 9 Grade 30
 *   10 Harken Blocks (vendor, Harken) > 11 Ratchet Blocks
 *   12 Lewmar Winches (vendor, Lewmar)
 */
export function sampleCategories() {
  const deck = makeCategory(1, 'Deck Hardware', { count: 12 });
  const cleats = makeCategory(2, 'Cleats', { parent: deck, count: 7 });
  const horn = makeCategory(3, 'Horn Cleats', { parent: cleats, count: 3 });
  const hinges = makeCategory(4, 'Hinges', { parent: deck, count: 5 });
  const anchoring = makeCategory(5, 'Anchoring');
  const chain = makeCategory(6, 'Anchor Chain', { parent: anchoring });
  const galvanised = makeCategory(7, 'Galvanised Chain', { parent: chain });
  const shortLink = makeCategory(8, 'Short Link', { parent: galvanised });
  const grade30 = makeCategory(9, 'Grade 30', { parent: shortLink });
  const harken = makeCategory(10, 'Harken Blocks', { type: 'vendor', vendor: HARKEN, count: 2 });
  const ratchet = makeCategory(11, 'Ratchet Blocks', { parent: harken, vendor: HARKEN, count: 2 });
  const lewmar = makeCategory(12, 'Lewmar Winches', { type: 'vendor', vendor: LEWMAR });
  const flatCategories = [deck, cleats, horn, hinges, anchoring, chain, galvanised, shortLink, grade30, harken, ratchet, lewmar];
  return { flatCategories, categories: buildCategoryTree(flatCategories) };
}

/** A wide, deep catalogue: `roots` store roots, each with `children` subcategories with `children` each. */
export function largeCatalogue(roots: number, children: number) {
  const flat: Category[] = [];
  let id = 1;
  for (let r = 0; r < roots; r++) {
    const root = makeCategory(id++, `Root ${r}`);
    flat.push(root);
    for (let c = 0; c < children; c++) {
      const child = makeCategory(id++, `Root ${r} / Child ${c}`, { parent: root });
      flat.push(child);
      for (let g = 0; g < children; g++) flat.push(makeCategory(id++, `Root ${r} / Child ${c} / Leaf ${g}`, { parent: child }));
    }
  }
  return { flatCategories: flat, categories: buildCategoryTree(flat) };
}
