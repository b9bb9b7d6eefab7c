import { VENDOR_MESSAGES, type CreateVendorBody, type Permissions, type UpdateVendorBody, type Vendor, type VendorName } from '@bosun/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import { recordedChange, type ChangeActor } from '../history/index.js';
import type { DB, VendorRow } from '../../db/types.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import {
  deleteVendorCascade,
  findVendorDependents,
  findVendorById,
  findVendorIdByName,
  insertVendor,
  listVendorNameRows,
  listVendorRows,
  updateVendorRow,
} from './vendors.repository.js';

/** The counts are columns kept by triggers; out of stock is what is not in stock. */
const toVendor = (row: VendorRow): Vendor => ({ ...row, out_of_stock_count: row.product_count - row.in_stock_count });

async function assertNameFree(db: Kysely<DB>, name: string, exceptId?: number) {
  if ((await findVendorIdByName(db, name, exceptId)) !== undefined) {
    throw conflict(VENDOR_MESSAGES.nameTaken, { name: VENDOR_MESSAGES.nameTaken });
  }
}

/** One query for any number of vendors over any number of products. */
export async function listVendors(db: Kysely<DB>): Promise<Vendor[]> {
  return (await listVendorRows(db)).map(toVendor);
}

export async function listVendorNames(db: Kysely<DB>): Promise<VendorName[]> {
  return listVendorNameRows(db);
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
  return toVendor(row);
}

/**
 * Deleting a vendor deletes its products and categories: what staff could not delete one by one
 * they cannot delete through the vendor either.
 */
export async function deleteVendor(db: Kysely<DB>, id: number, permissions: Permissions, by: ChangeActor) {
  // Its products go with it: recorded, each with its last state, as a deletion of theirs.
  const result = await recordedChange(db, by.dialect, { source: 'vendor_delete', userId: by.userId }, async (trx) => {
    const { hasProducts, hasCategories } = await findVendorDependents(trx, id);
    if (hasProducts && !permissions.products) throw forbidden(VENDOR_MESSAGES.deleteNeedsProducts);
    if (hasCategories && !permissions.categories) throw forbidden(VENDOR_MESSAGES.deleteNeedsCategories);
    return deleteVendorCascade(trx, id);
  });
  if (!result.vendorDeleted) throw notFound(VENDOR_MESSAGES.notFound);
  return { message: VENDOR_MESSAGES.deleted, deletedProducts: result.deletedProducts, deletedCategories: result.deletedCategories };
}
