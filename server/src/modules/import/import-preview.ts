import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { IMPORT_MESSAGES, restoreFormula, type BadOptionalValues, type FieldMapping, type ImportVendorOptions, type ImportPreviewResponse, type ImportRowError, type ImportRowWarning, type PreviewRow } from '@bosun/shared';
import { getSettings } from '../settings/index.js';
import { categoryPathsOf, CategoryResolver } from './category-resolver.js';
import { formatOfHead, splitHead, type CsvFormat } from './csv-format.js';
import { utf8Check } from './utf8-check.js';
import { checkMapping, duplicateHeaders, openCsv, openUploadedFile, type OpenedCsv } from './import-file.js';
import { appliesMissingRule, type ImportDeps, type ImportFile, type ImportRunRequest } from './import.service.js';
import { classifyBatch, kindConflict, parentVendorReason, skipReason, takesOwnerless, type ImportRules } from './import-rules.js';
import { ImportVendors, VendorTally } from './import-vendors.js';
import { ChangeTally, type UpdateRow } from './dry-run-changes.js';
import { findMissingProducts } from './missing-products.js';
import { PriceRuler } from './price-ruler.js';
import { ownerlessWarning, storedProductsIn, updateOnlyColumns } from './product-writer.js';
import { readShopifyProducts } from './shopify-rows.js';
import { VariantPlanner } from './variant-planner.js';
import { createRowMapper, type MappedRow, type RowMapper } from './row-mapper.js';

const PREVIEW_ROWS = 5;
const DRY_RUN_ERRORS = 100;

/**
 * The level cells of a tree as the row holds them (an empty level kept, trailing ones dropped), for
 * a row with an error whose levels make no path the import would use (an empty first level).
 */
function levelsAsWritten(values: Record<string, string>, tree: 'vendor' | 'store'): string | undefined {
  const levels = [`${tree}_category`, ...[1, 2, 3, 4, 5].map((n) => `${tree}_subcategory_${n}`)].filter((f) => f in values).map((f) => values[f]!.trim());
  while (levels.length && levels.at(-1) === '') levels.pop();
  return levels.length ? levels.join(' > ') : undefined;
}

function previewRow(mapper: RowMapper, headers: string[], mapping: FieldMapping, cells: string[], row: number, hasError: boolean): PreviewRow {
  const values: Record<string, string> = {};
  for (const [field, header] of Object.entries(mapping)) values[field] = cells[headers.indexOf(header)] ?? '';
  // A row with an error still shows its category paths: they are read apart from the other cells,
  // and where they make no path, staff see the levels the row held, to correct them.
  const categories = mapper.categories(cells);
  const pathText = (tree: 'vendor' | 'store') => categories[tree]?.join(' > ') ?? (hasError ? levelsAsWritten(values, tree) : undefined);
  const vendorPath = pathText('vendor');
  const storePath = pathText('store');
  const preview: PreviewRow = {
    rowNumber: row,
    values,
    vendor_category_path: vendorPath !== undefined ? `Vendor: ${vendorPath}` : null,
    store_category_path: storePath !== undefined ? `Store: ${storePath}` : null,
  };
  for (const [field, value] of Object.entries(values)) if (/_subcategory_\d$/.test(field)) preview[field] = value;
  return preview;
}

/**
 * The dry run's create / update / skip, by the import's rule (classifyBatch): the dry run writes
 * nothing, so the SKUs it has counted stand for the ones the import would have written.
 */
class SkuLedger {
  private readonly seen = new Set<string>();
  constructor(private readonly rules: ImportRules) {}

  classify<T extends { sku: string; vendor: number | null }>(rows: T[], existing: Set<string>, ownerOf: (sku: string) => { id: number; name: string } | null) {
    const plan = classifyBatch(rows, { imported: this.seen, before: existing }, this.rules, ownerOf, (row) => row.vendor);
    for (const { row, action } of plan) if (action !== 'skip') this.seen.add(row.sku);
    return plan;
  }

  /** Whether the import would have written this SKU by now. */
  wrote(sku: string) {
    return this.seen.has(sku);
  }
}

export interface PreviewRequest extends Partial<ImportVendorOptions>, Pick<ImportRunRequest, 'rules' | 'fullList' | 'fileFormat'> {
  mapping: FieldMapping;
  updateMode: boolean;
  vendorId?: number;
  badOptionalValues?: BadOptionalValues;
}

