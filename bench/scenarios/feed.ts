import fs from 'node:fs';
import { STOCK_AND_PRICE_FIELDS, type ImportProfileRules } from '@bosun/shared';
import { generateProducts, type Catalogue, type ProductSeed } from '../catalogue/index.js';
import { importMapping, writeImportCsv, writeLines } from '../harness/catalogue-rows.js';
import { scratchFile, type DbKind } from '../harness/targets.js';
import { importThrough, withImportServer, type ImportFigures } from './import.js';

/**
 * A supplier's daily stock-and-price feed (issue 22): `feedRows` rows of SKU, stock, list price and
 * vendor cost against a catalogue of `catalogueRows` products of the vendor (imported through the
 * API first, not timed), through the API with a 'stock and prices only' profile's rules (no new
 * products, no name column). Beside it, on the same database, the same SKUs as a full update:
 * every column of the catalogue file, the import's own behaviour without a profile.
 */

export interface FeedFigures {
  catalogueRows: number;
  feed: ImportFigures;
  fullUpdate: ImportFigures;
  /** The untimed catalogue import before. */
  loadMs: number;
}

const FEED_HEADERS = ['SKU', 'Stock', 'Regular price', 'Cost'];
const FEED_MAPPING = { sku: 'SKU', stock: 'Stock', list_price: 'Regular price', vendor_cost: 'Cost' };

/** Tomorrow's stock and prices: every product's changes, so that every row writes. */
const revised = (p: ProductSeed): ProductSeed => ({ ...p, stock: (p.stock + 7) % 500, list_price: Math.round(p.list_price * 103) / 100, vendor_cost: Math.round(p.vendor_cost * 102) / 100 });

function writeFeedCsv(catalogue: Catalogue, rows: number, file: string) {
  function* lines() {
    yield `${FEED_HEADERS.join(',')}\n`;
    for (const generated of generateProducts(catalogue, rows)) {
      const p = revised(generated);
      yield `${p.sku},${p.stock},${p.list_price.toFixed(2)},${p.vendor_cost.toFixed(2)}\n`;
    }
  }
  writeLines(file, lines());
}

const STOCK_FEED_RULES: ImportProfileRules = {
  updateFields: STOCK_AND_PRICE_FIELDS,
  createNew: false,
  emptyCells: 'keep',
  missing: { action: 'leave', maxPercent: 20 },
  priceRules: null,
};

export async function benchFeed(kind: DbKind, catalogue: Catalogue, sizes: { catalogueRows: number; feedRows: number }, options: { pgUrl?: string; log: (text: string) => void }): Promise<FeedFigures> {
  const { catalogueRows, feedRows } = sizes;
  const catalogueFile = scratchFile(`import-${catalogueRows}.csv`);
  if (!fs.existsSync(catalogueFile)) writeImportCsv(catalogue, catalogueRows, catalogueFile);
  const feedFile = scratchFile(`feed-${feedRows}.csv`);
  writeFeedCsv(catalogue, feedRows, feedFile);
  const fullFile = scratchFile(`feed-full-${feedRows}.csv`);
  writeImportCsv(catalogue, feedRows, fullFile, { revise: revised });
  return withImportServer(kind, `feed_${catalogueRows}`, options.pgUrl, async (api, server, fields) => {
    const started = performance.now();
    await importThrough(api, server, fields, 'ultra-fast', catalogueFile, catalogueRows, options.log);
    const loadMs = Math.round(performance.now() - started);
    options.log(`catalogue of ${catalogueRows.toLocaleString('en-US')} products loaded in ${loadMs} ms`);
    const feedFields = { selectedVendor: fields.selectedVendor!, updateMode: 'true', fieldMapping: JSON.stringify(FEED_MAPPING), rules: JSON.stringify(STOCK_FEED_RULES) };
    const feed = await importThrough(api, server, feedFields, 'ultra-fast', feedFile, feedRows, options.log);
    options.log(`stock-and-price feed: ${feed.rowsPerSecond.toLocaleString('en-US')} rows/s, ${feed.ms} ms, peak RSS ${feed.peakRssMb} MB`);
    const fullUpdate = await importThrough(api, server, { ...fields, updateMode: 'true', fieldMapping: JSON.stringify(importMapping()) }, 'ultra-fast', fullFile, feedRows, options.log);
    options.log(`full update of the same SKUs: ${fullUpdate.rowsPerSecond.toLocaleString('en-US')} rows/s, ${fullUpdate.ms} ms, peak RSS ${fullUpdate.peakRssMb} MB`);
    return { catalogueRows, feed, fullUpdate, loadMs };
  });
}
