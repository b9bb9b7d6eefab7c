/** The admin the e2e server bootstraps from ADMIN_* variables. */
export const E2E_ADMIN = { username: 'e2e-admin', email: 'e2e-admin@bosun.test', password: 'e2e-admin-pass' };
