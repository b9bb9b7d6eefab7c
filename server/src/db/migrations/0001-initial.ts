import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.js';

/** An integer primary key that the database numbers itself, in either dialect. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function withTimestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
}

export function initialMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await withTimestamps(
        withId(db.schema.createTable('users'), dialect)
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'shop_manager')`))
          .addColumn('perm_products', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('perm_categories', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('perm_vendors', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('perm_settings', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}')),
      ).execute();
      // Case-insensitive uniqueness: 'Anna' and 'anna' are the same person signing in.
      await db.schema.createIndex('users_username_lower_uq').on('users').unique().expression(sql`lower(username)`).execute();
      await db.schema.createIndex('users_email_lower_uq').on('users').unique().expression(sql`lower(email)`).execute();

      await withTimestamps(
        db.schema
          .createTable('settings')
          .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
          .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('logo_url', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('weight_unit', 'text', (c) => c.notNull().defaultTo('kg').check(sql`weight_unit in ('kg', 'lb')`))
          .addColumn('dimension_unit', 'text', (c) =>
            c.notNull().defaultTo('cm').check(sql`dimension_unit in ('cm', 'in')`),
          ),
      ).execute();

      await db.schema
        .createTable('app_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      // Signed-out tokens until they would have expired anyway; kept in the database so every app server agrees.
      await db.schema
        .createTable('revoked_tokens')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('login_attempts'), dialect)
        .addColumn('attempt_key', 'text', (c) => c.notNull())
        .addColumn('attempted_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_attempts_key_time_idx').on('login_attempts').columns(['attempt_key', 'attempted_at']).execute();

      await withTimestamps(
        withId(db.schema.createTable('vendors'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('phone', 'text')
          .addColumn('address', 'text')
          .addColumn('city', 'text')
          .addColumn('state', 'text')
          .addColumn('country', 'text')
          .addColumn('postal_code', 'text')
          .addColumn('website', 'text')
          .addColumn('contact_person', 'text')
          .addColumn('tax_id', 'text')
          .addColumn('payment_terms', 'text')
          .addColumn('status', 'text', (c) =>
            c.notNull().defaultTo('active').check(sql`status in ('active', 'inactive', 'pending')`),
          )
          .addColumn('logo_url', 'text')
          .addColumn('description', 'text')
          .addColumn('notes', 'text'),
      ).execute();
      await db.schema.createIndex('vendors_name_idx').on('vendors').column('name').execute();
      await db.schema.createIndex('vendors_status_idx').on('vendors').column('status').execute();
      await db.schema.createIndex('vendors_created_at_idx').on('vendors').column('created_at').execute();

      await withTimestamps(
        withId(db.schema.createTable('categories'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('vendor', 'store')`))
          .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
          .addColumn('vendor_id', 'integer', (c) => c.references('vendors.id').onDelete('cascade'))
          .addColumn('level', 'integer', (c) => c.notNull().check(sql`level between 1 and 5`))
          .addColumn('path', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('active')),
      ).execute();
      await db.schema.createIndex('categories_parent_idx').on('categories').column('parent_id').execute();
      await db.schema.createIndex('categories_vendor_idx').on('categories').columns(['vendor_id', 'type']).execute();
      await db.schema.createIndex('categories_type_name_idx').on('categories').columns(['type', 'name']).execute();
      await db.schema.createIndex('categories_path_idx').on('categories').column('path').execute();

      await withTimestamps(
        withId(db.schema.createTable('products'), dialect)
          .addColumn('sku', 'text', (c) => c.notNull())
          .addColumn('mfn', 'text')
          .addColumn('gtin', 'text')
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('short_description', 'text')
          .addColumn('description', 'text')
          .addColumn('brand', 'text')
          .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('list_price', 'double precision')
          .addColumn('market_price', 'double precision')
          .addColumn('vendor_cost', 'double precision')
          .addColumn('special_price', 'double precision')
          .addColumn('weight', 'double precision')
          .addColumn('length', 'double precision')
          .addColumn('width', 'double precision')
          .addColumn('height', 'double precision')
          .addColumn('vendor_id', 'integer', (c) => c.references('vendors.id').onDelete('cascade'))
          .addColumn('vendor_category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
          .addColumn('store_category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
          .addColumn('google_category', 'text')
          .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('visibility', 'text', (c) =>
            c.notNull().defaultTo('public').check(sql`visibility in ('public', 'private', 'hidden')`),
          )
          .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('image_url', 'text')
          .addColumn('meta_title', 'text')
          .addColumn('meta_description', 'text')
          .addColumn('meta_keywords', 'text'),
      ).execute();
      await db.schema.createIndex('products_sku_uq').on('products').unique().column('sku').execute();
      // One index per filter and sort of the product list; id breaks ties so deep pages stay stable.
      const sortable = [
        'name', 'brand', 'mfn', 'stock', 'list_price', 'market_price', 'vendor_cost', 'special_price',
        'weight', 'length', 'width', 'height', 'google_category', 'published', 'featured', 'visibility',
        'created_at', 'updated_at',
      ];
      for (const column of sortable) {
        await db.schema.createIndex(`products_${column}_idx`).on('products').columns([column, 'id']).execute();
      }
      await db.schema.createIndex('products_vendor_idx').on('products').columns(['vendor_id', 'id']).execute();
      await db.schema.createIndex('products_vendor_category_idx').on('products').columns(['vendor_category_id', 'id']).execute();
      await db.schema.createIndex('products_store_category_idx').on('products').columns(['store_category_id', 'id']).execute();
    },
  };
}
