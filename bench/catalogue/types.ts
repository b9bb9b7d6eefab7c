/** The generator's output: plain data, independent of any database. */

export type VendorStatus = 'active' | 'inactive' | 'pending';

export interface DepartmentCoverage {
  department: number;
  groups: number[];
}

export interface VendorSeed {
  /** Position in Catalogue.vendors; products and categories refer to vendors by it. */
  index: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
  website: string;
  contact_person: string;
  tax_id: string;
  payment_terms: string;
  status: VendorStatus;
  description: string;
  notes: string | null;
  created_at: string;
  updated_at: string;
  /** Brand names this vendor supplies. */
  brands: string[];
  /** What its brands make: department and group indexes (see taxonomy.ts). */
  coverage: DepartmentCoverage[];
}

export interface CategorySeed {
  /** Position in Catalogue.categories; a parent always comes before its children. */
  ref: number;
  name: string;
  type: 'vendor' | 'store';
  vendorIndex: number | null;
  parentRef: number | null;
  /** 1..5 */
  level: number;
  /** Index path in the virtual taxonomy (department, group, type, variant, size). */
  taxon: number[];
  childRefs: number[];
  created_at: string;
  updated_at: string;
}

export interface Catalogue {
  seed: number;
  /** The reference date every timestamp is derived from (ISO 8601 UTC). */
  now: string;
  vendors: VendorSeed[];
  /** Every category of every tree, parents before children. */
  categories: CategorySeed[];
  vendorCategories: CategorySeed[];
  storeCategories: CategorySeed[];
  /** The share of products that are variable (0 to 1); 0 makes a catalogue of simple products only. */
  variableShare: number;
}

export interface ProductSeed {
  /** 0-based position in the generated sequence; SKU and GTIN derive from it. */
  index: number;
  sku: string;
  mfn: string;
  gtin: string;
  name: string;
  short_description: string;
  description: string;
  brand: string;
  stock: number;
  list_price: number;
  market_price: number;
  vendor_cost: number;
  special_price: number | null;
  /** kg */
  weight: number;
  /** cm */
  length: number;
  width: number;
  height: number;
  google_category: string;
  published: boolean;
  featured: boolean;
  visibility: 'public' | 'private' | 'hidden';
  image_url: null;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  created_at: string;
  updated_at: string;
  vendorIndex: number;
  vendorCategoryRef: number;
  storeCategoryRef: number;
  /**
   * Present on a variable product only (issue 18): its attributes and variations. Its stock and
   * list_price are then its variations' total and lowest price, as the database's triggers keep them.
   */
  variants?: VariantsSeed;
}

/** One attribute of a variable product: its name and the values its variations use, in order. */
export interface AttributeSeed {
  name: string;
  values: string[];
  /** WooCommerce's 'Attribute N visible' and 'Attribute N global'. */
  visible: boolean;
  global: boolean;
}

/** A variation's own fields; everything else (name, texts, vendor, categories...) is its parent's. */
export interface VariationSeed {
  /** 0-based place under its parent. */
  position: number;
  sku: string;
  gtin: string;
  mfn: string;
  stock: number;
  list_price: number;
  market_price: number;
  vendor_cost: number;
  special_price: number | null;
  /** kg; null on most: the parent's weight applies. */
  weight: number | null;
  /** 'enabled' on the variations screen. */
  published: boolean;
  /** One value per attribute, in the attributes' order. */
  values: string[];
}

export interface VariantsSeed {
  attributes: AttributeSeed[];
  variations: VariationSeed[];
  /** The highest of the variations' list prices (list_price is the lowest). */
  priceMax: number;
}

export interface CatalogueOptions {
  seed?: number;
  /** Number of vendors, at most 20 (the vendor list is fixed). Default 20. */
  vendors?: number;
  /** Categories in each vendor's tree (capped by what the taxonomy holds). Default 24. */
  categoriesPerTree?: number;
  /** Categories in the store tree. Default: categoriesPerTree, but at least 11 (one per department). */
  storeCategories?: number;
  /**
   * About this many categories over all trees together (e.g. 5,000 for the benchmarks), split as
   * evenly as each tree's capacity allows. Overrides categoriesPerTree and storeCategories.
   */
  totalCategories?: number;
  /** Reference date; timestamps spread over the two years before it. Default CATALOGUE_REFERENCE_DATE. */
  now?: Date | string;
  /**
   * The share of products that are variable, each with 2–60 variations (issue 18). Default 0: simple
   * products only, the same catalogue as before variants existed. Product i is variable or not by
   * a draw of its own, so raising the share only turns more products variable.
   */
  variableShare?: number;
}
