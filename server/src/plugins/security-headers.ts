import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** Helmet's headers with a strict Content Security Policy: no inline or evaluated script. */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in style attributes and tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Logos and product images are addresses anywhere on the web.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
