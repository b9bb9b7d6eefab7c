import { HISTORY_MESSAGES, type StaleVersionDetails } from '@bosun/shared';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { HISTORY_COLUMN_NAMES } from '../../db/product-history-columns.js';
import type { DB } from '../../db/types.js';
import { AppError } from '../../errors.js';
import { author, parseDocument } from './history-entries.js';
import { findEntriesAfter } from './history.repository.js';

/**
 * Refuses a save made on `version` when the product has a newer history entry: 409 naming each
 * field changed since, with its stored value now and who changed it last, when. Called inside the
 * save's transaction; on PostgreSQL the product's row is locked first, so that two saves on the
 * same version cannot both pass the check before either writes.
 */
export async function assertVersionCurrent(db: Kysely<DB>, dialect: Dialect, productId: number, version: number) {
  if (dialect === 'postgres') await sql`select id from products where id = ${productId} for update`.execute(db);
  const newer = await findEntriesAfter(db, productId, version);
  if (!newer.length) return;
  const lastChange = new Map<string, (typeof newer)[number]>();
  for (const entry of newer) {
    const changed = entry.action === 'created' ? [] : Object.keys(parseDocument(entry.action === 'deleted' ? entry.before : entry.after));
    for (const field of changed) if ((HISTORY_COLUMN_NAMES as string[]).includes(field)) lastChange.set(field, entry);
  }
  const stored = (await db.selectFrom('products').select(HISTORY_COLUMN_NAMES).where('id', '=', productId).executeTakeFirst()) as Record<string, string | number | null> | undefined;
  const changes: StaleVersionDetails['changes'] = HISTORY_COLUMN_NAMES.filter((f) => lastChange.has(f)).map((field) => {
    const entry = lastChange.get(field)!;
    return { field, theirs: stored?.[field] ?? null, at: entry.created_at, user: author(entry.user_id, entry.username) };
  });
  const fields = Object.fromEntries(changes.map((c) => [c.field, HISTORY_MESSAGES.changedSince(c.user?.username ?? null)]));
  const conflict: StaleVersionDetails = { version: newer.at(-1)!.id, changes };
  throw new AppError(409, 'STALE_VERSION', HISTORY_MESSAGES.staleVersion, { fields, conflict });
}
