import { AppError, ERROR_CODES, UNREACHABLE, type ErrorBody, type ErrorCode } from '../../domain/errors.ts';

/**
 * JSON over fetch to the self-hosted server (a FormData body goes as multipart). Every failure
 * becomes an AppError with a code from the one table, so screens show the same §8 messages
 * (docs/PRODUCT.md) whichever backend is behind the port.
 */
export function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  return send<T>(method, path, json ? JSON.stringify(body) : (body as FormData | undefined));
}

/** `request` with a body already written as JSON (a caller that measured it first). */
export function requestJson<T>(method: string, path: string, json: string): Promise<T> {
  return send<T>(method, path, json);
}

async function send<T>(method: string, path: string, body: string | FormData | undefined): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: typeof body === 'string' ? { 'Content-Type': 'application/json' } : undefined,
      body,
    });
  } catch {
    throw new AppError('unavailable', UNREACHABLE);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const parsed = text ? safeJson(text) : undefined;
  if (!response.ok) throw toAppError(response.status, parsed);
  return parsed as T;
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A failed answer as an AppError: the server's coded error, or a code from the status. */
export function toAppError(status: number, body: unknown): AppError {
  const error = (body as Partial<ErrorBody> | undefined)?.error;
  if (error && (ERROR_CODES as readonly string[]).includes(error.code)) {
    return new AppError(error.code as ErrorCode, error.message);
  }
  const code: ErrorCode = status === 401 ? 'unauthenticated' : status === 403 ? 'permission-denied' : status >= 500 ? 'unavailable' : 'internal';
  return new AppError(code, `The server answered ${status}.`);
}
