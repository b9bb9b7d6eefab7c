import { sql, type Kysely } from 'kysely';
import type { DB, NewUserRow, UserRow, UserUpdate } from '../../db/types.js';

export const findUserById = (db: Kysely<DB>, id: number): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** Sign-in accepts either the username or the email, both compared without case. */
export const findUserByLogin = (db: Kysely<DB>, login: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', login.toLowerCase()),
        eb(sql`lower(email)`, '=', login.toLowerCase()),
      ]),
    )
    .executeTakeFirst();

/** Which of the given username and email another user (not exceptId) already holds. */
export async function findUserConflicts(
  db: Kysely<DB>,
  username: string,
  email: string,
  exceptId?: number,
): Promise<{ username: boolean; email: boolean }> {
  let query = db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]),
    );
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export const listUsers = (db: Kysely<DB>): Promise<UserRow[]> =>
  db.selectFrom('users').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').execute();

export async function insertUser(db: Kysely<DB>, user: NewUserRow): Promise<UserRow> {
  const { id } = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return (await findUserById(db, id))!;
}

export async function updateUser(db: Kysely<DB>, id: number, changes: UserUpdate): Promise<UserRow | undefined> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
  return findUserById(db, id);
}

export async function deleteUserById(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Activates an account only while it still waits, in one statement: an approval racing a refusal
 * (two admins, two tabs) cannot bring a refused account back. False when it was not waiting.
 */
export async function activatePendingUser(db: Kysely<DB>, id: number, changes: UserUpdate): Promise<boolean> {
  const result = await db.updateTable('users').set({ ...changes, status: 'active' }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an account only while it still waits: a refusal never removes an approved colleague. */
export async function deletePendingUser(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countUsers(db: Kysely<DB>, role?: UserRow['role']): Promise<number> {
  let query = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (role) query = query.where('role', '=', role);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}
