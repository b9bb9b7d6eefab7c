import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';

const LIFETIME_MS = 60_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random token for one download within a minute, tied to the session that asked; only its hash is stored. */
export async function issueDownloadToken(db: Kysely<DB>, userId: number, sessionJti: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LIFETIME_MS).toISOString();
  await db.deleteFrom('download_tokens').where('expires_at', '<', nowIso()).execute();
  await db.insertInto('download_tokens').values({ token_hash: hash(token), user_id: userId, session_jti: sessionJti, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/** Who a valid token was issued to, and in which session; the token is spent whether or not it was still valid. */
export async function consumeDownloadToken(db: Kysely<DB>, token: string): Promise<{ userId: number; sessionJti: string } | undefined> {
  const row = await db
    .deleteFrom('download_tokens')
    .where('token_hash', '=', hash(token))
    .returning(['user_id', 'session_jti', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at > nowIso() ? { userId: row.user_id, sessionJti: row.session_jti } : undefined;
}

/** Signing out ends the session's downloads at once rather than a minute later. */
export async function revokeSessionDownloadTokens(db: Kysely<DB>, sessionJti: string) {
  await db.deleteFrom('download_tokens').where('session_jti', '=', sessionJti).execute();
}
