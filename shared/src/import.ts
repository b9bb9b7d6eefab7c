import { z } from 'zod';
import { importProfileRulesSchema, missingProductsPlanSchema, type MissingProductAction } from './import-profiles.js';
import { formatCount, plural, pluralWord } from './count-text.js';

export const IMPORT_MESSAGES = {
  applyingMissingRule: 'Applying the rule for products missing from the file...',
  invalidFile: 'Please select a valid CSV file',
  selectVendor: 'Please select a vendor for the imported products',
  selectVendorInline: 'Please select a vendor to continue with the import.',
  /** Why Preview Data and Import Data are disabled (issue 24: a disabled button says why). */
  mapOneColumn: 'Map at least one column to a field to preview the data',
  previewUpdating: 'The preview is being updated for your last change',
  noVendorsCanCreate: 'No vendors yet: create one with +',
  noVendorsAskAdmin: 'No vendors yet. Someone with the vendors permission has to create one first.',
  vendorNotFound: 'The selected vendor does not exist',
  previewFailed: 'Error previewing data',
  importFailed: 'Error importing data',
  parseFailed: 'Error parsing CSV file',
  noMapping: 'Map at least one column to a field',
  missingRequired: 'Map both SKU and Product Name',
  missingSku: 'Map the SKU column',
  unknownColumn: (header: string) => `The file has no column '${header}'`,
  tooLarge: (bytes: number) => `The file is larger than the limit of ${Math.round(bytes / 1024 / 1024)} MB`,
  templateOk: 'Template downloaded successfully',
  templateFailed: (message: string) => `Error downloading template: ${message}`,
  fieldsFailed: (message: string) => `Error loading database fields: ${message}`,
  // SPEC §5: above 1000 rows standard mode 'suggests ultra-fast (10 times faster)'.
  standardWarning: 'Standard mode is best under 1,000 products. For more than 1,000 rows, choose ultra-fast: it is 10 times faster.',
  waiting: 'Waiting for another import to finish...',
  preparing: 'Preparing import...',
  emptyFile: 'The file has no data rows',
  binaryFile: 'The file is not a CSV text file: it holds binary data (is it a spreadsheet or an archive? Save it as CSV first)',
  storeCategoriesFromMapping: (fromMapping: number, unmapped: number) =>
    `Shop category from the category mapping: ${plural(fromMapping, 'row')}; without a shop category: ${plural(unmapped, 'row')}`,
  variantSummary: (variations: number, parents: number) => `${plural(variations, 'variation')} under ${plural(parents, 'parent')}`,
  duplicateHeader: (header: string, count: number) => `${plural(count, 'column')} ${count === 1 ? 'is' : 'are'} named '${header}': only the first of them is read`,
  invalidWorkbook: 'The file is not a valid Excel workbook (.xlsx): open it in Excel and save it again as .xlsx or CSV',
  workbookTooLarge: (bytes: number) =>
    `The workbook unpacks to more than ${formatCount(Math.round(bytes / 1024 / 1024))} MB: split it into smaller workbooks, or save the sheet as CSV`,
  unknownSheet: (sheet: string) => `The workbook has no sheet named '${sheet}'`,
  unknownVendor: (name: string) => `vendor '${name}' does not exist`,
  /** The complete event's message: 'Import complete: 20,000 imported, 0 updated, 0 skipped, 1 error'. */
  complete: (c: { imported: number; updated: number; skipped: number; errors: number; warnings: number }) =>
    `Import complete: ${formatCount(c.imported)} imported, ${formatCount(c.updated)} updated, ${formatCount(c.skipped)} skipped, ${plural(c.errors, 'error')}${c.warnings ? `, ${plural(c.warnings, 'warning')}` : ''}`,
  previewing: (shown: number, total: number, summary: string | undefined) => `Previewing ${formatCount(shown)} of ${plural(total, 'row')}${summary ? `; ${summary}` : ''}`,
} as const;

