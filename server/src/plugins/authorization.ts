import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { PermissionKey } from '@bosun/shared';
import { forbidden } from '../errors.js';

// The checks a route adds after authentication (./authentication.ts sets request.user). They live
// apart from that plugin, which loads the user through the users and auth modules, so that those
// modules' routes can use them without an import cycle.

/**
 * A hook a module adds to declare that its routes need a shop_manager permission flag (admins
 * always pass). A route may name other flags that open it too (`config.readableWith`): the
 * matched route's config decides, never the URL text, so no spelling of a path reaches a write
 * with a read's flags.
 */
export function requirePermission(permission: PermissionKey): onRequestHookHandler {
  return async function checkPermission(request: FastifyRequest, _reply: FastifyReply) {
    const { permissions } = request.user;
    if (permissions[permission]) return;
    const alternatives = request.routeOptions.config?.readableWith ?? [];
    if (!alternatives.some((other) => permissions[other])) throw forbidden();
  };
}

export const requireAdmin: onRequestHookHandler = async function checkAdmin(request: FastifyRequest) {
  if (request.user.role !== 'admin') throw forbidden();
};
