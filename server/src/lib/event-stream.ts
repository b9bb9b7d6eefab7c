import type { FastifyReply, FastifyRequest } from 'fastify';

/** The client asked for server-sent events (`Accept: text/event-stream`) rather than one JSON answer. */
export const wantsEventStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/**
 * Takes the reply over as a stream of server-sent events, 'data: {json}' each. Whatever was checked
 * before has answered with its own status; from here the status is 200 and failures are events.
 * A client that went away is not written to; the work it asked for goes on.
 */
export function openEventStream<E>(reply: FastifyReply) {
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  return {
    send(event: E) {
      if (!reply.raw.destroyed) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      reply.raw.end();
    },
  };
}