/** A form field's boolean ('true' / 'false', '1' / '0'; absent or empty: false), as the wizard sends it. */
const formBoolean = z
  .enum(['true', 'false', '1', '0', ''], { message: "must be 'true' or 'false'" })
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * The import request's vendor options (issue 19), form fields of the preview and the import:
 * moveVendors lets the file move products stored under another vendor to the vendor of their row
 * (otherwise such rows are skipped with that reason); createVendors creates the vendors a mapped
 * Vendor column names that do not exist yet (otherwise their rows are row errors).
 */
export const importVendorOptionsSchema = z.object({ moveVendors: formBoolean, createVendors: formBoolean });
export type ImportVendorOptions = z.infer<typeof importVendorOptionsSchema>;

/** A form field holding JSON: absent or empty is undefined; text that is not JSON stays text, for the schema to refuse. */
const jsonField = (v: unknown) => {
  if (v === undefined || v === '') return undefined;
  try {
    return typeof v === 'string' ? JSON.parse(v) : v;
  } catch {
    return v;
  }
};

/**
 * The import profile options of the preview and the import (issue 22), form fields beside the
 * mapping: the profile the run goes by (recorded with the run), its rules as the wizard shows
 * them (absent: the import's own behaviour, every mapped field updated), whether the file is
 * the vendor's full list (only then does the missing-product rule apply), and staff's
 * confirmation of a missing-product share above the profile's limit.
 */
export const importRulesFormSchema = z.object({
  profileId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number('profileId must be a number').int('profileId must be a profile id').positive('profileId must be a profile id').optional()),
  rules: z.preprocess(jsonField, importProfileRulesSchema.optional()),
  fullList: formBoolean,
  confirmMissing: formBoolean,
});
export type ImportRulesForm = z.infer<typeof importRulesFormSchema>;

/** What the missing-product rule did at the end of an import. */
export interface MissingProductsOutcome {
  action: MissingProductAction;
  missing: number;
  /** Products it changed (0 when not applied). */
  changed: number;
  applied: boolean;
  /** Why it was not applied (over the limit without confirmation), or what it did, in staff's words. */
  message: string;
}

export interface ImportRowError {
  row: number;
  column: string;
  value: string;
  reason: string;
}

export const importRowErrorSchema = z.object({ row: z.number().int(), column: z.string(), value: z.string(), reason: z.string() });

export const formatRowError = (e: ImportRowError) => `Row ${e.row}: ${e.column ? `${e.column}: ` : ''}${e.reason}`;

/**
 * What an imported row lost or could not keep, said per row: a bad optional value dropped
 * ('Row 12: Barcode: ... (dropped)'), category paths not kept, columns Bosun does not model.
 * The same shape as a row error; formatRowError writes both.
 */
export type ImportRowWarning = ImportRowError;

/**
 * The reasons of the warnings an imported row carries for what its file held and Bosun did not
 * keep as written (a warning's column and value name the cell). A dropped bad value's reason is
 * its CellProblem's with ' (dropped)' (server row-mapper.ts).
 */
