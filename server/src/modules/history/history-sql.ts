import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { DERIVED_ON_VARIABLE, HISTORY_COLUMN_NAMES, HISTORY_COLUMNS, RESTORED_ONLY_COLUMNS, type HistoryColumn, type HistoryColumnType } from '../../db/product-history-columns.js';
import type { DB } from '../../db/types.js';
import { DEFAULT_ATTRIBUTE_SETTINGS } from '@bosun/shared/attribute-settings';

/**
 * The set-based statements that write history back into products: put back the `before` of a
 * change's updated entries (one UPDATE ... FROM), and insert deleted products again from their
 * last state (one INSERT ... SELECT, then their variant attributes). Column names come only from
 * the allow-list of product-history-columns.ts; every value is a parameter.
 *
 * `entries` is a subquery over product_changes aliased `e` (its WHERE chooses the entries).
 */

const isHistoryColumn = (name: string): name is HistoryColumn => (HISTORY_COLUMN_NAMES as string[]).includes(name);

const PG_CASTS: Record<HistoryColumnType, string> = { text: '', integer: '::integer', real: '::double precision' };

/** The value a JSON document of an entry holds for a column, as that column's SQL type. */
function jsonValue(dialect: Dialect, doc: string, column: string, type: HistoryColumnType) {
  return dialect === 'sqlite' ? `json_extract(${doc}, '$.${column}')` : `(${doc} ->> '${column}')${PG_CASTS[type]}`;
}

/** Whether the document holds the column at all (a JSON null included). */
function jsonHas(dialect: Dialect, doc: string, column: string) {
  return dialect === 'sqlite' ? `json_type(${doc}, '$.${column}') is not null` : `(${doc} -> '${column}') is not null`;
}

/** A reference that no longer exists is written as null instead of failing the whole statement. */
const REFERENCES: Partial<Record<string, string>> = { vendor_id: 'vendors', vendor_category_id: 'categories', store_category_id: 'categories' };

/**
 * One product's value for `column` put back from the entry's `before`: the recorded value when the
 * entry holds it, else the column as it is. A variable product's totals are never written (its
 * variations' triggers keep them), nor a reference whose row is gone.
 */
function revertedColumn(dialect: Dialect, column: HistoryColumn) {
  const value = jsonValue(dialect, 'e.before', column, HISTORY_COLUMNS[column]);
  const conditions = [jsonHas(dialect, 'e.before', column)];
  if (DERIVED_ON_VARIABLE.includes(column)) conditions.push(`coalesce(${jsonValue(dialect, 'e.before', 'kind', 'text')}, products.kind) <> 'variable'`);
  const table = REFERENCES[column];
  if (table) conditions.push(`(${value} is null or exists (select 1 from ${table} r where r.id = ${value}))`);
  return `${column} = case when ${conditions.join(' and ')} then ${value} else products.${column} end`;
}

/** The entry's recorded columns as one sorted, comma-separated text: entries of one shape revert in one statement. */
const SHAPE = {
  sqlite: '(select group_concat(key, \',\') from (select key from json_each(e.before) order by key))',
  postgres: '(select string_agg(k, \',\' order by k) from jsonb_object_keys(e.before) k)',
};

/** More shapes than this (entries that each changed other columns) revert in one statement writing every column. */
const MAX_SHAPES = 40;

/**
 * Puts back the `before` of the chosen 'updated' entries; answers the products written. One
 * UPDATE ... FROM per set of changed columns (an import or a bulk edit has a few), each setting only
 * those columns: a column set to itself would still fire that column's triggers (search index,
 * counts, totals) for every row.
 */
export async function revertUpdatedEntries(db: Kysely<DB>, dialect: Dialect, entries: RawBuilder<unknown>, updatedAt: string): Promise<number> {
  const shape = sql.raw(SHAPE[dialect]);
  const { rows } = await sql<{ shape: string | null }>`select distinct ${shape} as shape from (${entries}) e where e.action = 'updated'`.execute(db);
  const shapes = rows.map((r) => ({ key: r.shape, columns: (r.shape ?? '').split(',').filter(isHistoryColumn) })).filter((s) => s.columns.length);
  const statements = shapes.length > MAX_SHAPES
    ? [{ columns: HISTORY_COLUMN_NAMES, only: sql`` }]
    : shapes.map((s) => ({ columns: s.columns, only: sql` and ${shape} = ${s.key}` }));
  let written = 0;
  for (const { columns, only } of statements) {
    const set = sql.raw(columns.map((c) => revertedColumn(dialect, c)).join(',\n  '));
    const result = await sql`update products set ${set}, updated_at = ${updatedAt}
      from (${entries}) e where products.id = e.product_id and e.action = 'updated'${only}`.execute(db);
    written += Number(result.numAffectedRows ?? 0);
  }
  return written;
}