/** A preview read from the upload as it arrived, and the format it took the file to have. */
export interface StreamedPreview {
  preview: ImportPreviewResponse;
  format: CsvFormat;
}

/** The preview of a spooled file. */
export async function previewImport(deps: ImportDeps, file: ImportFile, request: PreviewRequest): Promise<ImportPreviewResponse> {
  return previewRecords(deps, await openUploadedFile({ format: request.fileFormat, ...file }), request);
}

/**
 * The preview read from the upload's bytes while they arrive (and are spooled), so that reading
 * the file costs no time of its own after the upload. Whether the whole file is UTF-8 is only
 * known at its end: the head decides meanwhile, and previewOfUpload checks the guess. Measured on
 * the bench's 100k-row file (102 MB), spool-then-read against read-while-uploading, three
 * alternating pairs: 2,474 / 2,019, 2,145 / 1,870 and 2,888 / 1,904 ms.
 */
export async function previewImportStream(deps: ImportDeps, chunks: AsyncIterable<Buffer>, request: PreviewRequest): Promise<StreamedPreview> {
  const { head, all } = await splitHead(chunks);
  const headCheck = utf8Check();
  headCheck.add(head);
  const format = formatOfHead(head, headCheck.valid, request.fileFormat);
  return { preview: await previewRecords(deps, await openCsv(all, format), request), format };
}

/**
 * The streamed preview when the encoding it assumed holds for the whole upload; otherwise (UTF-8
 * at the head, a Windows-1252 byte further on) the spooled file is read again as Windows-1252.
 */
export async function previewOfUpload(deps: ImportDeps, upload: ImportFile & { read?: StreamedPreview }, request: PreviewRequest): Promise<ImportPreviewResponse> {
  const streamed = upload.read;
  if (streamed && (streamed.format.encoding !== 'utf-8' || streamed.format.hasBom || upload.utf8Valid)) return streamed.preview;
  return previewImport(deps, upload, request);
}

/**
 * Reads the whole file once, streaming: the first rows as they will be mapped, and a dry run over
 * every row (what would be created, updated, skipped, and the row errors), writing nothing.
 */
async function previewRecords(deps: ImportDeps, opened: OpenedCsv, options: PreviewRequest): Promise<ImportPreviewResponse> {
  try {
    return await dryRun(deps, opened, options);
  } finally {
    // A workbook holds its archive open and its shared strings in a file of their own: let go however the dry run ends.
    opened.close?.();
  }
}

