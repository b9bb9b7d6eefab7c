import { describe, expect, it } from 'vitest';
import { autoMapHeaders } from './import-automap.js';

describe('autoMapHeaders', () => {
  it("maps every column of Bosun's WooCommerce export", () => {
    const headers = ['Type', 'SKU', 'GTIN, UPC, EAN, or ISBN', 'Name', 'Published', 'Is featured?', 'Visibility in catalog', 'Short description',
      'Description', 'In stock?', 'Stock', 'Weight (kg)', 'Length (cm)', 'Width (cm)', 'Height (cm)', 'Sale price', 'Regular price', 'Categories',
      'Images', 'Brands', 'Category Path', 'Meta: mfn', 'Meta: market_price', 'Meta: vendor_cost', 'Meta: google_category', 'Meta: visibility',
      'Meta: meta_title', 'Meta: meta_description', 'Meta: meta_keywords', 'Meta: vendor'];
    expect(autoMapHeaders(headers)).toEqual({
      product_type: 'Type', sku: 'SKU', gtin: 'GTIN, UPC, EAN, or ISBN', name: 'Name', published: 'Published', featured: 'Is featured?',
      visibility: 'Meta: visibility', short_description: 'Short description', description: 'Description', stock: 'Stock',
      stock_status: 'In stock?', weight: 'Weight (kg)', length: 'Length (cm)', width: 'Width (cm)', height: 'Height (cm)', special_price: 'Sale price',
      list_price: 'Regular price', category_hierarchy: 'Category Path', images: 'Images', brand: 'Brands', mfn: 'Meta: mfn',
      market_price: 'Meta: market_price', vendor_cost: 'Meta: vendor_cost', google_category: 'Meta: google_category',
      meta_title: 'Meta: meta_title', meta_description: 'Meta: meta_description', meta_keywords: 'Meta: meta_keywords',
      vendor: 'Meta: vendor',
    });
  });

  it("maps every column of Bosun's direct export", () => {
    const headers = ['SKU', 'Name', 'MFN', 'GTIN', 'Brand', 'Short Description', 'Description', 'Stock', 'List Price', 'Market Price',
      'Vendor Cost', 'Special Price', 'Weight (lb)', 'Length (in)', 'Width (in)', 'Height (in)', 'Google Category', 'Published', 'Featured',
      'Visibility', 'Images', 'Meta Title', 'Meta Description', 'Meta Keywords', 'Vendor', 'Vendor ParentCategory', 'Vendor Subcategory1',
      'Vendor Subcategory2', 'Vendor Subcategory3', 'Vendor Subcategory4', 'Store ParentCategory', 'Store Subcategory1', 'Store Subcategory2',
      'Store Subcategory3', 'Store Subcategory4'];
    const mapping = autoMapHeaders(headers);
    expect(Object.keys(mapping)).toHaveLength(headers.length);
    expect(mapping).toMatchObject({
      vendor: 'Vendor', // each row's vendor by name (issue 19); the wizard's vendor where the cell is empty
      vendor_category: 'Vendor ParentCategory', vendor_subcategory_1: 'Vendor Subcategory1', vendor_subcategory_4: 'Vendor Subcategory4',
      store_category: 'Store ParentCategory', store_subcategory_4: 'Store Subcategory4', vendor_cost: 'Vendor Cost', images: 'Images',
      meta_title: 'Meta Title', weight: 'Weight (lb)',
    });
  });

  it("maps WooCommerce's and the direct layout's variation columns, not as the product's name", () => {
    expect(
      autoMapHeaders(['ID', 'Type', 'SKU', 'Name', 'Parent', 'Attribute 1 name', 'Attribute 1 value(s)', 'Attribute 1 visible', 'Attribute 1 global', 'Attribute 2 name', 'Attribute 2 value(s)', 'Attribute 1 default']),
    ).toEqual({
      source_id: 'ID', product_type: 'Type', sku: 'SKU', name: 'Name', parent_sku: 'Parent', attribute_1_name: 'Attribute 1 name',
      attribute_1_values: 'Attribute 1 value(s)', attribute_2_name: 'Attribute 2 name', attribute_2_values: 'Attribute 2 value(s)',
      attribute_1_visible: 'Attribute 1 visible', attribute_1_global: 'Attribute 1 global', attribute_1_default: 'Attribute 1 default',
    });
    expect(autoMapHeaders(['SKU', 'Parent SKU', 'Name', 'Attribute 1 Name', 'Attribute 1 Values', 'Attribute 1 Visible', 'Attribute 1 Global', 'Attribute 1 Default'])).toEqual({
      sku: 'SKU', parent_sku: 'Parent SKU', name: 'Name', attribute_1_name: 'Attribute 1 Name', attribute_1_values: 'Attribute 1 Values',
      attribute_1_visible: 'Attribute 1 Visible', attribute_1_global: 'Attribute 1 Global', attribute_1_default: 'Attribute 1 Default',
    });
  });

  it('guesses from keywords as SPEC §5 lists them', () => {
    expect(autoMapHeaders(['Product SKU', 'Item Name', 'Category Name', 'Image Link', 'Qty', 'Our Cost', 'MSRP', 'Google Product Category', 'vendor_sub_category_2'])).toEqual({
      sku: 'Product SKU', name: 'Item Name', image_url: 'Image Link', stock: 'Qty', vendor_cost: 'Our Cost', market_price: 'MSRP',
      google_category: 'Google Product Category', vendor_subcategory_2: 'vendor_sub_category_2',
    });
  });

  // Shopify's product template as the admin offered it until 2024 (server/src/test/files/shopify-template-simple.csv).
  const SHOPIFY_LEGACY = ['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags', 'Published', 'Option1 Name', 'Option1 Value',
    'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value', 'Variant SKU', 'Variant Grams', 'Variant Inventory Tracker', 'Variant Inventory Qty',
    'Variant Inventory Policy', 'Variant Fulfillment Service', 'Variant Price', 'Variant Compare At Price', 'Variant Requires Shipping', 'Variant Taxable',
    'Variant Barcode', 'Image Src', 'Image Position', 'Image Alt Text', 'Gift Card', 'SEO Title', 'SEO Description',
    'Google Shopping / Google Product Category', 'Variant Image', 'Variant Weight Unit', 'Variant Tax Code', 'Cost per item', 'Status'];
  // The template Shopify's admin exports since 2024.
  const SHOPIFY_CURRENT = ['Title', 'URL handle', 'Description', 'Vendor', 'Product category', 'Type', 'Tags', 'Published on online store', 'Status', 'SKU',
    'Barcode', 'Option1 name', 'Option1 value', 'Option1 Linked To', 'Option2 name', 'Option2 value', 'Option2 Linked To', 'Option3 name', 'Option3 value',
    'Option3 Linked To', 'Price', 'Compare-at price', 'Cost per item', 'Charge tax', 'Tax code', 'Unit price total measure', 'Unit price total measure unit',
    'Unit price base measure', 'Unit price base measure unit', 'Inventory tracker', 'Inventory quantity', 'Continue selling when out of stock',
    'Weight value (grams)', 'Weight unit for display', 'Requires shipping', 'Fulfillment service', 'Product image URL', 'Image position', 'Image alt text',
    'Variant image URL', 'Gift card', 'SEO title', 'SEO description', 'Color (product.metafields.shopify.color-pattern)',
    'Google Shopping / Google product category', 'Google Shopping / Gender', 'Google Shopping / Age group', 'Google Shopping / Manufacturer part number (MPN)',
    'Google Shopping / Ad group name', 'Google Shopping / Ads labels', 'Google Shopping / Condition', 'Google Shopping / Custom product',
    'Google Shopping / Custom label 0', 'Google Shopping / Custom label 1', 'Google Shopping / Custom label 2', 'Google Shopping / Custom label 3',
    'Google Shopping / Custom label 4'];
  const options = (names: string[]) => Object.fromEntries(names.flatMap((name, i) => [[`attribute_${i + 1}_name`, `${name} name`], [`attribute_${i + 1}_values`, `${name} value`]]));

  it("maps Shopify's legacy template: Vendor is the brand, grams the weight, the inventory policy the backorders, and the display unit and alt text nothing", () => {
    expect(autoMapHeaders(SHOPIFY_LEGACY)).toEqual({
      handle: 'Handle', name: 'Title', description: 'Body (HTML)', brand: 'Vendor', category_hierarchy: 'Product Category', published: 'Published',
      ...Object.fromEntries(Object.entries(options(['Option1', 'Option2', 'Option3'])).map(([k, v]) => [k, v.replace(/ name$/, ' Name').replace(/ value$/, ' Value')])),
      sku: 'Variant SKU', weight: 'Variant Grams', stock: 'Variant Inventory Qty', list_price: 'Variant Price', market_price: 'Variant Compare At Price',
      gtin: 'Variant Barcode', images: 'Image Src', image_url: 'Variant Image', meta_title: 'SEO Title', meta_description: 'SEO Description',
      google_category: 'Google Shopping / Google Product Category', vendor_cost: 'Cost per item', tags: 'Tags',
      stock_tracking: 'Variant Inventory Tracker', backorders: 'Variant Inventory Policy',
      // Report-only beside Published: a row whose Status disagrees is a warning.
      status: 'Status',
    });
  });

  it("maps the template Shopify's admin exports since 2024 the same way", () => {
    expect(autoMapHeaders(SHOPIFY_CURRENT)).toEqual({
      handle: 'URL handle', name: 'Title', description: 'Description', brand: 'Vendor', category_hierarchy: 'Product category',
      published: 'Published on online store', ...options(['Option1', 'Option2', 'Option3']), sku: 'SKU', gtin: 'Barcode', list_price: 'Price',
      market_price: 'Compare-at price', vendor_cost: 'Cost per item', stock: 'Inventory quantity', weight: 'Weight value (grams)',
      images: 'Product image URL', image_url: 'Variant image URL', meta_title: 'SEO title', meta_description: 'SEO description',
      google_category: 'Google Shopping / Google product category', mfn: 'Google Shopping / Manufacturer part number (MPN)', tags: 'Tags',
      stock_tracking: 'Inventory tracker', backorders: 'Continue selling when out of stock', status: 'Status',
    });
  });

  it("reads Shopify's Status as published only in a file without Published, and options only with the Handle", () => {
    expect(autoMapHeaders(SHOPIFY_CURRENT.filter((h) => h !== 'Published on online store')).published).toBe('Status');
    const statusAlone = autoMapHeaders(SHOPIFY_LEGACY.filter((h) => h !== 'Published'));
    expect([statusAlone.published, statusAlone.status]).toEqual(['Status', undefined]);
    // Without the Handle a Shopify file's rows are products of their own: 'Option1 Name: Title' is no attribute, and no name either.
    const withoutHandle = autoMapHeaders(SHOPIFY_LEGACY.filter((h) => h !== 'Handle'));
    expect(withoutHandle).toMatchObject({ name: 'Title', sku: 'Variant SKU', weight: 'Variant Grams', description: 'Body (HTML)', meta_description: 'SEO Description' });
    expect(Object.keys(withoutHandle).filter((k) => k.startsWith('attribute_') || k === 'handle')).toEqual([]);
  });

  it('prefers an exact known header over a word match in any file, and never maps a unit, alt text or policy as the value', () => {
    // A vendor's file with Shopify's names but none of its signs: each header alone, so no other column can win the field instead.
    const alone = (header: string) => autoMapHeaders(['SKU', header]);
    expect(alone('SEO Description')).toEqual({ sku: 'SKU', meta_description: 'SEO Description' });
    expect(alone('Option1 Name')).toEqual({ sku: 'SKU' });
    expect(alone('Variant Weight Unit')).toEqual({ sku: 'SKU' });
    expect(alone('Weight unit for display')).toEqual({ sku: 'SKU' });
    expect(alone('Image Alt Text')).toEqual({ sku: 'SKU' });
    expect(alone('Variant Inventory Policy')).toEqual({ sku: 'SKU' });
    expect(alone('Continue selling when out of stock')).toEqual({ sku: 'SKU' });
    expect(alone('Google Shopping / Gender')).toEqual({ sku: 'SKU' });
    expect(alone('Unit price total measure')).toEqual({ sku: 'SKU' });
    // WooCommerce's sale dates are report-only fields (a warning on the row: Bosun keeps no sale dates).
    expect(alone('Date sale price starts')).toEqual({ sku: 'SKU', sale_price_starts: 'Date sale price starts' });
    expect(autoMapHeaders(['SKU', 'Title', 'Product Description', 'Image Src', 'SEO Title', 'SEO Description', 'Body (HTML)'])).toEqual({
      sku: 'SKU', name: 'Title', description: 'Body (HTML)', images: 'Image Src', meta_title: 'SEO Title', meta_description: 'SEO Description',
    });
    expect(autoMapHeaders(['SKU', 'Title', 'SEO Description', 'Product Description', 'Image Src'])).toEqual({
      sku: 'SKU', name: 'Title', description: 'Product Description', image_url: 'Image Src', meta_description: 'SEO Description',
    });
    // Shopify's broad names ('Title', 'Price', 'Barcode') yield to Bosun's and WooCommerce's exact names on a tie.
    expect(autoMapHeaders(['Title', 'Name', 'SKU', 'Price', 'Regular price', 'Barcode', 'GTIN'])).toEqual({ name: 'Name', sku: 'SKU', list_price: 'Regular price', gtin: 'GTIN' });
    // Stock status is a field of its own (the first of two such columns), never the stock; Shopify's tracker only in a Shopify file.
    expect(autoMapHeaders(['SKU', 'Name', 'In stock?', 'Stock status', 'Variant Inventory Tracker'])).toEqual({ sku: 'SKU', name: 'Name', stock_status: 'In stock?' });
  });

  it("maps a vendor's per-row unit columns, and unit-bearing headers as the quantity", () => {
    expect(autoMapHeaders(['SKU', 'Name', 'Weight', 'Weight Unit', 'Length', 'Width', 'Height', 'Dimension Unit'])).toEqual({
      sku: 'SKU', name: 'Name', weight: 'Weight', weight_unit: 'Weight Unit', length: 'Length', width: 'Width', height: 'Height', dimension_unit: 'Dimension Unit',
    });
    expect(autoMapHeaders(['SKU', 'Weight_UOM', 'Length Unit'])).toEqual({ sku: 'SKU', weight_unit: 'Weight_UOM', dimension_unit: 'Length Unit' });
    for (const header of ['Weight (g)', 'Weight (oz)', 'Weight (lbs)', 'Weight in grams', 'Weight grams', 'Weight_kg']) {
      expect(autoMapHeaders(['SKU', header])).toEqual({ sku: 'SKU', weight: header });
    }
    expect(autoMapHeaders(['SKU', 'Length (mm)', 'Length mm'])).toEqual({ sku: 'SKU', length: 'Length (mm)' });
  });

  it("leaves OpenCart's unit class columns ('Weight Class', 'weight_class_id', 'Length Class') unmapped: they name a unit, they hold no weight", () => {
    const headers = ['SKU', 'Name', 'Weight Class', 'Weight', 'Length Class', 'Length', 'weight_class_id', 'Length class id', 'Dimension Class'];
    expect(autoMapHeaders(headers)).toEqual({ sku: 'SKU', name: 'Name', weight: 'Weight', length: 'Length' });
    expect(autoMapHeaders(['SKU', 'Weight Class'])).toEqual({ sku: 'SKU' });
  });

  it("maps WooCommerce's sample-data export (server/src/test/files/woocommerce-sample-products.csv)", () => {
    const headers = ['ID', 'Type', 'SKU', 'Name', 'Published', 'Is featured?', 'Visibility in catalog', 'Short description', 'Description',
      'Date sale price starts', 'Date sale price ends', 'Tax status', 'Tax class', 'In stock?', 'Stock', 'Low stock amount', 'Backorders allowed?',
      'Sold individually?', 'Weight (lbs)', 'Length (in)', 'Width (in)', 'Height (in)', 'Allow customer reviews?', 'Purchase note', 'Sale price',
      'Regular price', 'Categories', 'Tags', 'Shipping class', 'Images', 'Download limit', 'Download expiry days', 'Parent', 'Grouped products', 'Upsells',
      'Cross-sells', 'External URL', 'Button text', 'Position'];
    expect(autoMapHeaders(headers)).toEqual({
      source_id: 'ID', product_type: 'Type', sku: 'SKU', name: 'Name', published: 'Published', featured: 'Is featured?', visibility: 'Visibility in catalog',
      short_description: 'Short description', description: 'Description', stock: 'Stock', weight: 'Weight (lbs)', length: 'Length (in)', width: 'Width (in)',
      height: 'Height (in)', special_price: 'Sale price', list_price: 'Regular price', category_hierarchy: 'Categories', images: 'Images', parent_sku: 'Parent',
      tags: 'Tags', stock_status: 'In stock?', backorders: 'Backorders allowed?', sale_price_starts: 'Date sale price starts',
      sale_price_ends: 'Date sale price ends',
    });
    // Without 'Sale price' and 'Stock', no other column (the sale's dates, the stock settings) is taken for them.
    expect(autoMapHeaders(headers.filter((h) => h !== 'Sale price' && h !== 'Stock'))).not.toHaveProperty('special_price');
    expect(autoMapHeaders(headers.filter((h) => h !== 'Sale price' && h !== 'Stock'))).not.toHaveProperty('stock');
  });
});
