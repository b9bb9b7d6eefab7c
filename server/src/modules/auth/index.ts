// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { authRoutes } from './auth.routes.js';
export { bootstrapAdmin } from './auth.service.js';
export { consumeDownloadToken } from './download-tokens.js';
export { isTokenRevoked } from './revoked-tokens.repository.js';
export { createTokenService, loadSigningSecret, type TokenClaims, type TokenService } from './tokens.js';
