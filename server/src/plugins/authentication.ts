import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES, type PermissionKey, type User } from '@bosun/shared';
import { forbidden, unauthorized } from '../errors.js';
import { consumeDownloadToken, isTokenRevoked, type TokenClaims } from '../modules/auth/index.js';
import { findUserById, toUser } from '../modules/users/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, read fresh from the database on this request. */
    user: User;
    token: TokenClaims;
  }
  interface FastifyContextConfig {
    /** Routes are closed by default; only a route that says so is reachable without a token. */
    public?: boolean;
    /** A file download the browser opens as a link: a single-use ?download_token= stands in for the header. */
    downloadToken?: boolean;
    /**
     * The session's own calls (who am I, sign out), which an account waiting for approval may
     * make; every other route answers it 403 (issue 24).
     */
    allowPending?: boolean;
    /**
     * Permission flags besides the module's own that open this route (./authorization.ts): the
     * vendor and category names product work picks from are read with the products flag too.
     * For reads only: a write keeps needing its module's flag.
     */
    readableWith?: readonly PermissionKey[];
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Authenticates every route of the scope it is registered in (the /api plugin) unless the matched
 * route is marked public. The decision is the matched route's, never the URL text's, so that every
 * spelling of a path (percent-encoded, an absolute URL in the request line) gets the same answer.
 * The user and their permissions are loaded on each request so that a flag an admin turns off, or
 * a deleted account, counts at once.
 */
export const authentication = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null as unknown as User);
  app.decorateRequest('token', null as unknown as TokenClaims);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    if (config?.public) return;
    const token = bearerToken(request);
    const downloadToken = (request.query as { download_token?: unknown })?.download_token;
    if (!token && config?.downloadToken && typeof downloadToken === 'string') {
      const issued = await consumeDownloadToken(app.deps.db, downloadToken);
      const [row, revoked] = issued ? await Promise.all([findUserById(app.deps.db, issued.userId), isTokenRevoked(app.deps.db, issued.sessionJti)]) : [];
      if (!row || revoked) throw unauthorized(AUTH_MESSAGES.sessionExpired);
      request.user = toUser(row);
      if (request.user.status !== 'active' && !config.allowPending) throw forbidden(AUTH_MESSAGES.pendingApproval);
      return;
    }
    if (!token) throw unauthorized();
    const claims = await app.deps.tokens.verify(token);
    if (!claims) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    const [row, revoked] = await Promise.all([
      findUserById(app.deps.db, claims.userId),
      isTokenRevoked(app.deps.db, claims.jti),
    ]);
    if (!row || revoked) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    request.user = toUser(row);
    request.token = claims;
    // Read with the user on every request, like the permissions: an approval counts at once.
    if (request.user.status !== 'active' && !config?.allowPending) throw forbidden(AUTH_MESSAGES.pendingApproval);
  });

  // Answers carry shop data or a session: no browser or proxy cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
