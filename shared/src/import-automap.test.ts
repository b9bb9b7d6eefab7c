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
    });
  });

  it("maps every column of Bosun's direct export", () => {
    const headers = ['SKU', 'Name', 'MFN', 'GTIN', 'Brand', 'Short Description', 'Description', 'Stock', 'List Price', 'Market Price',
      'Vendor Cost', 'Special Price', 'Weight (lb)', 'Length (in)', 'Width (in)', 'Height (in)', 'Google Category', 'Published', 'Featured',
      'Visibility', 'Images', 'Meta Title', 'Meta Description', 'Meta Keywords', 'Vendor', 'Vendor ParentCategory', 'Vendor Subcategory1',
      'Vendor Subcategory2', 'Vendor Subcategory3', 'Vendor Subcategory4', 'Store ParentCategory', 'Store Subcategory1', 'Store Subcategory2',
      'Store Subcategory3', 'Store Subcategory4'];
    const mapping = autoMapHeaders(headers);
    expect(Object.keys(mapping)).toHaveLength(headers.length - 1); // all but 'Vendor' (the wizard's vendor select decides)
    expect(mapping).toMatchObject({
      vendor_category: 'Vendor ParentCategory', vendor_subcategory_1: 'Vendor Subcategory1', vendor_subcategory_4: 'Vendor Subcategory4',
      store_category: 'Store ParentCategory', store_subcategory_4: 'Store Subcategory4', vendor_cost: 'Vendor Cost', images: 'Images',
      meta_title: 'Meta Title', weight: 'Weight (lb)',
    });
  });

  it("maps WooCommerce's and the direct layout's variation columns, not as the product's name", () => {
    expect(autoMapHeaders(['ID', 'Type', 'SKU', 'Name', 'Parent', 'Attribute 1 name', 'Attribute 1 value(s)', 'Attribute 1 visible', 'Attribute 2 name', 'Attribute 2 value(s)'])).toEqual({
      source_id: 'ID', product_type: 'Type', sku: 'SKU', name: 'Name', parent_sku: 'Parent', attribute_1_name: 'Attribute 1 name',
      attribute_1_values: 'Attribute 1 value(s)', attribute_2_name: 'Attribute 2 name', attribute_2_values: 'Attribute 2 value(s)',
    });
    expect(autoMapHeaders(['SKU', 'Parent SKU', 'Name', 'Attribute 1 Name', 'Attribute 1 Values'])).toEqual({
      sku: 'SKU', parent_sku: 'Parent SKU', name: 'Name', attribute_1_name: 'Attribute 1 Name', attribute_1_values: 'Attribute 1 Values',
    });
  });

  it('guesses from keywords as SPEC §5 lists them', () => {
    expect(autoMapHeaders(['Product SKU', 'Item Name', 'Category Name', 'Image Link', 'Qty', 'Our Cost', 'MSRP', 'Google Product Category', 'vendor_sub_category_2'])).toEqual({
      sku: 'Product SKU', name: 'Item Name', image_url: 'Image Link', stock: 'Qty', vendor_cost: 'Our Cost', market_price: 'MSRP',
      google_category: 'Google Product Category', vendor_subcategory_2: 'vendor_sub_category_2',
    });
  });
});
