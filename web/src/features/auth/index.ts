export { SessionProvider, useSession, useCurrentUser, useUpdateSessionUser } from './session-context';
export { updatePreferences, useUpdatePreferences } from './api/update-preferences';
export type { SessionStatus } from './session-context';
export { hasPermission, isAdmin } from './permissions';
export { ROLE_COLORS, ROLE_LABELS } from './role-labels';
export { useSidebarCollapsed } from './use-sidebar-collapsed';
export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { UserMenu } from './components/user-menu';
