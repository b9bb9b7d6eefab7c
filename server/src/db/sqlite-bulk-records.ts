import type Database from 'better-sqlite3';
import { DERIVED_ON_VARIABLE, HISTORY_COLUMN_NAMES, type HistoryColumn } from './product-history-columns.js';
import { SQLITE_CHANGE_CONTEXT, SQLITE_UPDATED_ENTRY_MERGE, sqliteAnyColumnChanged, sqliteChangedObject } from './product-history-sql.js';
import { gtinKeySql, productProblemsSql, qualityPassedSql, refreshParentsSql } from './quality-sql.js';

/**
 * What the history triggers (migration 0023) and the quality triggers (0038) do, for a bulk
 * write's whole batch at once (sqlite-bulk-products.ts suspends them): the history entries of the
 * products it created and updated, each product's quality bits and GTIN key, and the GTIN counts.
 * Per row, those triggers cost more than the write itself: the quality one writes the row a second
 * time, the history one builds its JSON row by row (a stock-and-price feed of 10k rows: 1.28 s of
 * the writer's 2 s in the upsert with them).
 *
 * snapshot() keeps the stored rows' recorded columns before the write; record() compares them with
 * the rows after it: the same SQL as the triggers (product-history-sql.ts, quality-sql.ts), over a
 * join instead of old and new.
 */
export const RECORD_TRIGGERS = [
  'products_history_insert', 'products_history_update', 'products_quality_insert', 'products_quality_update', 'gtin_counts_update',
  // A variation's failures queue its parent (migration 0041).
  'products_quality_parent',
  // The checks passed, the completeness sort's value (migration 0044).
  'products_quality_passed',
];

/**
 * The recorded columns a write can change: those it sets (written; every recorded column when it
 * does not say), and a variable product's totals, which its variations' rows move.
 */
const recordedColumns = (written?: readonly string[]): HistoryColumn[] =>
  written ? HISTORY_COLUMN_NAMES.filter((c) => written.includes(c) || DERIVED_ON_VARIABLE.includes(c)) : HISTORY_COLUMN_NAMES;

/** What a write that names its columns (BulkKept.columns) leaves alone: the GTIN keys and counts when it sets no GTIN and no parent. */
const gtinKeptBy = (written?: readonly string[]) => written !== undefined && !written.some((c) => c === 'gtin' || c === 'parent_id');

export function bulkRecords(db: Database.Database) {
  const stored = ['id', ...HISTORY_COLUMN_NAMES, 'gtin_key'];
  db.exec(`create temp table if not exists bulk_before as select ${stored.join(', ')} from products where 0`);
  const clear = db.prepare('delete from temp.bulk_before');
  // The batch's stored rows and the rows it created: one IN over a union, each part an index lookup.
  const touchedIds = 'select value from json_each(@ids) union all select id from main.products where id > @after';
  const touched = `p.id in (${touchedIds})`;
  const created = db.prepare(`insert into product_changes (change_id, product_id, action) select ${SQLITE_CHANGE_CONTEXT}, id, 'created' from products where id > ? on conflict do nothing`);
  // Per set of columns a write names: the snapshot keeps only those (with the row's kind, parent and
  // GTIN key, which the comparisons and recounts read), and the history compares only those. Building
  // each entry's JSON over every recorded column was most of a 100k-product bulk edit's recording.
  const byColumns = new Map<string, { snapshot: Database.Statement; updated: Database.Statement }>();
  const statementsFor = (written?: readonly string[]) => {
    const columns = recordedColumns(written);
    const key = columns.join(',');
    let statements = byColumns.get(key);
    if (!statements) {
      const kept = [...new Set(['id', 'kind', 'parent_id', 'gtin_key', ...columns])].join(', ');
      statements = {
        snapshot: db.prepare(`insert into temp.bulk_before (${kept}) select ${kept} from main.products where id in (select value from json_each(?))`),
        updated: db.prepare(
          `insert into product_changes (change_id, product_id, action, before, after)
           select ${SQLITE_CHANGE_CONTEXT}, p.id, 'updated', ${sqliteChangedObject('b', 'b', 'p', columns)}, ${sqliteChangedObject('p', 'b', 'p', columns)}
           from temp.bulk_before b join main.products p on p.id = b.id
           where ${sqliteAnyColumnChanged('b', 'p', columns)}
           ${SQLITE_UPDATED_ENTRY_MERGE}`,
        ),
      };
      byColumns.set(key, statements);
    }
    return statements;
  };
  // The touched rows' GTIN keys, then the quality bits of those rows and of the parents whose
  // totals the batch moved, from the stored key; only rows whose key or bits change are written
  // (a stock feed's rows mostly keep theirs: a write is the cost). No other trigger reads them.
  const key = gtinKeySql('sqlite', 'p.gtin');
  const gtinKeys = db.prepare(`update products as p set gtin_key = ${key} where ${touched} and p.gtin_key is not ${key}`);
  // A variable product's bits include its variations' (migration 0041).
  const problems = productProblemsSql('sqlite', 'p.', 'p.id', 'p.gtin_key');
  const quality = db.prepare(
    `update products as p set quality_problems = ${problems}
     where p.id in (${touchedIds} union all select value from json_each(@parents)) and p.quality_problems is not (${problems})`,
  );
  // Then the parents of the batch's variations (and those they left) from their variations' new bits (migration 0041).
  const parentQuality = db.prepare(refreshParentsSql('sqlite', 'select value from json_each(?) union select parent_id from temp.bulk_before where parent_id is not null'));
  // A listed product's GTIN key counted out as it was and in as it is (the gtin_counts triggers, summed per key).
  const gtinCounts = db.prepare(
    `insert into gtin_counts (gtin, n)
     select gtin, sum(n) from (
       select gtin_key as gtin, -1 as n from temp.bulk_before where parent_id is null and gtin_key is not null
       union all select p.gtin_key, 1 from products p where ${touched} and p.parent_id is null and p.gtin_key is not null
     ) d group by gtin having sum(n) <> 0
     on conflict (gtin) do update set n = n + excluded.n`,
  );
  // Last, once the bits and the GTIN counts are right: the checks passed (migration 0044) of the
  // touched rows and of every parent whose bits the batch may have moved, written where it moves.
  const passed = qualityPassedSql('p.');
  const qualityPassed = db.prepare(
    `update products as p set quality_passed = ${passed}
     where p.id in (${touchedIds} union all select value from json_each(@parents) union all select parent_id from temp.bulk_before where parent_id is not null)
       and p.quality_passed <> ${passed}`,
  );
  return {
    /** Before the write: the stored rows it may change, as they are (written: the columns it sets, when it says). */
    snapshot(ids: string, written?: readonly string[]) {
      clear.run();
      statementsFor(written).snapshot.run(ids);
    },
    /**
     * After the write (parents: the ids whose totals it set): the history, quality bits and GTIN
     * counts of the batch; qualityKept: the write kept the bits, GTIN keys and checks passed right
     * itself (a category mapping: recomputing the checks passed of 100k rows was 2.3 s); written:
     * the columns it set, as given to snapshot (BulkKept).
     */
    record(ids: string, after: number, parents: string, qualityKept = false, written?: readonly string[]) {
      created.run(after);
      statementsFor(written).updated.run();
      const gtinKept = gtinKeptBy(written);
      if (!qualityKept) {
        if (!gtinKept) gtinKeys.run({ ids, after });
        quality.run({ ids, after, parents });
        parentQuality.run(parents);
        if (!gtinKept) gtinCounts.run({ ids, after });
        qualityPassed.run({ ids, after, parents });
      }
      clear.run();
    },
  };
}
