import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../db/clock.js';

export async function isTokenRevoked(db: Kysely<DB>, jti: string): Promise<boolean> {
  const row = await db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst();
  return row !== undefined;
}

/** Records a signed-out token and forgets those that have expired on their own. */
export async function revokeToken(db: Kysely<DB>, jti: string, expiresAt: Date): Promise<void> {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', nowIso()).execute();
  await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}
