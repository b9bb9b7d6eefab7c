import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { DERIVED_ON_VARIABLE, HISTORY_COLUMN_NAMES, RESTORED_ONLY_COLUMNS, type HistoryColumn } from '../product-history-columns.js';
import { SQLITE_CHANGE_CONTEXT, SQLITE_UPDATED_ENTRY_MERGE, sqliteAnyColumnChanged, sqliteChangedObject } from '../product-history-sql.js';

/**
 * The change history (issue 20). `changes` holds one row per change as staff see it (a form save,
 * a bulk edit, an import, an undo...): who, when, from where. `product_changes` holds what it did
 * to each product: 'created' (nothing more: an undo deletes it), 'updated' with the old and the new
 * value of each changed column only, 'deleted' with the product's last full state (its variant
 * attributes too) to bring it back.
 *
 * Triggers write product_changes, so that every write to products, by any path (an import's bulk
 * statements, a category deleted under its products, a vendor's cascade), is recorded in the same
 * statement as the change itself: a change without its record, or a record without its change,
 * cannot exist. Which change a write belongs to is the transaction's: on PostgreSQL the
 * transaction-local setting bosun.change_id, on SQLite (one writer at a time) the one row of
 * change_context, set at the start of the writing transaction and cleared before its commit
 * (db/change-context.ts). A write no path attributed is recorded all the same, without a change.
 *
 * On PostgreSQL inserts and updates are recorded by statement-level triggers over the statement's
 * transition tables: one set-based insert per statement, not a function call per row.
 */

/** The product's attributes as the deleted state keeps them: [{name, values}] in their order. */
const SQLITE_ATTRIBUTES = `json((select json_group_array(json_object('name', name, 'values', json(value_list)))
  from (select name, value_list from product_attributes where product_id = old.id order by position)))`;
const POSTGRES_ATTRIBUTES = `(select coalesce(jsonb_agg(jsonb_build_object('name', name, 'values', value_list::jsonb) order by position), '[]'::jsonb)
  from product_attributes where product_id = old.id)`;

const STATE_COLUMNS = [...Object.keys(RESTORED_ONLY_COLUMNS), ...HISTORY_COLUMN_NAMES];
const derived = (column: HistoryColumn) => DERIVED_ON_VARIABLE.includes(column);
const SQLITE_CONTEXT = SQLITE_CHANGE_CONTEXT;

/**
 * The delete trigger keeping a product's last state with `attributes` (an expression over old.id);
 * migration 0033 creates it again keeping each attribute's storefront settings too.
 */
export const sqliteHistoryDeleteTrigger = (attributes: string) => `create trigger products_history_delete before delete on products begin
    insert into product_changes (change_id, product_id, action, before)
      values (${SQLITE_CONTEXT}, old.id, 'deleted', json_object(${STATE_COLUMNS.map((c) => `'${c}', old.${c}`).join(', ')}, 'attributes', ${attributes}))
      on conflict do nothing;
  end`;

const SQLITE = [
  `create table change_context (id integer primary key check (id = 1), change_id integer)`,
  `insert into change_context (id, change_id) values (1, null)`,
  `create trigger products_history_insert after insert on products begin
    insert into product_changes (change_id, product_id, action) values (${SQLITE_CONTEXT}, new.id, 'created') on conflict do nothing;
  end`,
  // The WHEN gate and a plain VALUES, not a subquery in FROM: a bulk edit of 100k rows spent about
  // 1.5 s in the subquery's version of this trigger and 0.75 s in this one (update of list_price on a
  // 100k catalogue, 3 rounds each, the update without the trigger 1.5-1.9 s).
  `create trigger products_history_update after update on products
    when ${sqliteAnyColumnChanged()}
  begin
    insert into product_changes (change_id, product_id, action, before, after)
      values (${SQLITE_CONTEXT}, new.id, 'updated', ${sqliteChangedObject('old')}, ${sqliteChangedObject('new')})
      ${SQLITE_UPDATED_ENTRY_MERGE};
  end`,
  sqliteHistoryDeleteTrigger(SQLITE_ATTRIBUTES),
];

