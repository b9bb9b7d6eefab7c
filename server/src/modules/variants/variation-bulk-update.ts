import { VARIANT_MESSAGES, type BulkUpdateVariationsBody } from '@bosun/shared';
import { bulkUpdateProducts } from '../products/index.js';
import { assertOwnVariations, type VariantDeps } from './variants.service.js';

/**
 * Prices and stock of the selected variations, through the product bulk edit itself: the same
 * set / ± amount / ± percent, the same bounds, the same guard on a special price below cost.
 */
export async function bulkUpdateVariations({ db, dialect, userId }: VariantDeps, parentId: number, body: BulkUpdateVariationsBody) {
  await assertOwnVariations(db, parentId, body.ids);
  const { updated } = await bulkUpdateProducts(db, dialect, { ids: body.ids }, body.updateData, body.allowSpecialBelowCost, userId ?? null);
  return { message: VARIANT_MESSAGES.updated(updated), updated };
}
