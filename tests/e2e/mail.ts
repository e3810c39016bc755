import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The raw messages in DATA_DIR/outbox, newest last. */
export async function outboxMessages(dataDir: string): Promise<string[]> {
  const dir = join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
}

/** Undoes quoted-printable soft breaks and escapes so a link in a mail body can be read whole. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function resetLinkIn(raw: string): string | null {
  const match = decodeQuotedPrintable(raw).match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/);
  return match ? match[0] : null;
}

export function recipientsOf(raw: string): string {
  return raw.match(/^To: (.*)$/m)?.[1] ?? '';
}

/** The first link to `path` (e.g. '/invite', '/confirm-signup') in a mail, whole, or null. */
export function linkIn(raw: string, path: string): string | null {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = decodeQuotedPrintable(raw).match(new RegExp(`https?://[^\\s"<>]+${escaped}\\?token=[A-Za-z0-9_-]+`));
  return match ? match[0] : null;
}

/**
 * The link finishing a relative's sign-up (mailed to the invited address, issue 11), from the
 * outbox, waiting for the mail to be written.
 */
export async function signUpLinkFor(dataDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const raw of (await outboxMessages(dataDir)).reverse()) {
      const link = recipientsOf(raw).includes(email) ? linkIn(raw, '/confirm-signup') : null;
      if (link) return link;
    }
    if (Date.now() > until) throw new Error(`No sign-up link for ${email} in the outbox`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
