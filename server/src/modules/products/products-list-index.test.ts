import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { insertCategory, insertProduct, insertVendor } from '../../test/fixtures.js';
import { setupTestApp } from '../../test/test-app.js';

/**
 * The list's index-backed paths (the trigram table for 'contains' and for a search alone, the NOCASE
 * SKU index for 'starts with' and 'is', the merge of name-ordered runs for the vendor and category
 * name sorts) answer exactly what the plain query answers. Each answer is checked against that
 * plain SQL run here on the same rows: lower(column) LIKE pattern, LEFT JOINs ordered by name.
 */

const t = setupTestApp();

const KELVIN = '\u212a'; // the FTS5 tokenizer folds it to 'k'; LIKE and lower() leave it alone
const LONG_S = '\u017f'; // folded to 's' the same way

const NAMES = [
  'Anchor Shackle', 'ANCHOR LIGHT', 'anchorage fee', 'An chor split', 'Shackle 50% off', 'Shackle 50 percent', 'Snap_hook',
  'Snaphook', 'Crème brûlée', 'CRÈME fraîche', 'crème légère', `${KELVIN}elvin sign`, 'Kelvin plain', `${LONG_S}tar long s`,
  'Star plain', 'Quote "x" cleat', 'back\\slash', 'Emoji 😀 cleat', 'Oil 1 QT', 'Qt', 'ÉCLAIR', 'éclair', 'straße',
];
const SKUS = ['LEW-1', 'lew-2', 'LeW-3', 'LEX-1', 'LE', 'L%W-1', 'L_W-1', 'LXW-1', 'ÉCU-1', 'éCU-2', 'LEW😀', 'lew', 'M@1', 'MA1'];

beforeAll(async () => {
  const db = t.database.db;
  const vendors = [await insertVendor(db, 'Zulu Marine'), await insertVendor(db, 'alpha supplies'), await insertVendor(db, 'Mike Rigging')];
  // Two categories of each type share a name: products under either sort among themselves by id.
  const store = [
    await insertCategory(db, { name: 'Cleats', type: 'store' }),
    await insertCategory(db, { name: 'Anchors', type: 'store' }),
    await insertCategory(db, { name: 'Cleats', type: 'store' }),
  ];
  const vendorCats = [
    await insertCategory(db, { name: 'Hardware', type: 'vendor', vendor_id: vendors[0] }),
    await insertCategory(db, { name: 'hardware', type: 'vendor', vendor_id: vendors[1] }),
    await insertCategory(db, { name: 'Hardware', type: 'vendor', vendor_id: vendors[2] }),
  ];
  for (let i = 0; i < Math.max(NAMES.length, SKUS.length) + 6; i++) {
    await insertProduct(db, {
      name: NAMES[i % NAMES.length],
      sku: SKUS[i] ?? `GEN-${i}`,
      brand: i % 5 === 0 ? 'QT' : i % 5 === 1 ? 'Lewmar' : i % 5 === 2 ? null : 'Anchor & Co',
      mfn: i % 3 === 0 ? `MF-${i}-anchor` : i % 3 === 1 ? null : 'x',
      gtin: i % 4 === 0 ? `50${i}123` : null,
      stock: (i * 7) % 13,
      list_price: i * 3.5,
      // Every third product has no vendor or category: NULL names sort first ascending, last descending.
      vendor_id: i % 3 === 2 ? null : vendors[i % 3],
      vendor_category_id: i % 4 === 3 ? null : vendorCats[i % 3].id,
      store_category_id: i % 5 === 4 ? null : store[i % 3].id,
    });
  }
});

