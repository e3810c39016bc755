import { PRODUCT_NAME, TAGLINE } from '../../src/app/config.ts';
import type { MailMessage } from './mailer.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function resetPasswordMail(to: string, link: string, validMinutes: number): MailMessage {
  const hours = validMinutes % 60 === 0 ? validMinutes / 60 : 0;
  const validity = hours === 1 ? 'one hour' : hours ? `${hours} hours` : `${validMinutes} minutes`;
  const text = [
    'Hello,',
    '',
    `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works once and expires in ${validity}. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    '',
    `— ${PRODUCT_NAME}`,
    TAGLINE,
    '',
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#2b2622">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <tr><td>
      <h1 style="margin:0 0 4px;font-family:Fraunces,Georgia,serif;font-size:24px">${PRODUCT_NAME}</h1>
      <p style="margin:0 0 24px;color:#6b625a;font-size:14px">${escapeHtml(TAGLINE)}</p>
      <p>Hello,</p>
      <p>Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, use the button below.</p>
      <p style="margin:28px 0"><a href="${safeLink}" style="background:#2f5d50;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">Choose a new password</a></p>
      <p style="font-size:13px;color:#6b625a">Or open this link: <a href="${safeLink}">${safeLink}</a></p>
      <p style="font-size:13px;color:#6b625a">The link works once and expires in ${validity}. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
    </td></tr>
  </table>
</body>
</html>
`;
  return { to, subject: `Reset your ${PRODUCT_NAME} password`, text, html };
}
