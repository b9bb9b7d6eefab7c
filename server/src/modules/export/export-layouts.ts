import { directCategoryHeaders, moneyCell, type ExportMode, type Settings } from '@bosun/shared';
import { pathIds } from '../products/product-mapper.js';
import type { ProductWithNamesRow } from '../products/products.repository.js';

type Cell = string | number | null;
export interface ExportColumn {
  header: string;
  cell: (row: ProductWithNamesRow, names: ReadonlyMap<number, string>) => Cell;
}

const categoryNames = (path: string | null, names: ReadonlyMap<number, string>) => pathIds(path).map((id) => names.get(id) ?? '');
/** WooCommerce writes a comma inside a category name as '\,' so the cell can list several paths. */
const wooEscape = (name: string) => name.replaceAll('\\', '\\\\').replaceAll(',', '\\,');
const wooPath = (path: string | null, names: ReadonlyMap<number, string>) => categoryNames(path, names).map(wooEscape).join(' > ');
const flag = (v: number) => (v === 1 ? 1 : 0);

/** image_url first (empty when unset), then the images list: read back exactly by the importer. */
export function imagesCell(row: ProductWithNamesRow): string {
  const images = JSON.parse(row.images) as string[];
  return images.length ? [row.image_url ?? '', ...images].join(', ') : (row.image_url ?? '');
}

const WOO_VISIBILITY = { public: 'visible', private: 'hidden', hidden: 'hidden' } as const;

function wooColumns(units: Pick<Settings, 'weight_unit' | 'dimension_unit'>): ExportColumn[] {
  return [
    { header: 'Type', cell: () => 'simple' },
    { header: 'SKU', cell: (r) => r.sku },
    { header: 'GTIN, UPC, EAN, or ISBN', cell: (r) => r.gtin },
    { header: 'Name', cell: (r) => r.name },
    { header: 'Published', cell: (r) => flag(r.published) },
    { header: 'Is featured?', cell: (r) => flag(r.featured) },
    { header: 'Visibility in catalog', cell: (r) => WOO_VISIBILITY[r.visibility] },
    { header: 'Short description', cell: (r) => r.short_description },
    { header: 'Description', cell: (r) => r.description },
    { header: 'In stock?', cell: (r) => (r.stock > 0 ? 1 : 0) },
    { header: 'Stock', cell: (r) => r.stock },
    { header: `Weight (${units.weight_unit})`, cell: (r) => r.weight },
    { header: `Length (${units.dimension_unit})`, cell: (r) => r.length },
    { header: `Width (${units.dimension_unit})`, cell: (r) => r.width },
    { header: `Height (${units.dimension_unit})`, cell: (r) => r.height },
    { header: 'Sale price', cell: (r) => moneyCell(r.special_price) },
    { header: 'Regular price', cell: (r) => moneyCell(r.list_price) },
    { header: 'Categories', cell: (r, n) => wooPath(r.store_category_ids_path, n) },
    { header: 'Images', cell: imagesCell },
    { header: 'Brands', cell: (r) => r.brand },
    {
      header: 'Category Path',
      cell: (r, n) =>
        [
          r.vendor_category_ids_path && `Vendor:${wooPath(r.vendor_category_ids_path, n)}`,
          r.store_category_ids_path && `Store:${wooPath(r.store_category_ids_path, n)}`,
        ]
          .filter(Boolean)
          .join(', '),
    },
    // Fields WooCommerce has no column for travel as product meta, which its importer keeps.
    { header: 'Meta: mfn', cell: (r) => r.mfn },
    { header: 'Meta: market_price', cell: (r) => moneyCell(r.market_price) },
    { header: 'Meta: vendor_cost', cell: (r) => moneyCell(r.vendor_cost) },
    { header: 'Meta: google_category', cell: (r) => r.google_category },
    { header: 'Meta: visibility', cell: (r) => r.visibility },
    { header: 'Meta: meta_title', cell: (r) => r.meta_title },
    { header: 'Meta: meta_description', cell: (r) => r.meta_description },
    { header: 'Meta: meta_keywords', cell: (r) => r.meta_keywords },
    { header: 'Meta: vendor', cell: (r) => r.vendor_name },
  ];
}

function levelColumns(tree: 'Vendor' | 'Store', pick: (r: ProductWithNamesRow) => string | null): ExportColumn[] {
  return directCategoryHeaders(tree).map((header, level) => ({
    header,
    cell: (r, n) => categoryNames(pick(r), n)[level] ?? null,
  }));
}

function directColumns(units: Pick<Settings, 'weight_unit' | 'dimension_unit'>): ExportColumn[] {
  return [
    { header: 'SKU', cell: (r) => r.sku },
    { header: 'Name', cell: (r) => r.name },
    { header: 'MFN', cell: (r) => r.mfn },
    { header: 'GTIN', cell: (r) => r.gtin },
    { header: 'Brand', cell: (r) => r.brand },
    { header: 'Short Description', cell: (r) => r.short_description },
    { header: 'Description', cell: (r) => r.description },
    { header: 'Stock', cell: (r) => r.stock },
    { header: 'List Price', cell: (r) => moneyCell(r.list_price) },
    { header: 'Market Price', cell: (r) => moneyCell(r.market_price) },
    { header: 'Vendor Cost', cell: (r) => moneyCell(r.vendor_cost) },
    { header: 'Special Price', cell: (r) => moneyCell(r.special_price) },
    { header: `Weight (${units.weight_unit})`, cell: (r) => r.weight },
    { header: `Length (${units.dimension_unit})`, cell: (r) => r.length },
    { header: `Width (${units.dimension_unit})`, cell: (r) => r.width },
    { header: `Height (${units.dimension_unit})`, cell: (r) => r.height },
    { header: 'Google Category', cell: (r) => r.google_category },
    { header: 'Published', cell: (r) => (r.published === 1 ? 'true' : 'false') },
    { header: 'Featured', cell: (r) => (r.featured === 1 ? 'true' : 'false') },
    { header: 'Visibility', cell: (r) => r.visibility },
    { header: 'Images', cell: imagesCell },
    { header: 'Meta Title', cell: (r) => r.meta_title },
    { header: 'Meta Description', cell: (r) => r.meta_description },
    { header: 'Meta Keywords', cell: (r) => r.meta_keywords },
    { header: 'Vendor', cell: (r) => r.vendor_name },
    ...levelColumns('Vendor', (r) => r.vendor_category_ids_path),
    ...levelColumns('Store', (r) => r.store_category_ids_path),
  ];
}

export const exportColumns = (mode: ExportMode, units: Pick<Settings, 'weight_unit' | 'dimension_unit'>) =>
  mode === 'direct' ? directColumns(units) : wooColumns(units);

