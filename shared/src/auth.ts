import { z } from 'zod';

export const ROLES = ['admin', 'shop_manager'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PERMISSION_KEYS = ['products', 'categories', 'vendors', 'settings'] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  products: 'Products Management',
  categories: 'Categories Management',
  vendors: 'Vendors Management',
  settings: 'Settings Access',
};

/** Why a control is disabled for someone without a flag (issue 24: a disabled button always says why). */
export const PERMISSION_MESSAGES = {
  createVendor: 'You need the vendors permission to create a vendor',
} as const;

export const permissionsSchema = z.object({
  products: z.boolean(),
  categories: z.boolean(),
  vendors: z.boolean(),
  settings: z.boolean(),
});
export type Permissions = z.infer<typeof permissionsSchema>;

/** What a new shop_manager gets when nobody chose otherwise (ARCHITECTURE §4). */
export const DEFAULT_SHOP_MANAGER_PERMISSIONS: Permissions = {
  products: true,
  categories: true,
  vendors: true,
  settings: false,
};

/**
 * A self-registered account waits for an admin ('pending': no permissions, every call but the
 * session's own answers 403) until it is approved ('active'). Accounts an admin creates, the
 * first admin and every account from before issue 24 are active.
 */
export const USER_STATUSES = ['active', 'pending'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export const PAGE_SIZES = [20, 50, 100, 200, 500] as const;

export const preferencesSchema = z
  .object({
    pageSize: z
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Page size must be one of 20, 50, 100, 200, 500')
      .optional(),
    sidebarCollapsed: z.boolean().optional(),
    productColumns: z.array(z.string().max(64)).max(64).optional(),
    productColumnWidths: z.record(z.string().max(64), z.number().int().min(50).max(2000)).optional(),
    /** The products list shows each variable product's variations under it. */
    showVariations: z.boolean().optional(),
  })
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  permissions: permissionsSchema,
  preferences: preferencesSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .max(64, 'Username must be at most 64 characters')
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may only contain letters, digits, dots, dashes and underscores');
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .pipe(z.email('Please enter a valid email address'));
export const passwordSchema = z
  .string()
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(1024, 'Password must be at most 1024 characters');

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The register form adds a confirmation that never leaves the browser. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const userResponseSchema = z.object({ user: userSchema });

export const updateProfileBodySchema = z
  .object({
    email: emailSchema.optional(),
    newPassword: passwordSchema.optional(),
    currentPassword: z.string().min(1, 'Current password is required').max(1024),
  })
  .refine((v) => v.email !== undefined || v.newPassword !== undefined, {
    message: 'Change the email or the password',
    path: ['email'],
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const AUTH_MESSAGES = {
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed',
  registerSuccess: 'Registration successful! You are now logged in.',
  registerPending: 'Registration successful! An administrator has to approve your account before you can start.',
  /** The 403 every call but the session's own answers while an account waits (issue 24). */
  pendingApproval: 'Your account is waiting for approval by an administrator.',
  waitingTitle: 'Waiting for approval',
  waitingText: 'Your account has been created. An administrator has to approve it before you can use Bosun; this page opens the shop by itself once they have.',
  stillWaiting: 'Not approved yet. Please try again later.',
  registerFailed: 'Registration failed',
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  adminSignupClosed: 'Admin accounts can only be created by an admin',
  registrationClosed: 'Registration is closed. Ask an administrator for an account.',
  /** Says neither which one is taken nor that it is: a stranger learns no account from the form. */
  registrationUnavailable: 'An account cannot be created with this username and email. Sign in if you already have one, or choose others.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAllowed: "You don't have permission to do this.",
  accessDeniedPage: "You don't have permission to access this page.",
} as const;