async function list(query: string) {
  const res = await t.request('GET', `/api/products?${query}`, t.admin);
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return res.json() as { products: Array<{ id: number; sku: string }>; pagination: { total: number } };
}
const advanced = (rows: unknown[]) => `limit=500&advanced_filters=${encodeURIComponent(JSON.stringify(rows))}`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The plain query's answer: ids whose lower(column) is LIKE the pattern, as the list built it before the indexes. */
async function plainLike(column: string, pattern: string, extra = sql`1 = 1`): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select id from products where lower(${sql.ref(column)}) like ${pattern.toLowerCase()} escape '\\' and ${extra} order by id`.execute(t.database.db);
  return rows.map((r) => r.id);
}
const ids = (body: { products: Array<{ id: number }> }) => body.products.map((p) => p.id).sort((a, b) => a - b);

describe('contains on the columns the trigram table holds', () => {
  const VALUES = [
    'anchor', 'ANCHOR', 'Anchor Sh', 'an', 'r s', 'n c', '50%', '%', '_', 'p_h', '"x"', 'e "x', 'crème', 'CRÈME', 'ÈME', 'éclair', 'ÉCLAIR',
    'kel', 'KELVIN', `${KELVIN}el`, 'sta', 'STAR', `${LONG_S}ta`, 'k\\s', 'k\\sl', '\\', 'ck\\', '😀 c', 'qt', 'oil 1 qt', 'ße', 'SSE', 'zzz',
    '-1', 'lew', 'LEW-', 'w-1', 'MF-1', '123', '&', 'r & c',
  ];

  it('finds exactly what lower(column) LIKE finds: case, punctuation, %, _, quotes, short and non-ASCII text', async () => {
    for (const column of ['name', 'sku', 'brand', 'mfn', 'gtin']) {
      for (const value of VALUES) {
        const expected = await plainLike(column, `%${escapeLike(value)}%`);
        const body = await list(advanced([{ column, operator: 'contains', value }]));
        expect(ids(body), `${column} contains ${JSON.stringify(value)}`).toEqual(expected);
        expect(body.pagination.total, `${column} contains ${JSON.stringify(value)}`).toBe(expected.length);
      }
    }
  });

  it('keeps the other conditions: contains with a price range and with does_not_contain', async () => {
    const rows = [{ column: 'name', operator: 'contains', value: 'anchor' }, { column: 'list_price', operator: 'between', value: 5, value2: 85 }];
    const expected = await plainLike('name', '%anchor%', sql`list_price between 5 and 85`);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await list(advanced(rows)))).toEqual(expected);
    const both = [{ column: 'name', operator: 'contains', value: 'shackle' }, { column: 'name', operator: 'does_not_contain', value: '50%' }];
    expect(ids(await list(advanced(both)))).toEqual(await plainLike('name', '%shackle%', sql`lower(name) not like '%50\\%%' escape '\\'`));
  });

  it('pages in the requested order as before', async () => {
    const rows = [{ column: 'brand', operator: 'contains', value: 'anchor' }];
    const all = (await list(advanced(rows))).products.map((p) => p.id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const filter = `advanced_filters=${encodeURIComponent(JSON.stringify(rows))}`;
    const pages = [...(await list(`${filter}&limit=3&page=1`)).products, ...(await list(`${filter}&limit=3&page=2`)).products];
    expect(pages.map((p) => p.id)).toEqual(all.slice(0, 6));
  });
});

describe('SKU starts with and is, through the NOCASE index', () => {
  const PREFIXES = ['lew', 'LEW', 'LeW-', 'le', 'l', 'LEW-1', 'lex', 'l%', 'l_', 'L%W', 'l\\', 'écu', 'ÉCU', 'Écu', 'lew😀', 'm@', 'ma', '@', 'zz', 'gen-1'];

  it('starts_with finds exactly what lower(sku) LIKE finds', async () => {
    for (const value of PREFIXES) {
      const expected = await plainLike('sku', `${escapeLike(value)}%`);
      const body = await list(advanced([{ column: 'sku', operator: 'starts_with', value }]));
      expect(ids(body), `sku starts_with ${JSON.stringify(value)}`).toEqual(expected);
      expect(body.pagination.total).toBe(expected.length);
    }
  });

  it('is and equal_to find exactly what lower(sku) = text finds', async () => {
    for (const value of ['lew', 'LEW', 'Lew-2', 'LE', 'écu-1', 'ÉCU-1', 'l%w-1', 'nope']) {
      const { rows } = await sql<{ id: number }>`select id from products where lower(sku) = ${value.toLowerCase()} order by id`.execute(t.database.db);
      expect(ids(await list(advanced([{ column: 'sku', operator: 'is', value }]))), `sku is ${value}`).toEqual(rows.map((r) => r.id));
      expect(ids(await list(advanced([{ column: 'sku', operator: 'equal_to', value }])))).toEqual(rows.map((r) => r.id));
    }
  });

  it('combines with a stock filter', async () => {
    const rows = [{ column: 'stock', operator: 'greater_than', value: 4 }, { column: 'sku', operator: 'starts_with', value: 'lew' }];
    expect(ids(await list(advanced(rows)))).toEqual(await plainLike('sku', 'lew%', sql`stock > 4`));
  });
});

describe('search alone', () => {
  it('counts and pages a trigram search as the joined query does', async () => {
    for (const search of ['anchor', 'CLEAT', 'lew', '50%', '"x"', 'zzz']) {
      const { rows } = await sql<{ id: number }>`select id from products where ${sql.join(
        ['name', 'sku', 'mfn', 'gtin', 'brand'].map((c) => sql`lower(${sql.ref(c)}) like ${`%${escapeLike(search.toLowerCase())}%`} escape '\\'`),
        sql` or `,
      )} order by id desc`.execute(t.database.db);
      const expected = rows.map((r) => r.id);
      const body = await list(`search=${encodeURIComponent(search)}&limit=500`);
      expect(body.products.map((p) => p.id), search).toEqual(expected);
      expect(body.pagination.total, search).toBe(expected.length);
      const second = await list(`search=${encodeURIComponent(search)}&limit=2&page=2`);
      expect(second.products.map((p) => p.id), search).toEqual(expected.slice(2, 4));
      const ascending = await list(`search=${encodeURIComponent(search)}&limit=500&sort=id&order=asc`);
      expect(ascending.products.map((p) => p.id), search).toEqual([...expected].reverse());
    }
  });

  it('answers a page past the last match with no rows and the total', async () => {
    const body = await list('search=anchor&limit=5&page=400');
    expect(body.products).toEqual([]);
    expect(body.pagination.total).toBeGreaterThan(0);
  });
});

describe('sorting by vendor and category names', () => {
  const JOINS = {
    vendor_name: sql`left join vendors s on s.id = p.vendor_id`,
    vendor_category_name: sql`left join categories s on s.id = p.vendor_category_id`,
    store_category_name: sql`left join categories s on s.id = p.store_category_id`,
  };

  it('orders as the LEFT JOIN does (NULL names first ascending, last descending, ties by id), page by page', async () => {
    for (const [column, join] of Object.entries(JOINS)) {
      for (const order of ['asc', 'desc'] as const) {
        const direction = sql.raw(order);
        const nulls = sql.raw(order === 'asc' ? 'nulls first' : 'nulls last');
        const { rows } = await sql<{ id: number }>`select p.id from products p ${join} order by s.name ${direction} ${nulls}, p.id ${direction}`.execute(t.database.db);
        const expected = rows.map((r) => r.id);
        const whole = await list(`sort=${column}&order=${order}&limit=500`);
        expect(whole.products.map((p) => p.id), `${column} ${order}`).toEqual(expected);
        const paged: number[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / 4); page++) {
          paged.push(...(await list(`sort=${column}&order=${order}&limit=4&page=${page}`)).products.map((p) => p.id));
        }
        expect(paged, `${column} ${order} in pages of 4`).toEqual(expected);
      }
    }
  });
});

describe('two-character search', () => {
  const anyColumnLike = (text: string) =>
    sql.join(
      ['name', 'sku', 'mfn', 'gtin', 'brand'].map((c) => sql`lower(${sql.ref(c)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`),
      sql` or `,
    );
  async function expectSameAsLike(search: string) {
    // The API trims the search text.
    const { rows } = await sql<{ id: number }>`select id from products where ${anyColumnLike(search.trim())} order by id desc`.execute(t.database.db);
    const expected = rows.map((r) => r.id);
    const body = await list(`search=${encodeURIComponent(search)}&limit=500`);
    expect(body.products.map((p) => p.id), `search ${JSON.stringify(search)}`).toEqual(expected);
    expect(body.pagination.total, `search ${JSON.stringify(search)}`).toBe(expected.length);
    const page2 = await list(`search=${encodeURIComponent(search)}&limit=2&page=2`);
    expect(page2.products.map((p) => p.id), `search ${JSON.stringify(search)} page 2`).toEqual(expected.slice(2, 4));
    return expected.length;
  }

  beforeAll(async () => {
    const db = t.database.db;
    // The two characters at a value's start, middle and end, alone (in each column), after a tab
    // or punctuation, and folded from the Kelvin sign and the long s (which LIKE does not fold).
    for (const [i, fields] of [
      { name: 'QT start', gtin: 'qt' },
      { name: 'mid qt mid', mfn: 'QT' },
      { name: 'ends in qt', brand: 'Qt' },
      { name: 'tab\tqt', sku: 'qT' },
      { name: 'dash-QT', sku: 'X-qt' },
      { name: 'q t apart', brand: 'q' },
      { name: 'Sq', sku: 'SK' },
      { name: `bo${KELVIN}`, brand: `${KELVIN}s` },
      { name: `${LONG_S}ky`, mfn: `a${LONG_S}` },
      { name: 'ok', gtin: 'ks' },
      { name: '100%', mfn: '5_' },
      { name: 'say "hi"', brand: '""' },
    ].entries()) {
      await insertProduct(db, { sku: `TWO-${i}`, brand: null, mfn: null, gtin: null, ...fields });
    }
  });

  it('finds exactly what the LIKE over the five columns finds, and counts it', async () => {
    const searches = ['qt', 'QT', 'Qt', 'an', 'AN', ' q', 't ', 'q t', 't\tq', 't-', '-q', 'ok', 'OK', 'sk', 'ks', 'k ', 's ', 'sq', 'sh', '%', '%2', '0%', '5_',
      '_', '""', '"h', 'zz', '12', 'ß', 'èm', 'ÈM', 'q', 'k', 'x'];
    let found = 0;
    for (const search of searches) found += (await expectSameAsLike(search)) > 0 ? 1 : 0;
    expect(found).toBeGreaterThan(20);
  });

  it('sees products written after a search (the characters the index holds are read again)', async () => {
    const before = await expectSameAsLike('qt');
    await insertProduct(t.database.db, { sku: 'TWO-NEW', name: 'Ωqt', brand: null, mfn: null, gtin: null });
    expect(await expectSameAsLike('qt')).toBe(before + 1);
    await t.database.db.updateTable('products').set({ name: 'renamed' }).where('sku', '=', 'TWO-NEW').execute();
    expect(await expectSameAsLike('qt')).toBe(before);
  });

  it('with other filters and sorts', async () => {
    const { rows } = await sql<{ id: number }>`select id from products where (${anyColumnLike('qt')}) and stock > 3 order by name asc, id asc`.execute(t.database.db);
    const body = await list(`search=qt&stock_status=in_stock&sort=name&order=asc&limit=500`);
    const { rows: inStock } = await sql<{ id: number }>`select id from products where (${anyColumnLike('qt')}) and stock > 0 order by name asc, id asc`.execute(t.database.db);
    expect(body.products.map((p) => p.id)).toEqual(inStock.map((r) => r.id));
    expect(rows.length).toBeLessThanOrEqual(inStock.length);
  });
});

describe('the trigram tokenizer folds only two non-ASCII characters to ASCII', () => {
  it('the Kelvin sign and the long s, checked over every code point (the two-character search relies on it)', async () => {
    if (t.database.dialect !== 'sqlite') return;
    const { default: SQLite } = await import('better-sqlite3');
    const memory = new SQLite(':memory:');
    memory.exec(`create virtual table f using fts5(t, tokenize='trigram'); create virtual table v using fts5vocab(f, 'row');`);
    const insert = memory.prepare('insert into f(rowid, t) values (?, ?)');
    memory.transaction(() => {
      for (let cp = 0x80; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) insert.run(cp, String.fromCodePoint(cp).repeat(3));
    })();
    const ascii = memory.prepare('select term from v where term < char(128)').pluck().all();
    memory.close();
    expect(ascii).toEqual(['kkk', 'sss']);
  });
});
