import type { FastifyRequest } from 'fastify';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests another site made the browser send: an `Origin` that is not
 * this site's (as the request reached us, or the configured public URL), or `Sec-Fetch-Site:
 * cross-site`. Requests without either header (curl, server-to-server) pass; cookies are
 * SameSite=Lax as a second line.
 */
export function isForeignRequest(request: FastifyRequest, publicOrigin: string | null): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const own = `${request.protocol}://${request.host}`.toLowerCase();
  const given = origin.toLowerCase();
  return given !== own && given !== publicOrigin;
}