const POSTGRES_CONTEXT = `nullif(current_setting('bosun.change_id', true), '')::integer`;
const POSTGRES_VALUES = HISTORY_COLUMN_NAMES.map((c) => `('${c}', to_jsonb(o.${c}), to_jsonb(n.${c}), ${derived(c)})`).join(',\n        ');

/** PostgreSQL's function of the delete trigger, as sqliteHistoryDeleteTrigger. */
export const postgresHistoryDeleteFunction = (attributes: string) => `create or replace function products_history_deleted() returns trigger language plpgsql as $$
  begin
    insert into product_changes (change_id, product_id, action, before)
      values (${POSTGRES_CONTEXT}, old.id, 'deleted', jsonb_build_object(${STATE_COLUMNS.map((c) => `'${c}', old.${c}`).join(', ')}, 'attributes', ${attributes}))
      on conflict do nothing;
    return old;
  end $$`;

const POSTGRES = [
  `create function products_history_inserted() returns trigger language plpgsql as $$
  begin
    insert into product_changes (change_id, product_id, action) select ${POSTGRES_CONTEXT}, id, 'created' from new_rows on conflict do nothing;
    return null;
  end $$`,
  `create trigger products_history_insert after insert on products referencing new table as new_rows
    for each statement execute function products_history_inserted()`,
  `create function products_history_updated() returns trigger language plpgsql as $$
  begin
    insert into product_changes (change_id, product_id, action, before, after)
    select ${POSTGRES_CONTEXT}, n.id, 'updated', d.b, d.a
    from old_rows o join new_rows n on n.id = o.id
    cross join lateral (
      select jsonb_object_agg(v.k, v.ov) as b, jsonb_object_agg(v.k, v.nv) as a
      from (values
        ${POSTGRES_VALUES}
      ) v(k, ov, nv, derived)
      where v.ov is distinct from v.nv and not (v.derived and o.kind = 'variable' and n.kind = 'variable')
    ) d
    where d.b is not null
    on conflict (change_id, product_id, action) do update set before = excluded.before || product_changes.before, after = product_changes.after || excluded.after;
    return null;
  end $$`,
  `create trigger products_history_update after update on products referencing old table as old_rows new table as new_rows
    for each statement execute function products_history_updated()`,
  // Row by row, before the row goes: its variant attributes are still there to keep.
  postgresHistoryDeleteFunction(POSTGRES_ATTRIBUTES),
  `create trigger products_history_delete before delete on products for each row execute function products_history_deleted()`,
];

export function productHistoryMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      const id = (table: ReturnType<Kysely<any>['schema']['createTable']>) =>
        dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey());
      await id(db.schema.createTable('changes'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('import_run_id', 'integer')
        // An undo or a restore: the change it takes back.
        .addColumn('reverts_change_id', 'integer')
        // Set when an undo takes this change back; cleared when that undo is undone in turn.
        .addColumn('undone_by_change_id', 'integer')
        .addColumn('summary', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('changes_created_at').on('changes').column('created_at').execute();
      await db.schema.createIndex('changes_import_run').on('changes').column('import_run_id').execute();
      // No foreign keys: a product's history outlives the product, and pruning removes a change's rows itself.
      const json = dialect === 'postgres' ? 'jsonb' : 'text';
      await id(db.schema.createTable('product_changes'))
        .addColumn('change_id', 'integer')
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('before', sql.raw(json))
        .addColumn('after', sql.raw(json))
        .execute();
      await db.schema.createIndex('product_changes_product').on('product_changes').columns(['product_id', 'id']).execute();
      // One entry per product, change and action: a product written twice by one change merges into its entry (the triggers' upserts).
      await db.schema.createIndex('product_changes_change').on('product_changes').columns(['change_id', 'product_id', 'action']).unique().execute();
      await db.schema.alterTable('settings').addColumn('history_days', 'integer', (c) => c.notNull().defaultTo(180)).execute();
      for (const statement of dialect === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
    },
  };
}