const STATE_COLUMNS = { ...RESTORED_ONLY_COLUMNS, ...HISTORY_COLUMNS } as Record<string, HistoryColumnType>;
const STATE_COLUMN_NAMES = Object.keys(STATE_COLUMNS);

function stateValue(dialect: Dialect, column: string) {
  const value = jsonValue(dialect, 'e.before', column, STATE_COLUMNS[column]!);
  const table = REFERENCES[column];
  return table ? `case when exists (select 1 from ${table} r where r.id = ${value}) then ${value} end` : value;
}

const STATE_SELECT = { sqlite: STATE_COLUMN_NAMES.map((c) => stateValue('sqlite', c)).join(', '), postgres: STATE_COLUMN_NAMES.map((c) => stateValue('postgres', c)).join(', ') };

/**
 * Inserts the chosen 'deleted' entries' products again, same id, from their last state: only those
 * that do not exist, whose SKU is free, and whose parent exists or comes back in the same statement.
 * Parents first. Answers the products inserted.
 */
export async function recreateDeletedEntries(db: Kysely<DB>, dialect: Dialect, entries: RawBuilder<unknown>): Promise<number> {
  const sku = jsonValue(dialect, 'e.before', 'sku', 'text');
  const parent = jsonValue(dialect, 'e.before', 'parent_id', 'integer');
  const chosen = sql`select e.* from (${entries}) e where e.action = 'deleted'
      and not exists (select 1 from products p where p.id = e.product_id)
      and not exists (select 1 from products p where p.sku = ${sql.raw(sku)})`;
  const result = await sql`insert into products (${sql.raw(STATE_COLUMN_NAMES.join(', '))})
    select ${sql.raw(STATE_SELECT[dialect])} from (${chosen}) e
    where ${sql.raw(parent)} is null
      or exists (select 1 from products p where p.id = ${sql.raw(parent)})
      or exists (select 1 from (${chosen}) e2 where e2.product_id = ${sql.raw(parent)})
    order by ${sql.raw(parent)} is not null, e.product_id`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * The variant attributes of the products `changeId` inserted again from these entries (their
 * 'created' entries of that change say which), positions from 1 in their recorded order, with
 * their storefront settings (kept since migration 0033; an older entry's are the defaults).
 */
export async function recreateAttributes(db: Kysely<DB>, dialect: Dialect, entries: RawBuilder<unknown>, changeId: number) {
  const recreated = sql`e.action = 'deleted' and exists (select 1 from product_changes c
    where c.change_id = ${changeId} and c.product_id = e.product_id and c.action = 'created')`;
  const { visible, global } = DEFAULT_ATTRIBUTE_SETTINGS;
  if (dialect === 'sqlite') {
    await sql`insert into product_attributes (product_id, position, name, value_list, visible, "global", default_value)
      select e.product_id, a.key + 1, json_extract(a.value, '$.name'), json_extract(a.value, '$.values'),
        coalesce(json_extract(a.value, '$.visible'), ${Number(visible)}), coalesce(json_extract(a.value, '$.global'), ${Number(global)}), json_extract(a.value, '$.default_value')
      from (${entries}) e, json_each(e.before, '$.attributes') a where ${recreated}`.execute(db);
  } else {
    await sql`insert into product_attributes (product_id, position, name, value_list, visible, "global", default_value)
      select e.product_id, a.n, a.v ->> 'name', (a.v -> 'values')::text,
        coalesce((a.v ->> 'visible')::integer, ${Number(visible)}), coalesce((a.v ->> 'global')::integer, ${Number(global)}), a.v ->> 'default_value'
      from (${entries}) e cross join lateral jsonb_array_elements(coalesce(e.before -> 'attributes', '[]'::jsonb)) with ordinality a(v, n)
      where ${recreated}`.execute(db);
  }
}
