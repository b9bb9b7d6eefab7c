import type { FastifyReply } from 'fastify';

/**
 * For large list answers built by explicit mapping functions (nothing secret can slip in), skip
 * re-validating every element against the zod schema on the way out: for 5,000 categories that
 * check alone cost more than the query. The schema still documents the route in /api/docs.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * Sends JSON the service already wrote as text (built from JSON the database produced), so the
 * route's serializer must not quote it again.
 */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload) => payload as string)
    .send(json);
}
