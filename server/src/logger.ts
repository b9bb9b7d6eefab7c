import type { FastifyRequest } from 'fastify';

/** A download link's single-use token stands in for the session: it never reaches the log. */
const withoutSecrets = (url: string) => url.replace(/([?&]download_token=)[^&]*/gi, '$1[redacted]');

/** Pino options for the app's logger: no credential, token or password reaches the log. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.body.password'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: withoutSecrets(request.url),
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
