import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Whether a request line's target (a path or an absolute URL, percent-encoded or not) names the API. */
function isApiPath(target: string) {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(target, 'http://localhost').pathname);
  } catch {
    return true; // not a path the SPA could serve either: answer with the JSON 404
  }
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Serves the built SPA, if there is one, with its history fallback; anything else is a JSON 404. */
export function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const indexHtml = webDist && path.join(webDist, 'index.html');
  const hasWeb = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (hasWeb) {
    app.register(fastifyStatic, { root: webDist!, wildcard: false, index: false, maxAge: '1y', immutable: true });
  }
  app.setNotFoundHandler((request, reply) => {
    // The SPA owns every other GET path (history fallback); the API answers JSON 404s.
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist!, { maxAge: 0, immutable: false });
    }
    return reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}
