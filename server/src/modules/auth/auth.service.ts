import { AUTH_MESSAGES, DEFAULT_SHOP_MANAGER_PERMISSIONS, type AuthResponse, type LoginBody, type RegisterBody, type UpdateProfileBody, type User } from '@bosun/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../errors.js';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password.js';
import { assertUsernameAndEmailFree, countUsers, findUserById, findUserByLogin, findUserConflicts, insertUser, permissionColumns, toUser, updateUser } from '../users/index.js';
import { countAttempt, forgetCountersBefore, refundAttempt } from './login-failures.repository.js';
import type { TokenService } from './tokens.js';

/**
 * Failed sign-ins allowed per window: from one address at one account (the spec's 10), from one
 * address across all accounts (a sweep of usernames), and at one account from all addresses (many
 * addresses sharing the guessing). The real user signs in from their own address while another
 * address is locked out; only a spread attack past the account's cap locks it for everyone until
 * the window ends.
 */
export const SIGN_IN_LIMITS = { addressAndAccount: 10, address: 30, account: 30 } as const;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const FORGET_EVERY_MS = 60 * 1000;
let forgottenAt = 0;

const NO_PERMISSIONS = { products: false, categories: false, vendors: false, settings: false };

export interface AuthDeps {
  db: Kysely<DB>;
  tokens: TokenService;
  allowAdminSignup: boolean;
  allowRegistration: boolean;
}

/**
 * The attempt is counted before the password is checked, in one atomic statement per attempt, so
 * that parallel guesses past a limit are refused without being checked. An account is keyed by its id, so its username and its email share one count.
 */
export async function login(deps: AuthDeps, body: LoginBody, ip: string): Promise<AuthResponse> {
  const row = await findUserByLogin(deps.db, body.username);
  const account = row ? `user:${row.id}` : `login:${body.username.trim().toLowerCase()}`;
  const keys = { addressAndAccount: `address-account:${ip}|${account}`, address: `address:${ip}`, account: `account:${account}` };
  const now = Date.now();
  const windowStart = new Date(now - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const counts = await countAttempt(deps.db, Object.values(keys), new Date(now).toISOString(), windowStart);
  const overLimit = (Object.keys(keys) as Array<keyof typeof keys>).some((k) => (counts.get(keys[k]) ?? 0) > SIGN_IN_LIMITS[k]);
  if (overLimit) {
    // A refused attempt checked nothing: it is taken back, so that one address's flood does not
    // use up the account's allowance for the real user elsewhere.
    await refundAttempt(deps.db, Object.values(keys));
    throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
  }
  const valid = await verifyPassword(body.password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!row || !valid) {
    if (now - forgottenAt > FORGET_EVERY_MS) {
      forgottenAt = now;
      // Housekeeping only: a sweep that loses a lock to a sign-in runs again a minute later.
      await forgetCountersBefore(deps.db, windowStart).catch(() => undefined);
    }
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  // The account's own counts start again; the address keeps its other failures, or an attacker
  // could reset the sweep cap by signing in to an account of their own between guesses.
  await refundAttempt(deps.db, [keys.address], [keys.addressAndAccount, keys.account]);
  return { token: await deps.tokens.sign(row.id), user: toUser(row) };
}

/**
 * Registration signs in. Role admin is open only to the first admin, or when the shop allows it.
 * Only that first admin starts active: anyone else who can reach the server would otherwise get
 * product, category and vendor rights at once (issue 24), so every other account starts with no
 * permissions, waiting for an admin to approve it. A taken username or email gets one answer
 * whichever it is (two registrations racing are told the same by the unique index, through the
 * error mapper's 409).
 */
export async function register(deps: AuthDeps, body: RegisterBody): Promise<AuthResponse> {
  if (!deps.allowRegistration) throw forbidden(AUTH_MESSAGES.registrationClosed);
  const bootstrapsShop = body.role === 'admin' && (await countUsers(deps.db, 'admin')) === 0;
  if (body.role === 'admin' && !deps.allowAdminSignup && !bootstrapsShop) {
    throw forbidden(AUTH_MESSAGES.adminSignupClosed);
  }
  // Hashed before the check, so that a taken name answers no sooner than a free one.
  const passwordHash = await hashPassword(body.password);
  const taken = await findUserConflicts(deps.db, body.username, body.email);
  if (taken.username || taken.email) throw conflict(AUTH_MESSAGES.registrationUnavailable);
  const now = nowIso();
  const row = await insertUser(deps.db, {
    username: body.username,
    email: body.email.toLowerCase(),
    password_hash: passwordHash,
    role: body.role,
    ...(bootstrapsShop
      ? { ...permissionColumns(DEFAULT_SHOP_MANAGER_PERMISSIONS), status: 'active' as const }
      : { ...permissionColumns(NO_PERMISSIONS), status: 'pending' as const }),
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

/**
 * Creates the admin named by ADMIN_* on a shop with no users yet. Several app servers starting
 * together on one database all try: the unique username lets one insert win, and the others
 * find the admin there.
 */
export async function bootstrapAdmin(db: Kysely<DB>, admin: { username: string; email: string; password: string }) {
  if ((await countUsers(db)) > 0) return false;
  const now = nowIso();
  const created = await insertUser(db, {
    username: admin.username,
    email: admin.email.toLowerCase(),
    password_hash: await hashPassword(admin.password),
    role: 'admin',
    ...permissionColumns({ products: true, categories: true, vendors: true, settings: true }),
    preferences: '{}',
    created_at: now,
    updated_at: now,
  }).then(
    () => true,
    (err: unknown) => {
      if (isUniqueViolation(err)) return false;
      throw err;
    },
  );
  return created;
}
