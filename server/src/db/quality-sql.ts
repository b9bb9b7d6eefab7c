/**
 * The quality checks of one product row as SQL (issue 23), for the triggers of migration 0038 and
 * for the set-based recount when the margin setting changes. `row` prefixes each column ('new.' in
 * a trigger, '' in an UPDATE of products). Imports nothing but the check table: the SQL is the
 * only copy of each row check, except the GTIN's, whose source is shared/src/gtin.ts
 * (quality-checks.test.ts checks that both agree on both engines).
 *
 * A variable product has no price, stock or GTIN of its own (they are its variations'): those
 * checks pass on it. A variation takes its image, description, dimensions and category from its
 * parent: those pass on it. Variations are not listed, so their own bits are kept but not queued;
 * a variable product carries its variations' failures of PARENT_QUEUED_CHECKS (productProblemsSql).
 */
import { QUALITY_CHECK_NAMES, QUALITY_CHECKS, type QualityCheck } from '@bosun/shared/quality-bits';
import type { Dialect } from './database.js';

/** The GTIN with spaces, tabs, line breaks and dashes removed, as gtinProblem reads it; NULL when empty. */
export function gtinKeySql(dialect: Dialect, column: string): string {
  const chr = dialect === 'postgres' ? 'chr' : 'char';
  let text = column;
  for (const strip of [`' '`, `'-'`, `${chr}(9)`, `${chr}(10)`, `${chr}(13)`, `${chr}(11)`, `${chr}(12)`]) text = `replace(${text}, ${strip}, '')`;
  return `nullif(${text}, '')`;
}

/**
 * Whether a GTIN key (digits only, after gtinKeySql) is valid: an ISBN-10 (its mod-11 check), or
 * 8, 12, 13 or 14 digits with the GS1 check digit. Left-padded to 14 digits, every GS1 length
 * has the same weights: 3 on odd positions 1-13, 1 on even ones.
 */
function gtinValidSql(dialect: Dialect, key: string): string {
  const digit = (text: string, i: number | string) => (dialect === 'postgres' ? `substr(${text}, ${i}, 1)::int` : `cast(substr(${text}, ${i}, 1) as integer)`);
  const digitsOnly = dialect === 'postgres' ? `${key} ~ '^[0-9]+$'` : `${key} not glob '*[^0-9]*'`;
  const padded = dialect === 'postgres' ? `lpad(${key}, 14, '0')` : `substr('00000000000000' || ${key}, -14, 14)`;
  const gs1Sum = Array.from({ length: 13 }, (_, i) => `${digit(padded, i + 1)} * ${i % 2 === 0 ? 3 : 1}`).join(' + ');
  const gs1 = `(${digitsOnly} and length(${key}) in (8, 12, 13, 14) and (10 - (${gs1Sum}) % 10) % 10 = ${digit(key, `length(${key})`)})`;
  const isbnDigits = dialect === 'postgres' ? `${key} ~ '^[0-9]{9}[0-9Xx]$'` : `(length(${key}) = 10 and substr(${key}, 1, 9) not glob '*[^0-9]*' and substr(${key}, 10, 1) glob '[0-9Xx]')`;
  const isbnLast = `(case when upper(substr(${key}, 10, 1)) = 'X' then 10 else ${digit(key, 10)} end)`;
  const isbnSum = `${Array.from({ length: 9 }, (_, i) => `${digit(key, i + 1)} * ${10 - i}`).join(' + ')} + ${isbnLast}`;
  const isbn = `(${isbnDigits} and (${isbnSum}) % 11 = 0)`;
  // CASE keeps the casts away from a key that is not digits (PostgreSQL would fail on it).
  return `(case when ${isbnDigits} then ${isbn} when ${digitsOnly} then ${gs1} else false end)`;
}

/** The margin percent the checks use, read from the one settings row (0 before it exists). */
export const MARGIN_PERCENT_SQL = `coalesce((select quality_margin_percent from settings where id = 1), 0)`;

/**
 * The row's failed checks as a bitmask (QUALITY_CHECKS' bits; duplicate_gtin is not kept here).
 * `gtinKey`: the row's GTIN key when it is already stored (the gtin_key column): the key's SQL
 * is repeated some forty times in the check digit's, which made the checks cost 30 µs a row.
 * `marginPercent`: the margin setting's value when the caller has read it (a trigger's variable).
 */
