export * from './common.js';
export * from './auth.js';
export * from './users.js';
export * from './settings.js';
export * from './vendors.js';
export * from './products.js';
export * from './dashboard.js';
