import { AUTH_MESSAGES, DEFAULT_SHOP_MANAGER_PERMISSIONS, USER_MESSAGES, type AuthResponse, type LoginBody, type RegisterBody, type UpdateProfileBody, type User } from '@bosun/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../errors.js';
import { permissionColumns, toUser } from '../users/user-mapper.js';
import { countUsers, findUserById, findUserByLogin, findUserConflicts, insertUser, updateUser } from '../users/users.repository.js';
import { clearLoginFailures, countLoginFailuresSince, recordLoginFailure } from './login-attempts.repository.js';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password.js';
import type { TokenService } from './tokens.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface AuthDeps {
  db: Kysely<DB>;
  tokens: TokenService;
  allowAdminSignup: boolean;
  allowRegistration: boolean;
}

export async function login(deps: AuthDeps, body: LoginBody, ip: string): Promise<AuthResponse> {
  const key = `${ip}|${body.username.toLowerCase()}`;
  const windowStart = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  if ((await countLoginFailuresSince(deps.db, key, windowStart)) >= LOGIN_FAILURE_LIMIT) {
    throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
  }
  const row = await findUserByLogin(deps.db, body.username);
  const valid = await verifyPassword(body.password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!row || !valid) {
    await recordLoginFailure(deps.db, key, nowIso(), windowStart);
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  await clearLoginFailures(deps.db, key);
  return { token: await deps.tokens.sign(row.id), user: toUser(row) };
}

export async function assertUsernameAndEmailFree(db: Kysely<DB>, username: string, email: string, exceptId?: number) {
  const taken = await findUserConflicts(db, username, email, exceptId);
  if (taken.username) throw conflict(USER_MESSAGES.usernameTaken, { username: USER_MESSAGES.usernameTaken });
  if (taken.email) throw conflict(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
}

/** Registration signs in. Role admin is open only to the first admin, or when the shop allows it. */
export async function register(deps: AuthDeps, body: RegisterBody): Promise<AuthResponse> {
  if (!deps.allowRegistration) throw forbidden(AUTH_MESSAGES.registrationClosed);
  if (body.role === 'admin' && !deps.allowAdminSignup && (await countUsers(deps.db, 'admin')) > 0) {
    throw forbidden(AUTH_MESSAGES.adminSignupClosed);
  }
  await assertUsernameAndEmailFree(deps.db, body.username, body.email);
  const now = nowIso();
  const row = await insertUser(deps.db, {
    username: body.username,
    email: body.email.toLowerCase(),
    password_hash: await hashPassword(body.password),
    role: body.role,
    ...permissionColumns(DEFAULT_SHOP_MANAGER_PERMISSIONS),
    preferences: '{}',
    created_at: now,
    updated_at: now,
  });
  return { token: await deps.tokens.sign(row.id), user: toUser(row) };
}

export async function updateProfile(deps: AuthDeps, user: User, body: UpdateProfileBody): Promise<User> {
  const row = await findUserById(deps.db, user.id);
  if (!row) throw unauthorized();
  if (!(await verifyPassword(body.currentPassword, row.password_hash))) {
    throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  if (body.email !== undefined) await assertUsernameAndEmailFree(deps.db, row.username, body.email, row.id);
  const updated = await updateUser(deps.db, row.id, {
    ...(body.email !== undefined ? { email: body.email.toLowerCase() } : {}),
    ...(body.newPassword !== undefined ? { password_hash: await hashPassword(body.newPassword) } : {}),
    updated_at: nowIso(),
  });
  return toUser(updated!);
}

/** Creates the admin named by ADMIN_* on a shop with no users yet. */
export async function bootstrapAdmin(db: Kysely<DB>, admin: { username: string; email: string; password: string }) {
  if ((await countUsers(db)) > 0) return false;
  const now = nowIso();
  await insertUser(db, {
    username: admin.username,
    email: admin.email.toLowerCase(),
    password_hash: await hashPassword(admin.password),
    role: 'admin',
    ...permissionColumns({ products: true, categories: true, vendors: true, settings: true }),
    preferences: '{}',
    created_at: now,
    updated_at: now,
  });
  return true;
}
