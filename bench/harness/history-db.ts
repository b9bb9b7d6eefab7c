import type SQLite from 'better-sqlite3';
import pg from 'pg';
import { openSqlite } from '../../server/src/db/database.js';
import { measureLatency, type LatencySummary } from './measure.js';
import type { DbTarget } from './targets.js';

/**
 * Direct access to a bench database for the history scenario (issue 20): switching the change
 * history's triggers off (the 'recording off' baseline, in the bench's database only), its size
 * on disk, and a million history entries written set-based. Each call opens its own connection
 * beside the server's: the server is idle meanwhile.
 */

/** The history triggers of migration 0023, the same names on both engines. */
const HISTORY_TRIGGERS = ['products_history_insert', 'products_history_update', 'products_history_delete'] as const;

async function withSqlite<T>(target: DbTarget, fn: (conn: SQLite.Database) => T | Promise<T>): Promise<T> {
  const conn = openSqlite(target.url);
  try {
    return await fn(conn);
  } finally {
    conn.close();
  }
}

async function withPostgres<T>(target: DbTarget, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The app without its change history: SQLite drops the triggers (nothing re-creates them: the
 * migration has run), PostgreSQL disables them. Only ever on a bench database.
 */
export async function switchHistoryRecordingOff(target: DbTarget): Promise<void> {
  if (target.kind === 'sqlite') {
    await withSqlite(target, (conn) => {
      for (const name of HISTORY_TRIGGERS) conn.exec(`drop trigger ${name}`);
    });
    return;
  }
  await withPostgres(target, (client) => client.query(`alter table products ${HISTORY_TRIGGERS.map((name) => `disable trigger ${name}`).join(', ')}`));
}

/** Bytes on disk of the history (changes and product_changes with their indexes) and of the products table's rows (no indexes). */
export interface DiskBytes {
  history: number;
  products: number;
}

export async function diskBytes(target: DbTarget): Promise<DiskBytes> {
  if (target.kind === 'sqlite') {
    // dbstat reads through the pager: pages still in the WAL count as the database's.
    return withSqlite(target, (conn) => {
      const bytes = conn.prepare(
        `select coalesce(sum(case when name = 'products' then 0 else pgsize end), 0) as history, coalesce(sum(case when name = 'products' then pgsize else 0 end), 0) as products
         from dbstat where name = 'products' or name in (select name from sqlite_master where tbl_name in ('changes', 'product_changes'))`,
      ).get() as DiskBytes;
      return bytes;
    });
  }
  return withPostgres(target, async (client) => {
    const { rows } = await client.query<{ history: string; products: string }>(
      `select pg_total_relation_size('product_changes') + pg_total_relation_size('changes') as history, pg_table_size('products') as products`,
    );
    return { history: Number(rows[0].history), products: Number(rows[0].products) };
  });
}

export const megabytes = (bytes: number) => Math.round((bytes / 1e6) * 100) / 100;

/** Entries per seeded change: a bulk edit's worth. */
const ENTRIES_PER_CHANGE = 100;

export interface SeededHistory {
  /** product_changes rows in the database after seeding. */
  entries: number;
  /** The product whose History tab is timed, and its entries. */
  productId: number;
  productEntries: number;
  ms: number;
}

/**
 * Fills product_changes up to `total` rows (at least): changes of ENTRIES_PER_CHANGE 'updated'
 * entries each (a price and stock change), spread evenly over the stored products, so that every
 * product gets a few; then the product under test (a stored one, halfway through by id) gets
 * changes of its own until it has `productEntries`. All set-based: one INSERT ... SELECT per table.
 */
export async function seedHistory(target: DbTarget, total: number, productEntries: number, username: string): Promise<SeededHistory> {
  const started = performance.now();
  const seeded = target.kind === 'sqlite' ? await seedSqlite(target, total, productEntries, username) : await seedPostgres(target, total, productEntries, username);
  return { ...seeded, ms: Math.round(performance.now() - started) };
}

/** What both engines' seeding needs first: how many changes to add and where the products are. */
function seedPlan(existing: number, total: number, products: { min: number; max: number; count: number }) {
  const span = products.max - products.min + 1;
  if (products.count < ENTRIES_PER_CHANGE) throw new Error(`seeding history needs at least ${ENTRIES_PER_CHANGE} products, found ${products.count}`);
  return {
    changes: Math.max(0, Math.ceil((total - existing) / ENTRIES_PER_CHANGE)),
    span,
    // Slot j of change k is product min + (k + j * stride) mod span: distinct within a change.
    stride: Math.floor(span / ENTRIES_PER_CHANGE),
  };
}

const SQLITE_SEQUENCE = (name: string, count: string) => `(with recursive s(${name}) as (select 0 union all select ${name} + 1 from s where ${name} + 1 < ${count}) select ${name} from s)`;
const SQLITE_NOW_MINUS_MINUTES = (minutes: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${minutes}) || ' minutes')`;

async function seedSqlite(target: DbTarget, total: number, productEntries: number, username: string) {
  return withSqlite(target, (conn) => {
    const one = <T>(text: string, ...params: unknown[]) => conn.prepare(text).get(...params) as T;
    const userId = one<{ id: number }>('select id from users where username = ?', username).id;
    const products = one<{ min: number; max: number; count: number }>('select min(id) as min, max(id) as max, count(*) as count from products');
    const plan = seedPlan(one<{ n: number }>('select count(*) as n from product_changes').n, total, products);
    const addChanges = conn.prepare(
      `insert into changes (user_id, source, created_at)
       select @userId, case i % 3 when 0 then 'edit' when 1 then 'bulk_edit' else 'import' end, ${SQLITE_NOW_MINUS_MINUTES('@changes - i')}
       from ${SQLITE_SEQUENCE('i', '@changes')}`,
    );
    const newChanges = `(select id, row_number() over (order by id) - 1 as k from changes where id > @after)`;
    const price = (base: number) => `${base} + ((c.k * ${ENTRIES_PER_CHANGE} + s.j) % 5000) / 100.0`;
    const addEntries = conn.prepare(
      `insert into product_changes (change_id, product_id, action, before, after)
       select c.id, @min + (c.k + s.j * @stride) % @span, 'updated',
         json_object('list_price', ${price(10)}, 'stock', s.j % 40), json_object('list_price', ${price(11)}, 'stock', s.j % 40 + 1)
       from ${newChanges} c cross join ${SQLITE_SEQUENCE('j', String(ENTRIES_PER_CHANGE))} s`,
    );
    const productId = one<{ id: number }>('select id from products order by id limit 1 offset ?', Math.floor(products.count / 2)).id;
    const addProductEntries = conn.prepare(
      `insert into product_changes (change_id, product_id, action, before, after)
       select c.id, @productId, 'updated', json_object('list_price', 20 + c.k, 'stock', c.k), json_object('list_price', 21 + c.k, 'stock', c.k + 1)
       from ${newChanges} c`,
    );
    const maxChange = conn.prepare('select coalesce(max(id), 0) as id from changes').pluck();
    conn.transaction(() => {
      let after = maxChange.get() as number;
      addChanges.run({ userId, changes: plan.changes });
      addEntries.run({ after, min: products.min, stride: plan.stride, span: plan.span });
      const has = one<{ n: number }>('select count(*) as n from product_changes where product_id = ?', productId).n;
      if (has < productEntries) {
        after = maxChange.get() as number;
        addChanges.run({ userId, changes: productEntries - has });
        addProductEntries.run({ after, productId });
      }
    })();
    conn.exec('analyze');
    return {
      entries: one<{ n: number }>('select count(*) as n from product_changes').n,
      productId,
      productEntries: one<{ n: number }>('select count(*) as n from product_changes where product_id = ?', productId).n,
    };
  });
}

async function seedPostgres(target: DbTarget, total: number, productEntries: number, username: string) {
  return withPostgres(target, async (client) => {
    const one = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows[0] as T;
    const count = async (text: string, params: unknown[] = []) => Number((await one<{ n: string }>(text, params)).n);
    const userId = (await one<{ id: number }>('select id from users where username = $1', [username])).id;
    const products = await one<{ min: number; max: number; count: string }>('select min(id) as min, max(id) as max, count(*) as count from products');
    const plan = seedPlan(await count('select count(*) as n from product_changes'), total, { ...products, count: Number(products.count) });
    const addChanges = (changes: number) =>
      client.query(
        `insert into changes (user_id, source, created_at)
         select $1, (array['edit', 'bulk_edit', 'import'])[i % 3 + 1], to_char((now() at time zone 'utc') - make_interval(mins => $2 - i), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         from generate_series(0, $2 - 1) i`,
        [userId, changes],
      );
    const newChanges = `(select id, row_number() over (order by id) - 1 as k from changes where id > $1)`;
    // float8, as the triggers store a real column (to_jsonb), not numeric's trailing zeros.
    const price = (base: number) => `(${base} + ((c.k * ${ENTRIES_PER_CHANGE} + s.j) % 5000) / 100.0)::float8`;
    const maxChange = async () => (await one<{ id: number }>('select coalesce(max(id), 0) as id from changes')).id;
    const productId = (await one<{ id: number }>('select id from products order by id limit 1 offset $1', [Math.floor(Number(products.count) / 2)])).id;
    await client.query('begin');
    try {
      let after = await maxChange();
      await addChanges(plan.changes);
      await client.query(
        `insert into product_changes (change_id, product_id, action, before, after)
         select c.id, $2 + (c.k + s.j * $3) % $4, 'updated',
           jsonb_build_object('list_price', ${price(10)}, 'stock', s.j % 40), jsonb_build_object('list_price', ${price(11)}, 'stock', s.j % 40 + 1)
         from ${newChanges} c cross join generate_series(0, ${ENTRIES_PER_CHANGE - 1}) s(j)`,
        [after, products.min, plan.stride, plan.span],
      );
      const has = await count('select count(*) as n from product_changes where product_id = $1', [productId]);
      if (has < productEntries) {
        after = await maxChange();
        await addChanges(productEntries - has);
        await client.query(
          `insert into product_changes (change_id, product_id, action, before, after)
           select c.id, $2, 'updated', jsonb_build_object('list_price', 20 + c.k, 'stock', c.k), jsonb_build_object('list_price', 21 + c.k, 'stock', c.k + 1)
           from ${newChanges} c`,
          [after, productId],
        );
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    }
    // A bulk load leaves PostgreSQL without statistics until autovacuum comes by; a settled database has them.
    await client.query('analyze changes, product_changes');
    return {
      entries: await count('select count(*) as n from product_changes'),
      productId,
      productEntries: await count('select count(*) as n from product_changes where product_id = $1', [productId]),
    };
  });
}

/**
 * The first page of a product's history as the History tab's route reads it (newest first on the
 * index (product_id, id), with its change and author, and the count for the pagination), timed in
 * this process beside a read of the product's own row, measured the same way.
 */
export async function timeHistoryPageSql(target: DbTarget, productId: number, warmups: number, samples: number): Promise<{ page: LatencySummary; product: LatencySummary }> {
  const page = `select pc.id, pc.change_id, pc.action, pc.before, pc.after, c.created_at, c.source, c.import_run_id, c.undone_by_change_id, u.id as user_id, u.username
    from product_changes pc left join changes c on c.id = pc.change_id left join users u on u.id = c.user_id
    where pc.product_id = $1 order by pc.id desc limit 20`;
  const total = 'select count(*) as n from product_changes where product_id = $1';
  const product = 'select * from products where id = $1';
  const timed = async (run: () => unknown) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  if (target.kind === 'sqlite') {
    return withSqlite(target, async (conn) => {
      const [pageStmt, totalStmt, productStmt] = [page, total, product].map((text) => conn.prepare(text.replaceAll('$1', '?')));
      return {
        page: await measureLatency(() => timed(() => [pageStmt.all(productId), totalStmt.get(productId)]), warmups, samples),
        product: await measureLatency(() => timed(() => productStmt.get(productId)), warmups, samples),
      };
    });
  }
  return withPostgres(target, async (client) => ({
    page: await measureLatency(() => timed(() => Promise.all([client.query(page, [productId]), client.query(total, [productId])])), warmups, samples),
    product: await measureLatency(() => timed(() => client.query(product, [productId])), warmups, samples),
  }));
}
