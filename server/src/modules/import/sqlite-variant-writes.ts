import type Database from 'better-sqlite3';
import { ATTRIBUTE_ROW_COLUMNS, attributeOfRow, attributeRowValues, type AttributeRowValues } from '../../db/attribute-rows.js';
import { droppedKey, mergeImportedAttributes, variationWrite, type StoredProduct, type VariantWrite } from './import-rules.js';
import type { ColumnValue } from './row-mapper.js';

/**
 * The SQLite import writer's statements for variable products (issue 18), prepared once per
 * import in its worker thread (sqlite-writer-worker.ts).
 */

/**
 * A variation row writes the file's columns a variation has of its own, its parent and its values;
 * its name, texts, vendor and categories stay empty: its parent's are read. `columns` are the
 * import's insert columns, whose order a row's values follow.
 */
export function variationStatements(db: Database.Database, columns: string[], updateOnly: readonly string[] | null) {
  const { names, updates, values: rowOf } = variationWrite(columns, updateOnly);
  const createdAt = columns.indexOf('created_at');
  const placeholders = names.map(() => '?').join(', ');
  const insert = db.prepare(`insert into products (${names.join(', ')}) values (${placeholders})`);
  const upsertKeeping = (dropped: readonly string[]) =>
    db.prepare(`insert into products (${names.join(', ')}) values (${placeholders}) on conflict(sku) do update set ${updates.filter((c) => !dropped.includes(c)).map((c) => `${c} = excluded.${c}`).join(', ')}`);
  // A stored variation keeps the values its row dropped: one prepared upsert per shape of dropped columns.
  const upserts = new Map([['', upsertKeeping([])]]);
  return {
    write(values: ColumnValue[], parentId: number, options: Array<string | null>, action: 'create' | 'update', dropped?: readonly string[] | null) {
      const key = droppedKey(dropped);
      let upsert = upserts.get(key);
      if (!upsert) {
        // A few shapes per file; never thousands of statements kept.
        if (upserts.size >= 64) for (const k of upserts.keys()) if (k) upserts.delete(k);
        upserts.set(key, (upsert = upsertKeeping(dropped!)));
      }
      // The batch's rows carry one timestamp for both times (rowValues).
      (action === 'create' ? insert : upsert).run(rowOf(values, parentId, options, values[createdAt] as string));
    },
  };
}

/** A variable row's attributes, merged over the stored ones (mergeImportedAttributes); a row made simple loses its own. */
export function attributeStatements(db: Database.Database) {
  const idOf = db.prepare('select id from products where sku = ?').pluck();
  const storedOf = db.prepare(`select ${ATTRIBUTE_ROW_COLUMNS.map((c) => `"${c}"`).join(', ')} from product_attributes where product_id = ? order by position`);
  const remove = db.prepare('delete from product_attributes where product_id = ?');
  const add = db.prepare('insert into product_attributes (product_id, position, name, value_list, visible, "global", default_value) values (?, ?, ?, ?, ?, ?, ?)');
  return {
    write(sku: string, variant: VariantWrite, stored: StoredProduct | undefined) {
      if (variant.kind === 'simple') {
        if (stored?.kind === 'variable') remove.run(stored.id);
        return;
      }
      if (variant.kind !== 'variable') return;
      const id = stored?.id ?? (idOf.get(sku) as number);
      const before = stored?.kind === 'variable' ? (storedOf.all(id) as AttributeRowValues[]).map(attributeOfRow) : [];
      const merged = mergeImportedAttributes(before, variant.attributes!, stored?.kind === 'variable' ? stored.variationCount : 0);
      if (typeof merged === 'string') throw new Error(merged);
      remove.run(id);
      merged.forEach((a, i) => {
        const row = attributeRowValues(a);
        add.run(id, i + 1, row.name, row.value_list, row.visible, row.global, row.default_value);
      });
    },
  };
}
