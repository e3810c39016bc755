import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { MailMessage } from '../../src/mail/templates.ts';

export interface SentMail {
  /** The `.eml` file written when there is no SMTP server. */
  file?: string;
}

export interface Mailer {
  /** 'smtp' sends through `SMTP_URL`; 'outbox' writes `.eml` files into `DATA_DIR/outbox`. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export const DEFAULT_MAIL_FROM = 'Kinfolk <no-reply@localhost>';

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from?: string }): Mailer {
  const from = options.from || DEFAULT_MAIL_FROM;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
        return {};
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { file };
    },
    close: () => transport.close(),
  };
}
