import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoredAttribute } from '@bosun/shared';
import { ATTRIBUTE_ROW_COLUMNS, attributeOfRow, attributeRowValues, type AttributeRowValues } from '../../db/attribute-rows.js';
import type { DB } from '../../db/types.js';
import { byDroppedShape, mergeImportedAttributes, variationWrite, type StoredProduct } from './import-rules.js';
import type { MappedRow } from './row-mapper.js';

/**
 * The PostgreSQL import writer's statements for variable products (issue 18), each set-based
 * over a batch's rows: the SQLite writer's sqlite-variant-writes.ts, by the same rules.
 */
type Executor = Kysely<DB> | Transaction<DB>;

/** The variable rows' attributes, merged over the stored ones (mergeImportedAttributes); rows made simple lose theirs. */
export async function writeImportedAttributes(trx: Executor, rows: MappedRow[], stored: Map<string, StoredProduct>) {
  const variable = rows.filter((r) => r.variant?.kind === 'variable');
  const madeSimple = rows.filter((r) => r.variant?.kind === 'simple' && stored.get(r.sku)?.kind === 'variable').map((r) => stored.get(r.sku)!.id);
  if (madeSimple.length) await trx.deleteFrom('product_attributes').where('product_id', 'in', madeSimple).execute();
  if (!variable.length) return;
  const ids = new Map((await trx.selectFrom('products').select(['id', 'sku']).where('sku', 'in', variable.map((r) => r.sku)).execute()).map((r) => [r.sku, r.id]));
  // A stored variable product's attributes: their values stay when it has variations, their settings in any case.
  const storedVariable = variable.flatMap((r) => (stored.get(r.sku)?.kind === 'variable' ? [ids.get(r.sku)!] : []));
  const before = new Map<number, StoredAttribute[]>();
  if (storedVariable.length) {
    const rowsBefore = await trx.selectFrom('product_attributes').select(['product_id', ...ATTRIBUTE_ROW_COLUMNS]).where('product_id', 'in', storedVariable).orderBy('product_id').orderBy('position').execute();
    for (const a of rowsBefore) before.set(a.product_id, [...(before.get(a.product_id) ?? []), attributeOfRow(a)]);
  }
  const inserts: Array<{ product_id: number; position: number } & AttributeRowValues> = [];
  for (const row of variable) {
    const id = ids.get(row.sku)!;
    const storedRow = stored.get(row.sku);
    const merged = mergeImportedAttributes(before.get(id) ?? [], row.variant!.attributes, storedRow?.kind === 'variable' ? storedRow.variationCount : 0);
    // The batch is then written again row by row, where this row alone fails with the reason.
    if (typeof merged === 'string') throw new Error(merged);
    merged.forEach((a, i) => inserts.push({ product_id: id, position: i + 1, ...attributeRowValues(a) }));
  }
  await trx.deleteFrom('product_attributes').where('product_id', 'in', [...ids.values()]).execute();
  for (let i = 0; i < inserts.length; i += 10_000) await trx.insertInto('product_attributes').values(inserts.slice(i, i + 10_000)).execute();
}

/**
 * Upserts variation rows: the file's columns a variation has of its own (the rest is its
 * parent's), its parent and its values. `columns` are the import's insert columns, whose order a
 * row's values follow; parentIds maps each row's parent SKU to its id.
 */
export async function upsertVariations(trx: Executor, rows: MappedRow[], columns: string[], parentIds: Map<string, number>, now: string, updateOnly?: readonly string[] | null) {
  const { names, updates, values: rowOf } = variationWrite(columns, updateOnly);
  const perStatement = Math.floor(60_000 / names.length);
  // A stored variation keeps the values its row dropped (MappedRow.dropped): one statement per shape.
  for (const group of byDroppedShape(rows, (row) => row.dropped)) {
    const kept = updates.filter((c) => !group.dropped.includes(c));
    for (let i = 0; i < group.items.length; i += perStatement) {
      const tuples = group.items.slice(i, i + perStatement).map((row) => {
        const { parentSku, options } = row.variation!;
        return sql`(${sql.join(rowOf(row.values, parentIds.get(parentSku)!, options, now))})`;
      });
      await sql`insert into products (${sql.join(names.map((c) => sql.ref(c)))}) values ${sql.join(tuples)}
        on conflict (sku) do update set ${sql.join(kept.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}`.execute(trx);
    }
  }
}
