import { createHash, randomBytes } from 'node:crypto';

/**
 * Session and reset tokens: 256 random bits, base64url. Invitation tokens are a product rule
 * (src/domain/ids.ts: `newInvitationToken`, `isInvitationToken`).
 */
export const SECRET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a copy of the database cannot be used to sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Firebase-shaped uid: 28 characters from [A-Za-z0-9], without modulo bias. */
export function newUid(length = 28): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += UID_ALPHABET[byte % 62];
    }
  }
  return out;
}