export const IMPORT_ROW_WARNINGS = {
  noCostToPrice: 'No vendor cost to work the list price out from: the price rules set none',
  noPriceRuleFits: (cost: number) => `No price rule fits a vendor cost of ${cost} (or the product's store category): the price rules set none`,
  saleDates: 'sale dates are not kept: the sale price applies now, with no end date',
  /** A Tags cell naming a tag twice in another letter case: a product's tags match case-insensitively, so the first spelling is kept. */
  tagCaseRepeats: (repeats: ReadonlyArray<{ leftOut: string; kept: string }>) =>
    `a tag repeated in another letter case is kept once, as first written: ${repeats.map((r) => `'${r.leftOut}' left out for '${r.kept}'`).join(', ')}`,
  /** A variation row's cell for what a variation takes from its parent (name, texts, brand, categories, tags...) that says more than the parent does. */
  variationInherits: "a variation takes this from its parent product: this cell is not kept",
  /** A variable product's Stock or price cell: its stock and prices are its variations' totals. */
  variableTotals: "a variable product's stock and prices are its variations' totals: this cell is not kept",
  /** Shopify's Status beside Published: Published is the one read. */
  statusDisagrees: (published: string, status: string) => `Status '${status}' does not agree with Published '${published}': Published is read, Status is not kept`,
  /** A weight or size header naming a unit Bosun has no size for ('Weight (stone)'): its values are never read as the shop's unit. */
  unknownHeaderUnit: (unit: string, kind: 'weight' | 'length', known: string) => `the header's unit '${unit}' is not a ${kind} unit Bosun knows (${known})`,
  /** A simple product's attribute cells (WooCommerce's 'Attribute 1 name', Shopify's options other than 'Title / Default Title'): a simple product has none. */
  simpleAttributes: "the row is a simple product, which has no attributes: this attribute's cells are not read",
  /** Shopify's variant with an empty 'Variant SKU': the SKU made for it, the same on every import of the file. */
  madeSku: (sku: string, from: 'Handle' | 'Handle and option values') => `no SKU given: '${sku}' is made from the ${from}`,
  /** A product stored with no vendor that the row updates takes the row's vendor: it belonged to nobody, so the vendor rule lets it (issue 19 point 2). */
  ownerlessTaken: (sku: string, vendor: string) => `SKU ${sku} had no vendor; it is now ${vendor}'s`,
} as const;

/** What a bad optional value does to its row: dropped with a warning (the rest is imported), or the row fails. */
export const BAD_OPTIONAL_VALUES = ['warn', 'fail'] as const;
export type BadOptionalValues = (typeof BAD_OPTIONAL_VALUES)[number];
export const badOptionalValuesSchema = z.enum(BAD_OPTIONAL_VALUES, "badOptionalValues must be 'warn' or 'fail'").default('warn');

/** The options of an import request beside its mapping (form fields of the preview and the import): an empty field is its default. */
export const importFormOptionsSchema = importVendorOptionsSchema.extend({
  badOptionalValues: z.preprocess((v) => (v === '' ? undefined : v), badOptionalValuesSchema),
});