async function dryRun(deps: ImportDeps, opened: OpenedCsv, options: PreviewRequest): Promise<ImportPreviewResponse> {
  checkMapping(opened.headers, options.mapping, options.rules?.createNew !== false);
  const { csv, mapping, recordsRead } = readShopifyProducts(opened, options.mapping);
  const priceRules = options.rules?.priceRules ?? undefined;
  const mapper = createRowMapper(csv.headers, mapping, await getSettings(deps.db), { checkOnly: true, badOptionalValues: options.badOptionalValues ?? 'warn', emptyCells: options.rules?.emptyCells, listPrice: priceRules !== undefined });
  const vendors = await ImportVendors.load(deps.db, csv.headers, mapping, options.vendorId ?? null, options.createVendors ?? false);
  const resolver = await CategoryResolver.load(deps.db, vendors.byColumn ? 'all' : options.vendorId ? [options.vendorId] : []);
  const rules: ImportRules = { updateMode: options.updateMode, moveVendors: options.moveVendors ?? false, createNew: options.rules?.createNew ?? true };
  const changes = new ChangeTally(mapper.columns, updateOnlyColumns(mapper.columns, options.rules?.updateFields, mapping.name !== undefined));
  // The SKUs the file names, for the missing-product rule (as the import collects them).
  const named = appliesMissingRule(options) && options.vendorId ? new Set<string>() : undefined;
  const skuAt = csv.headers.indexOf(mapping.sku ?? '');
  const ledger = new SkuLedger(rules);
  const ruler = priceRules ? await PriceRuler.load(deps.db, priceRules, resolver, mapper.columns, mapping.list_price) : undefined;
  const vendorTally = new VendorTally();
  const previewRows: PreviewRow[] = [];
  const errors: ImportRowError[] = [];
  const warnings: ImportRowWarning[] = [];
  let warningCount = 0;
  const counts = { valid: 0, create: 0, update: 0, skip: 0, errorCount: 0 };
  const storeCategories = { fromMapping: 0, unmapped: 0 };
  let totalRows = 0;
  const planner = mapper.readsVariants ? new VariantPlanner(deps.db, deps.dialect) : undefined;
  const rowError = (error: ImportRowError) => {
    counts.errorCount += 1;
    counts.valid -= 1;
    if (errors.length < DRY_RUN_ERRORS) errors.push(error);
  };
  // Only what the dry run's counts need: a batch of whole mapped rows would keep megabytes alive.
  let batch: Array<Pick<MappedRow, 'row' | 'sku' | 'categories' | 'variant' | 'variation' | 'warnings'> & UpdateRow & { vendor: number | null }> = [];
  const flush = async (last = false) => {
    if (planner) {
      // The planner hands the same objects back (their vendor with them).
      const planned = await planner.plan(batch as unknown as MappedRow[]);
      const finished = last ? planner.finish() : { ready: [], errors: [] };
      for (const { error } of [...planned.errors, ...finished.errors]) rowError(error);
      batch = [...planned.ready, ...finished.ready] as unknown as typeof batch;
    }
    if (ruler) await ruler.price(deps.db, deps.dialect, batch);
    const stored = await storedProductsIn(deps.db, deps.dialect, batch.map((r) => r.sku));
    // What the writers refuse (kindConflict), but for a variation's parent, which the dry run does not store.
    batch = batch.filter((r) => {
      const reason = kindConflict(r.sku, r.variant?.kind, stored.get(r.sku), stored.get(r.sku)?.parentId ?? undefined);
      if (reason) rowError({ row: r.row, column: mapping.sku ?? 'SKU', value: r.sku, reason });
      return !reason;
    });
    // A variation follows its parent: one stored under another vendor than the row's is skipped (parentVendorReason).
    const parentSkus = [...new Set(batch.flatMap((r) => (r.variation ? [r.variation.parentSku] : [])))];
    const parents = parentSkus.length ? await storedProductsIn(deps.db, deps.dialect, parentSkus) : new Map<string, never>();
    const ownerOf = (sku: string) => vendors.owner(stored.get(sku)?.vendorId);
    const byParent = (r: (typeof batch)[number], moveVendors: boolean) => {
      const parentSku = r.variation?.parentSku;
      if (!parentSku || !parents.has(parentSku)) return undefined;
      return parentVendorReason(parentSku, ledger.wrote(parentSku), vendors.owner(parents.get(parentSku)!.vendorId), r.vendor, { ...rules, moveVendors });
    };
    // Rows of another vendor's products, whatever moveVendors says: the preview's checkbox shows them.
    for (const r of batch) {
      const parentSku = r.variation?.parentSku;
      if (parentSku && parents.has(parentSku)) {
        if (byParent(r, false)) vendorTally.otherVendor(vendors.nameOf(parents.get(parentSku)!.vendorId!));
      } else if (stored.has(r.sku) && !ledger.wrote(r.sku) && skipReason(r.sku, 'before', ownerOf(r.sku), r.vendor, { updateMode: true, moveVendors: false })) {
        vendorTally.otherVendor(ownerOf(r.sku)!.name);
      }
    }
    const parentSkipped = new Set(batch.filter((r) => byParent(r, rules.moveVendors)));
    counts.skip += parentSkipped.size;
    const plan = ledger.classify(
      batch.filter((r) => !parentSkipped.has(r)),
      new Set(stored.keys()),
      ownerOf,
    );
    await changes.add(deps.db, deps.dialect, plan.filter((p) => p.action === 'update' && p.by === 'before').map((p) => p.row), stored);
    for (const { row, action, by } of plan) {
      counts[action] += 1;
      // The import creates categories only for the rows it writes, and reports the warnings of those.
      if (action === 'skip') continue;
      for (const { type, path, vendorId } of categoryPathsOf(row, row.vendor)) resolver.peek(type, path, vendorId);
      const mapped = resolver.storeCategoryFromMapping(row.categories, row.vendor);
      if (mapped !== undefined) storeCategories[mapped === null ? 'unmapped' : 'fromMapping'] += 1;
      const taken = takesOwnerless(by, stored.get(row.sku), row.vendor) ? [ownerlessWarning(row.row, row.sku, vendors.nameOf(row.vendor!))] : [];
      for (const warning of [...(row.warnings ?? []), ...taken]) {
        warningCount += 1;
        if (warnings.length < DRY_RUN_ERRORS) warnings.push({ ...warning, row: row.row });
      }
    }
    batch = [];
    await yieldToEventLoop();
  };
  let mappedRecords = 0;
  for await (const { records, firstRow, rows, unread } of csv.groups) {
    if (unread) {
      // A record the reader could not take is a row of the file, and an error.
      totalRows += 1;
      counts.errorCount += 1;
      if (errors.length < DRY_RUN_ERRORS) errors.push(unread);
    }
    for (let i = 0; i < records.length; i++) {
      const cells = records[i]!;
      const row = rows?.[i] ?? firstRow + i;
      mappedRecords += 1;
      const mapped = mapper.map(cells, row);
      if (named) {
        const sku = restoreFormula((cells[skuAt] ?? '').trim());
        if (sku) named.add(sku);
        if (mapped.ok) named.add(mapped.row.sku);
      }
      if (previewRows.length < PREVIEW_ROWS) {
        const preview = previewRow(mapper, csv.headers, mapping, cells, row, !mapped.ok);
        // Weights and sizes in another unit than the shop's: staff see what will be stored beside what the file holds.
        const converted = mapped.ok ? mapper.converted(mapped.row) : {};
        previewRows.push(Object.keys(converted).length ? { ...preview, converted } : preview);
      }
      if (!mapped.ok) {
        counts.errorCount += 1;
        if (errors.length < DRY_RUN_ERRORS) errors.push(mapped.error);
        continue;
      }
      const rowVendor = vendors.ofRow(cells, row);
      if ('error' in rowVendor) {
        counts.errorCount += 1;
        if (errors.length < DRY_RUN_ERRORS) errors.push(rowVendor.error);
        if (rowVendor.unknownVendor) vendorTally.newVendor(rowVendor.unknownVendor);
        continue;
      }
      // A vendor the file names that does not exist yet stands for itself in the dry run: its provisional id, which no vendor has.
      if (rowVendor.newVendor) vendorTally.newVendor(rowVendor.newVendor);
      const vendor = rowVendor.vendorId;
      counts.valid += 1;
      const { sku, name, values, dropped, statusFollows, categories, variant, warnings: rowWarnings } = mapped.row;
      batch.push({ row, sku, name, values, dropped, statusFollows, categories, vendor, ...(variant ? { variant } : {}), ...(rowWarnings ? { warnings: rowWarnings } : {}) });
      if (batch.length >= 5_000) await flush();
    }
  }
  await flush(true);
  // A Shopify product's first row is its parent and a variant, and an image row is neither: the file's rows are counted as read.
  totalRows += recordsRead ? recordsRead() : mappedRecords;
  const summary = planner ? IMPORT_MESSAGES.variantSummary(planner.counts.variations, planner.counts.parents) : undefined;
  const missing = named ? (await findMissingProducts(deps.db, options.vendorId!, named, options.rules!.missing)).plan : undefined;
  return {
    previewRows,
    totalRows,
    headers: opened.headers,
    duplicateHeaders: duplicateHeaders(opened.headers),
    encoding: csv.format.encoding,
    delimiter: csv.format.delimiter === '\t' ? 'tab' : csv.format.delimiter,
    ...(opened.workbook ? { sheet: opened.workbook.sheet, sheets: opened.workbook.sheets } : {}),
    message: IMPORT_MESSAGES.previewing(previewRows.length, totalRows, summary),
    dryRun: {
      ...counts, errors, warningCount, warnings, newCategories: resolver.newCategoryCount, storeCategories, ...(planner ? { variants: { ...planner.counts } } : {}), ...vendorTally.summary(),
      ...(counts.update ? { changes: changes.summary() } : {}),
      ...(missing ? { missing } : {}),
      ...(ruler ? { pricedByRules: ruler.priced } : {}),
    },
  };
}