export function qualityProblemsSql(dialect: Dialect, row: string, gtinKey?: string, marginPercent = MARGIN_PERCENT_SQL): string {
  const c = (name: string) => `${row}${name}`;
  // A NULL condition (a missing price) falls to ELSE: the check passes.
  const bit = (check: keyof typeof QUALITY_CHECKS, condition: string) => `(case when ${condition} then ${QUALITY_CHECKS[check].bit} else 0 end)`;
  const variable = `${c('kind')} = 'variable'`;
  const variation = `${c('kind')} = 'variation'`;
  const key = gtinKey ?? gtinKeySql(dialect, c('gtin'));
  const missing = (name: string) => `(${c(name)} is null or ${c(name)} <= 0)`;
  // Compared in hundredths of a cent: prices have 2 decimals, and 10.10 - 8.08 is not 2.02 in floating point.
  const lowMargin = `(${c('list_price')} < ${c('vendor_cost')} or round((${c('list_price')} - ${c('vendor_cost')}) * 10000) < round(${c('list_price')} * ${marginPercent} * 100))`;
  return [
    bit('no_image', `not ${variation} and coalesce(${c('image_url')}, '') = '' and coalesce(${c('images')}, '[]') = '[]'`),
    bit('invalid_gtin', `not ${variable} and (${key} is null or not ${gtinValidSql(dialect, key)})`),
    bit('no_description', `not ${variation} and coalesce(trim(${c('description')}), '') = ''`),
    bit('no_dimensions', `not ${variation} and (${['weight', 'length', 'width', 'height'].map(missing).join(' or ')})`),
    bit('no_store_category', `not ${variation} and ${c('store_category_id')} is null`),
    bit('below_margin', `not ${variable} and ${c('list_price')} is not null and ${c('vendor_cost')} is not null and ${lowMargin}`),
    bit('special_above_list', `not ${variable} and ${c('special_price')} > ${c('list_price')}`),
    bit('negative_stock', `not ${variable} and ${c('stock')} < 0`),
  ].join(' | ');
}

/**
 * The checks a variation's failure queues its parent for (issue 23): the list shows parents, and
 * a variation's GTIN, prices and stock are its own, so its parent is where staff find and fix
 * them. Its image, texts, sizes and category are the parent's (those checks pass on a variation),
 * so nothing of them comes up from it.
 */
export const PARENT_QUEUED_CHECKS = ['invalid_gtin', 'below_margin', 'special_above_list', 'negative_stock'] as const;
export const PARENT_QUEUED_MASK = PARENT_QUEUED_CHECKS.reduce((mask, check) => mask | QUALITY_CHECKS[check].bit, 0);

/** The bits of PARENT_QUEUED_CHECKS that any variation of parentId fails (0 without variations). SQLite has no bit_or: one max per bit. */
export function variationProblemsSql(dialect: Dialect, parentId: string): string {
  const any =
    dialect === 'postgres'
      ? `coalesce(bit_or(v.quality_problems & ${PARENT_QUEUED_MASK}), 0)`
      : PARENT_QUEUED_CHECKS.map((check) => `coalesce(max(v.quality_problems & ${QUALITY_CHECKS[check].bit}), 0)`).join(' | ');
  return `(select ${any} from products v where v.parent_id = ${parentId})`;
}

/**
 * A product's bits: its row's checks, and on a variable product its variations' failures of
 * PARENT_QUEUED_CHECKS. idRef: the row's id, qualified; gtinKey as qualityProblemsSql's.
 */
export const productProblemsSql = (dialect: Dialect, row: string, idRef: string, gtinKey?: string) =>
  `((${qualityProblemsSql(dialect, row, gtinKey)}) | (case when ${row}kind = 'variable' then ${variationProblemsSql(dialect, idRef)} else 0 end))`;

/**
 * The variable products among parentIds (a subquery or a list) given their variations' bits again:
 * after a variation's bits changed, it was added or deleted, or it moved to another parent. The
 * parent's own row checks pass on those bits, so they are its variations' alone.
 */
export const refreshParentsSql = (dialect: Dialect, parentIds: string) =>
  `update products set quality_problems = (quality_problems & ${~PARENT_QUEUED_MASK}) | ${variationProblemsSql(dialect, 'products.id')}
   where kind = 'variable' and id in (${parentIds})`;

