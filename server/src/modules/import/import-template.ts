import { csvLine, UTF8_BOM } from '@bosun/shared';

/**
 * Every mappable product column (all of IMPORT_FIELD_GROUPS but Variations and the report-only fields) under a header the
 * wizard maps by itself, and two rows that import as they are. The first row names its
 * categories level by level, five deep (the most a tree has: a Subcategory 5 would be a sixth
 * level, so it stays empty); the second leaves the level columns empty and names both paths in
 * Category Hierarchy, which the import reads for a tree whose level cells are empty.
 */
const TEMPLATE: Array<[string, string, string]> = [
  ['SKU', 'HPM-CLEAT-8', 'HPM-BILGE-1100'],
  ['Product Name', 'Stainless Steel Bow Cleat 8"', 'Automatic Bilge Pump 1100 GPH'],
  ['Brand', 'Lewmar', 'Rule'],
  ['MFN', 'LM-29100', 'RL-27SA'],
  ['GTIN', '4006381333931', '036000291452'],
  ['Short Description', 'Polished 316 stainless bow cleat', '<p>Fully automatic, 12 V</p>'],
  ['Description', '<p>Cast 316 stainless steel.</p><ul><li>Length 8 in</li><li>Through-bolt mount</li></ul>', '<p>Electronic float switch.</p>'],
  ['Image URL', 'https://example.com/images/cleat-8.jpg', ''],
  // The main image first, as Image URL has it, then the gallery: the main image is the Images cell's first when both are mapped.
  ['Images', 'https://example.com/images/cleat-8.jpg, https://example.com/images/cleat-8-side.jpg, https://example.com/images/cleat-8-pair.jpg', ''],
  ['Stock', '25', '0'],
  ['Stock Status', 'in_stock', 'backorder'],
  ['Manage Stock', 'yes', 'yes'],
  ['Backorders Allowed', 'no', 'yes'],
  ['List Price', '39.99', '89.50'],
  ['Market Price', '44.99', '99.00'],
  ['Vendor Cost', '21.40', '52.10'],
  ['Special Price', '36.99', ''],
  ['Weight', '0.45', '1.2'],
  ['Length', '20.3', '15'],
  ['Width', '5.1', '10'],
  ['Height', '4.4', '12'],
  // Empty: the values are in the shop's units. A vendor's file may name each row's unit here (kg, g, lb, oz; cm, mm, m, in).
  ['Weight Unit', '', ''],
  ['Dimension Unit', '', ''],
  ['Google Category', 'Vehicles & Parts > Watercraft Parts & Accessories', 'Vehicles & Parts > Watercraft Parts & Accessories'],
  ['Published', 'yes', 'yes'],
  ['Featured', 'no', 'yes'],
  ['Visibility', 'public', 'public'],
  // Each row's vendor by name (issue 19); empty: the vendor chosen in the wizard.
  ['Vendor', '', ''],
  ['Vendor Category', 'Deck Hardware', ''],
  ['Vendor Subcategory 1', 'Cleats', ''],
  ['Vendor Subcategory 2', 'Horn Cleats', ''],
  ['Vendor Subcategory 3', 'Stainless Steel', ''],
  ['Vendor Subcategory 4', '8 Inch', ''],
  ['Vendor Subcategory 5', '', ''],
  ['Store Category', 'Deck & Hardware', ''],
  ['Store Subcategory 1', 'Cleats & Chocks', ''],
  ['Store Subcategory 2', 'Bow Cleats', ''],
  ['Store Subcategory 3', 'Stainless', ''],
  ['Store Subcategory 4', 'Up to 8 Inch', ''],
  ['Store Subcategory 5', '', ''],
  ['Category Hierarchy', '', 'Vendor: Plumbing > Bilge Pumps > Automatic > 12 V, Store: Plumbing > Pumps > Bilge Pumps > Automatic'],
  ['Meta Title', 'Bow Cleat 8 inch', 'Bilge Pump 1100 GPH'],
  ['Meta Description', 'Polished 316 stainless bow cleat, 8 inch', 'Automatic 12 V bilge pump'],
  ['Meta Keywords', 'cleat, bow, stainless', 'bilge, pump, automatic'],
  ['Tags', 'deck, stainless', ''],
];

export function importTemplateCsv(): string {
  return UTF8_BOM + csvLine(TEMPLATE.map((c) => c[0])) + csvLine(TEMPLATE.map((c) => c[1])) + csvLine(TEMPLATE.map((c) => c[2]));
}
