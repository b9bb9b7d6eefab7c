import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';

const LIFETIME_MS = 60_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random token for one download within a minute; only its hash is stored. */
export async function issueDownloadToken(db: Kysely<DB>, userId: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LIFETIME_MS).toISOString();
  await db.deleteFrom('download_tokens').where('expires_at', '<', nowIso()).execute();
  await db.insertInto('download_tokens').values({ token_hash: hash(token), user_id: userId, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/** The user a valid token was issued to; the token is spent whether or not it was still valid. */
export async function consumeDownloadToken(db: Kysely<DB>, token: string): Promise<number | undefined> {
  const row = await db.deleteFrom('download_tokens').where('token_hash', '=', hash(token)).returning(['user_id', 'expires_at']).executeTakeFirst();
  return row && row.expires_at > nowIso() ? row.user_id : undefined;
}
