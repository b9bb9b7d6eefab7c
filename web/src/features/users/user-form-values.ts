import {
  createUserBodySchema,
  DEFAULT_SHOP_MANAGER_PERMISSIONS,
  updateUserBodySchema,
  type CreateUserBody,
  type Permissions,
  type Role,
  type UpdateUserBody,
  type User,
} from '@bosun/shared';
import type { Resolver } from 'react-hook-form';
import { payloadResolver } from '../../lib/payload-resolver';

export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  username: string;
  email: string;
  password: string;
  role: Role;
  permissions: Permissions;
}

export type UserPayload = CreateUserBody | UpdateUserBody;

export function userFormDefaults(user?: User): UserFormValues {
  if (!user) {
    return { username: '', email: '', password: '', role: 'shop_manager', permissions: { ...DEFAULT_SHOP_MANAGER_PERMISSIONS } };
  }
  return {
    username: user.username,
    email: user.email,
    password: '',
    role: user.role,
    // An admin's flags mean nothing; if the role is switched, start from the shop_manager defaults.
    permissions: user.role === 'shop_manager' ? { ...user.permissions } : { ...DEFAULT_SHOP_MANAGER_PERMISSIONS },
  };
}

/**
 * What the form sends: on edit an empty password is left out (the server keeps the old one);
 * permissions go only with the shop_manager role, the only role they apply to.
 */
export function toUserPayload(values: UserFormValues, mode: UserFormMode): Record<string, unknown> {
  const payload: Record<string, unknown> = { username: values.username, email: values.email, role: values.role };
  if (mode === 'create' || values.password !== '') payload.password = values.password;
  if (values.role === 'shop_manager') payload.permissions = values.permissions;
  return payload;
}

/** Validates the payload the form would send, with the server's own schema for the mode. */
export const userFormResolver = (mode: UserFormMode): Resolver<UserFormValues, unknown, UserPayload> =>
  payloadResolver(mode === 'create' ? createUserBodySchema : updateUserBodySchema, (values) => toUserPayload(values, mode));
