import type { FastifyReply } from 'fastify';

/**
 * For large list answers built by explicit mapping functions (nothing secret can slip in), skip
 * re-validating every element against the zod schema on the way out: for 5,000 categories that
 * check alone cost more than the query. The schema still documents the route in /api/docs.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * Sends JSON the service already wrote as UTF-8 bytes (built from JSON the database produced):
 * Fastify passes a Buffer through untouched, so the route's serializer never sees it.
 */
export function sendJsonBytes(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}