export const previewRowSchema = z.object({
  rowNumber: z.number().int(),
  values: z.record(z.string(), z.string()),
  vendor_category_path: z.string().nullable(),
  store_category_path: z.string().nullable(),
  /**
   * Weights and sizes converted to the shop's unit, by field key: the file's unit ('g', from the
   * header or the row's unit column) and the value as stored ('0.072 kg'); values holds the file's.
   */
  converted: z.record(z.string(), z.object({ from: z.string(), to: z.string() })).optional(),
}).catchall(z.unknown());
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const importPreviewResponseSchema = z.object({
  previewRows: z.array(previewRowSchema),
  totalRows: z.number().int(),
  message: z.string(),
  headers: z.array(z.string()),
  /** Header names the file has more than once (a mapping reads the first column of that name). */
  duplicateHeaders: z.array(z.string()),
  encoding: z.string(),
  delimiter: z.string(),
  /** An Excel workbook: the sheet read and every sheet it has, in its order (the wizard offers them). */
  sheet: z.string().optional(),
  sheets: z.array(z.string()).optional(),
  dryRun: z.object({
    valid: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    skip: z.number().int(),
    errorCount: z.number().int(),
    errors: z.array(importRowErrorSchema),
    newCategories: z.number().int(),
    /**
     * Rows that would be written whose file gives no shop category (issue 23): those that get one
     * from their vendor category's mapping, and those left without one.
     */
    storeCategories: z.object({ fromMapping: z.number().int(), unmapped: z.number().int() }).optional(),
    /** Warnings of the rows that would be written, and the first of them. */
    warningCount: z.number().int(),
    warnings: z.array(importRowErrorSchema),
    /** When the file maps the variant columns: the valid variation rows and the variable products they come under. */
    variants: z.object({ variations: z.number().int(), parents: z.number().int() }).optional(),
    /** Rows whose SKU (a variation's: its parent's) is stored under another vendor than the row's, and those vendors' names. */
    otherVendor: z.object({ rows: z.number().int(), vendors: z.array(z.string()) }).optional(),
    /** Vendors a mapped Vendor column names that do not exist yet, with their rows. */
    newVendors: z.array(z.object({ name: z.string(), rows: z.number().int() })).optional(),
    /**
     * What the rows that update a stored product would change (issue 22), by the run's rules:
     * rows that change nothing, how many products each update field changes (PROFILE_UPDATE_FIELDS
     * keys), and the largest price changes, so that a wrong file is caught before it is written.
     */
    changes: z
      .object({
        unchanged: z.number().int(),
        fields: z.record(z.string(), z.number().int()),
        topPriceChanges: z.array(z.object({ sku: z.string(), name: z.string(), field: z.string(), from: z.number().nullable(), to: z.number().nullable() })),
      })
      .optional(),
    /** The missing-product rule's plan, when the run is the vendor's full list and the rule does something. */
    missing: missingProductsPlanSchema.optional(),
    /** Rows whose list price the profile's price rules set. */
    pricedByRules: z.number().int().optional(),
  }),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

/** An Excel workbook's sheets and the header row of the one read (its `sheet` field, else the first visible), for the wizard's mapping. */
export const workbookSheetsResponseSchema = z.object({ sheets: z.array(z.string()), sheet: z.string(), headers: z.array(z.string()) });
export type WorkbookSheetsResponse = z.infer<typeof workbookSheetsResponseSchema>;

export interface ImportProgressEvent {
  type: 'progress';
  current: number;
  total: number;
  imported: number;
  updated: number;
  skipped: number;
  errors: number;
  processingRate: number;
  currentProduct: string;
  waiting?: boolean;
  message?: string;
}

export interface ImportCompleteEvent {
  type: 'complete';
  total: number;
  imported: number;
  updated: number;
  skipped: number;
  errors: string[];
  errorCount: number;
  /** The failed rows as read, with their reason, for the 'rows not imported' file. */
  errorRows: Array<{ row: number; cells: string[]; reason: string }>;
  /** The skipped rows as read, with their reason (capped as errorRows), for the 'rows not imported' file. */
  skippedRows?: Array<{ row: number; cells: string[]; reason: string }>;
  /** Warnings of the imported rows: their count, the first messages, and the rows as the file had them for 'Download warnings'. */
  warningCount: number;
  warnings: string[];
  warningRows: Array<{ row: number; cells: string[]; reasons: string[] }>;
  headers: string[];
  message: string;
  /** Products in the catalogue after the run, as the dashboard counts them: variations apart. */
  totalProducts: number;
  /** Variations in the catalogue after the run. */
  totalVariations: number;
  processingRate: number;
  processingTime: number;
  /** The missing-product rule's outcome, when the run is the vendor's full list and the rule does something (issue 22). */
  missing?: MissingProductsOutcome;
  /** Rows whose list price the profile's price rules set (issue 22). */
  pricedByRules?: number;
}

export interface ImportErrorEvent {
  type: 'error';
  message: string;
}

export type ImportEvent = ImportProgressEvent | ImportCompleteEvent | ImportErrorEvent;

export const importModeParamsSchema = z.object({ mode: z.enum(['ultra-fast', 'lightning', 'standard']) });

/** 'about 42 seconds', '3.5 minutes', '1.2 hours' from rows and a rate. */
export function formatImportEstimate(rows: number, rowsPerSecond: number): string {
  const seconds = rows / rowsPerSecond;
  if (seconds < 60) return `about ${plural(Math.max(1, Math.ceil(seconds)), 'second')}`;
  // A tenth is shown ('1.5 minutes'), so only exactly 1.0 is singular.
  const minutes = (seconds / 60).toFixed(1);
  if (seconds < 3600) return `about ${minutes} ${pluralWord(Number(minutes), 'minute')}`;
  const hours = (seconds / 3600).toFixed(1);
  return `about ${hours} ${pluralWord(Number(hours), 'hour')}`;
}
