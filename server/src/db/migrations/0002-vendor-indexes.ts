import { sql, type Kysely } from 'kysely';

export const vendorIndexesMigration = {
  async up(db: Kysely<any>) {
    // Two vendors called 'Lewmar' and 'LEWMAR' would split one supplier's catalogue in two.
    await db.schema.createIndex('vendors_name_lower_uq').on('vendors').unique().expression(sql`lower(name)`).execute();
    // Lets the vendor list count products, in stock and out of stock per vendor from the index alone.
    await db.schema.createIndex('products_vendor_stock_idx').on('products').columns(['vendor_id', 'stock']).execute();
  },
};
