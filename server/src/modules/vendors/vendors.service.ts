import { VENDOR_MESSAGES, type CreateVendorBody, type UpdateVendorBody, type Vendor } from '@bosun/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB, VendorRow } from '../../db/types.js';
import { conflict, notFound } from '../../errors.js';
import {
  countByVendor,
  deleteVendorCascade,
  findVendorById,
  findVendorIdByName,
  insertVendor,
  listVendorRows,
  updateVendorRow,
  type VendorCounts,
} from './vendors.repository.js';

const NO_COUNTS: VendorCounts = { product_count: 0, in_stock_count: 0, out_of_stock_count: 0, category_count: 0 };

function toVendor(row: VendorRow, counts: VendorCounts = NO_COUNTS): Vendor {
  return { ...row, ...counts };
}

async function withCounts(db: Kysely<DB>, row: VendorRow): Promise<Vendor> {
  return toVendor(row, (await countByVendor(db, [row.id])).get(row.id));
}

async function assertNameFree(db: Kysely<DB>, name: string, exceptId?: number) {
  if ((await findVendorIdByName(db, name, exceptId)) !== undefined) {
    throw conflict(VENDOR_MESSAGES.nameTaken, { name: VENDOR_MESSAGES.nameTaken });
  }
}

/** Three queries for any number of vendors: the vendors, product counts, category counts. */
export async function listVendors(db: Kysely<DB>): Promise<Vendor[]> {
  const [rows, counts] = await Promise.all([listVendorRows(db), countByVendor(db)]);
  return rows.map((row) => toVendor(row, counts.get(row.id)));
}

export async function createVendor(db: Kysely<DB>, body: CreateVendorBody): Promise<Vendor> {
  await assertNameFree(db, body.name);
  const now = nowIso();
  const row = await insertVendor(db, {
    name: body.name,
    email: body.email ?? null,
    phone: body.phone ?? null,
    address: body.address ?? null,
    city: body.city ?? null,
    state: body.state ?? null,
    country: body.country ?? null,
    postal_code: body.postal_code ?? null,
    website: body.website ?? null,
    contact_person: body.contact_person ?? null,
    tax_id: body.tax_id ?? null,
    payment_terms: body.payment_terms ?? null,
    status: body.status,
    logo_url: body.logo_url ?? null,
    description: body.description ?? null,
    notes: body.notes ?? null,
    created_at: now,
    updated_at: now,
  });
  return toVendor(row);
}

export async function updateVendor(db: Kysely<DB>, id: number, body: UpdateVendorBody): Promise<Vendor> {
  if (!(await findVendorById(db, id))) throw notFound(VENDOR_MESSAGES.notFound);
  if (body.name !== undefined) await assertNameFree(db, body.name, id);
  // Only the fields sent change: undefined keys are left out of the UPDATE by Kysely.
  const row = await updateVendorRow(db, id, { ...body, updated_at: nowIso() });
  if (!row) throw notFound(VENDOR_MESSAGES.notFound);
  return withCounts(db, row);
}

export async function deleteVendor(db: Kysely<DB>, id: number) {
  const result = await db.transaction().execute((trx) => deleteVendorCascade(trx, id));
  if (!result.vendorDeleted) throw notFound(VENDOR_MESSAGES.notFound);
  return { message: VENDOR_MESSAGES.deleted, deletedProducts: result.deletedProducts, deletedCategories: result.deletedCategories };
}
