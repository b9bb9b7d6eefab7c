import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export async function countLoginFailuresSince(db: Kysely<DB>, key: string, sinceIso: string): Promise<number> {
  const { n } = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('attempt_key', '=', key)
    .where('attempted_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function recordLoginFailure(db: Kysely<DB>, key: string, atIso: string, forgetBeforeIso: string) {
  await db.deleteFrom('login_attempts').where('attempt_key', '=', key).where('attempted_at', '<', forgetBeforeIso).execute();
  await db.insertInto('login_attempts').values({ attempt_key: key, attempted_at: atIso }).execute();
}

export async function clearLoginFailures(db: Kysely<DB>, key: string) {
  await db.deleteFrom('login_attempts').where('attempt_key', '=', key).execute();
}
