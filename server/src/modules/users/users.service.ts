import { DEFAULT_SHOP_MANAGER_PERMISSIONS, USER_MESSAGES, type CreateUserBody, type Preferences, type UpdateUserBody, type User } from '@bosun/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { hashPassword } from '../../lib/password.js';
import { permissionColumns, toUser } from './user-mapper.js';
import {
  activatePendingUser,
  countUsers,
  deletePendingUser,
  deleteUserById,
  findUserById,
  findUserConflicts,
  insertUser,
  listUsers,
  updateUser,
} from './users.repository.js';

export async function assertUsernameAndEmailFree(db: Kysely<DB>, username: string, email: string, exceptId?: number) {
  const taken = await findUserConflicts(db, username, email, exceptId);
  if (taken.username) throw conflict(USER_MESSAGES.usernameTaken, { username: USER_MESSAGES.usernameTaken });
  if (taken.email) throw conflict(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
}

export async function getUsers(db: Kysely<DB>): Promise<User[]> {
  return (await listUsers(db)).map(toUser);
}

export async function createUser(db: Kysely<DB>, body: CreateUserBody): Promise<User> {
  await assertUsernameAndEmailFree(db, body.username, body.email);
  const now = nowIso();
  const row = await insertUser(db, {
    username: body.username,
    email: body.email.toLowerCase(),
    password_hash: await hashPassword(body.password),
    role: body.role,
    ...permissionColumns(body.permissions),
    preferences: '{}',
    created_at: now,
    updated_at: now,
  });
  return toUser(row);
}

export async function editUser(db: Kysely<DB>, id: number, body: UpdateUserBody): Promise<User> {
  const existing = await findUserById(db, id);
  if (!existing) throw notFound('User not found');
  if (existing.role === 'admin' && body.role !== 'admin' && (await countUsers(db, 'admin')) === 1) {
    throw badRequest(USER_MESSAGES.lastAdmin, { role: USER_MESSAGES.lastAdmin });
  }
  await assertUsernameAndEmailFree(db, body.username, body.email, id);
  const row = await updateUser(db, id, {
    username: body.username,
    email: body.email.toLowerCase(),
    role: body.role,
    // Flags left out keep their stored values; an admin's are kept too, for when they become a shop_manager.
    ...(body.permissions ? permissionColumns(body.permissions) : {}),
    ...(body.password ? { password_hash: await hashPassword(body.password) } : {}),
    updated_at: nowIso(),
  });
  if (!row) throw notFound('User not found');
  return toUser(row);
}

export async function removeUser(db: Kysely<DB>, id: number, currentUserId: number): Promise<void> {
  if (id === currentUserId) throw badRequest(USER_MESSAGES.cannotDeleteSelf);
  if (!(await deleteUserById(db, id))) throw notFound('User not found');
}

/** A user that exists but is not waiting is a 409, not a 404: the admin's list was out of date. */
async function notWaiting(db: Kysely<DB>, id: number): Promise<never> {
  if (!(await findUserById(db, id))) throw notFound(USER_MESSAGES.notFound);
  throw conflict(USER_MESSAGES.notPending);
}

/**
 * Approval lets a self-registered account in with what an admin-created shop_manager gets today
 * (ARCHITECTURE §4); the admin narrows or widens it afterwards with the usual edit.
 */
export async function approveUser(db: Kysely<DB>, id: number): Promise<User> {
  const approved = await activatePendingUser(db, id, { ...permissionColumns(DEFAULT_SHOP_MANAGER_PERMISSIONS), updated_at: nowIso() });
  if (!approved) return notWaiting(db, id);
  return toUser((await findUserById(db, id))!);
}

/**
 * Refusing deletes the waiting account (issue 24: delete rather than keep a 'refused' state): it
 * never held a permission or made a change, and the person may register again later, to wait again.
 */
export async function refuseUser(db: Kysely<DB>, id: number): Promise<{ message: string }> {
  const row = await findUserById(db, id);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  if (!(await deletePendingUser(db, id))) return notWaiting(db, id);
  return { message: USER_MESSAGES.refused(row.username) };
}

export async function savePreferences(db: Kysely<DB>, user: User, changes: Preferences): Promise<User> {
  const merged = { ...user.preferences, ...changes };
  const row = await updateUser(db, user.id, { preferences: JSON.stringify(merged), updated_at: nowIso() });
  return toUser(row!);
}
