import { z } from 'zod';
import { emailSchema, passwordSchema, permissionsSchema, roleSchema, userSchema, usernameSchema } from './auth.js';

export const createUserBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema,
  permissions: permissionsSchema.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** On edit an empty password is left out by the form; the server keeps the old one. */
export const updateUserBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema.optional(),
  role: roleSchema,
  permissions: permissionsSchema.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const usersListResponseSchema = z.array(userSchema);

export const USER_MESSAGES = {
  loadFailed: 'Error loading users',
  saveFailed: 'Error saving user',
  deleteFailed: 'Error deleting user',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  cannotDeleteSelf: 'You cannot delete your own account',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  lastAdmin: 'The shop needs at least one admin',
  approved: (username: string) => `${username} is approved and can now work with the default shop manager permissions`,
  refused: (username: string) => `${username}'s registration was refused and the account deleted`,
  approveFailed: 'Error approving user',
  refuseFailed: 'Error refusing user',
  notPending: 'This account is not waiting for approval',
  notFound: 'User not found',
} as const;