/** The product columns the checks read: a write to any of them recounts the row. */
export const QUALITY_COLUMNS = [
  'kind', 'gtin', 'image_url', 'images', 'description', 'weight', 'length', 'width', 'height',
  'store_category_id', 'list_price', 'vendor_cost', 'special_price', 'stock',
] as const;

/**
 * The two checks across rows (issue 23), each as the table that answers it: a listed product fails
 * when its `column` is a `key` of `table` whose row is `failing` (x: that row's alias prefix). A
 * duplicate GTIN: gtin_counts counts the listed products holding each GTIN key (another one has
 * it too). An image that does not load: image_url_checks holds the background check's answer per
 * address. Both queue listed products only: a variation passes them, as it is never listed.
 */
const CROSS_ROW_CHECKS = {
  duplicate_gtin: { column: 'gtin_key', table: 'gtin_counts', key: 'gtin', failing: (x: string) => `${x}n > 1` },
  broken_image: { column: 'image_url', table: 'image_url_checks', key: 'url', failing: (x: string) => `${x}broken = 1` },
} as const satisfies Partial<Record<QualityCheck, { column: string; table: string; key: string; failing: (x: string) => string }>>;

/**
 * How a query reads a check across rows; the same condition either way:
 * - 'row': one product at a time (a trigger, one product's page): EXISTS, one probe of the
 *   table's primary key. An IN here would list every failing key at each row.
 * - 'rows': a WHERE over many products (a queue, the list's filter): IN over the table's partial
 *   index of failing keys (migration 0038), so both engines start from those few keys and look
 *   each up in the products' index of the column. SQLite does not turn an EXISTS into that: it
 *   read every listed product, 90-136 ms for a queue of none at 100k against under 0.1 ms.
 */
export type CheckReading = 'row' | 'rows';

/**
 * Whether product `row` fails one check, as SQL: the ONE definition of each check's condition,
 * which the queues and the list's 'has problem' filter, the product's quality page, and the stored
 * count of checks passed (qualityPassedSql: its triggers and its set-based recount) all build
 * from. `row` prefixes each column, as qualityProblemsSql's ('p.', 'new.', 'products.').
 * A row check is a bit of quality_problems, written with the bit as a literal: the partial index
 * of each check (migration 0038) is used only when a query names its predicate as written there.
 */
export function failsCheckSql(check: QualityCheck, row: string, reading: CheckReading): string {
  if (check !== 'duplicate_gtin' && check !== 'broken_image') return `(${row}quality_problems & ${QUALITY_CHECKS[check].bit}) <> 0`;
  const { column, table, key, failing } = CROSS_ROW_CHECKS[check];
  const held =
    reading === 'row'
      ? `exists (select 1 from ${table} x where x.${key} = ${row}${column} and ${failing('x.')})`
      : `${row}${column} in (select ${key} from ${table} where ${failing('')})`;
  return `(${row}parent_id is null and ${held})`;
}

/**
 * How many checks a product passes, a switched-off check passed by every product: the list's
 * completeness sort (issue 23), stored as products.quality_passed (migration 0044) so that an
 * index orders it. Each check is failsCheckSql's. The triggers compute it one row at a time.
 * `row` prefixes each column, as qualityProblemsSql's.
 *
 * A switched-off check adds the same one to every product, so the order is that of the switched-on
 * checks passed; and switching a check moves only the products that fail it (migration 0052: when
 * a switched-off check counted 0, switching off one nobody failed rewrote every product, 54-84 s
 * at 100k on PostgreSQL).
 */
export function qualityPassedSql(row: string): string {
  const passed = QUALITY_CHECK_NAMES.map((check) => `(case when (s.disabled & ${QUALITY_CHECKS[check].bit}) = 0 and ${failsCheckSql(check, row, 'row')} then 0 else 1 end)`);
  // All checks are on before the settings row exists (enabledQualityChecks of 0).
  return `(select ${passed.join(' + ')} from (select coalesce(max(quality_disabled), 0) as disabled from settings where id = 1) s)`;
}

/** The columns whose change moves quality_passed on the row itself (gtin_counts and image_url_checks move it on others). */
export const QUALITY_PASSED_COLUMNS = ['quality_problems', 'gtin_key', 'image_url', 'parent_id'] as const;
