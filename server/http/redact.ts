/**
 * Request paths and queries that carry secrets. Logs show the route shape, never the token
 * itself: `/api/password-resets/:token`, `/invite?token=…`.
 */
const SECRET_PATHS = [/^(\/api\/password-resets\/)[^/?#]+/, /^(\/api\/invitations\/)[^/?#]+/, /^(\/api\/signups\/)[^/?#]+/, /^(\/api\/account\/email\/)[^/?#]+/];
const SECRET_PARAMS = new Set(['token', 'code', 'password']);

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const re of SECRET_PATHS) path = path.replace(re, '$1:token');
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, 'redacted');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
