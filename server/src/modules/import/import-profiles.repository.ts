import { sql, type Kysely } from 'kysely';
import type { DB, ImportProfilesTable } from '../../db/types.js';
import type { Insertable, Updateable } from 'kysely';

/** A profile's row with its vendor's name. */
const withVendorName = (db: Kysely<DB>) =>
  db.selectFrom('import_profiles as p').innerJoin('vendors as v', 'v.id', 'p.vendor_id').selectAll('p').select('v.name as vendor_name');

export type ImportProfileRow = Awaited<ReturnType<typeof findImportProfileRow>> & object;

export const findImportProfileRow = (db: Kysely<DB>, id: number) => withVendorName(db).where('p.id', '=', id).executeTakeFirst();

/** Every profile, or a vendor's; withFeed: only those that fetch a feed (the indexed has_feed, migration 0042). */
export function listImportProfileRows(db: Kysely<DB>, { vendorId, withFeed = false }: { vendorId?: number; withFeed?: boolean } = {}) {
  let query = withVendorName(db);
  if (vendorId !== undefined) query = query.where('p.vendor_id', '=', vendorId);
  if (withFeed) query = query.where('p.has_feed', '=', 1);
  return query.orderBy('v.name').orderBy('p.name').orderBy('p.id').execute();
}

export async function findImportProfileIdByName(db: Kysely<DB>, vendorId: number, name: string, exceptId?: number): Promise<number | undefined> {
  let query = db.selectFrom('import_profiles').select('id').where('vendor_id', '=', vendorId).where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export async function insertImportProfile(db: Kysely<DB>, values: Insertable<ImportProfilesTable>): Promise<number> {
  const { id } = await db.insertInto('import_profiles').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateImportProfileRow(db: Kysely<DB>, id: number, changes: Updateable<ImportProfilesTable>): Promise<boolean> {
  const result = await db.updateTable('import_profiles').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteImportProfileRow(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('import_profiles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const markImportProfileUsed = (db: Kysely<DB>, id: number, at: string) => db.updateTable('import_profiles').set({ last_used_at: at }).where('id', '=', id).execute();
