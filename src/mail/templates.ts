import { PRODUCT_NAME, TAGLINE } from '../app/config.ts';

/**
 * The site's e-mails, written once: the self-hosted server sends them (server/mail/mailer.ts) and
 * the Cloud Functions put the invitation's in the `mail` collection for Firebase's "Trigger Email"
 * extension (functions/src/invitationMail.ts). Pure text: no Node, no DOM.
 */

/** One e-mail: the plain text and the HTML say the same. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Every mail's HTML: the product's card, name and tagline around `body` (its lines, indented as here). */
export function mailHtml(body: string): string {
  return `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#2b2622">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <tr><td>
      <h1 style="margin:0 0 4px;font-family:Fraunces,Georgia,serif;font-size:24px">${PRODUCT_NAME}</h1>
      <p style="margin:0 0 24px;color:#6b625a;font-size:14px">${escapeHtml(TAGLINE)}</p>
${body}
    </td></tr>
  </table>
</body>
</html>
`;
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
  const html = mailHtml(`      <p>Hello,</p>
      <p>Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, use the button below.</p>
      <p style="margin:28px 0"><a href="${safeLink}" style="background:#2f5d50;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">Choose a new password</a></p>
      <p style="font-size:13px;color:#6b625a">Or open this link: <a href="${safeLink}">${safeLink}</a></p>
      <p style="font-size:13px;color:#6b625a">The link works once and expires in ${validity}. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`);
  return { to, subject: `Reset your ${PRODUCT_NAME} password`, text, html };
}

interface LinkMail {
  to: string;
  subject: string;
  /** Paragraphs before the button (plain text). */
  before: string[];
  button: string;
  link: string;
  /** Paragraphs after the link (plain text). */
  after: string[];
}

/** A mail built around one link, in the look of the reset mail: text and HTML say the same. */
function linkMail({ to, subject, before, button, link, after }: LinkMail): MailMessage {
  const text = [...before.flatMap((p) => [p, '']), link, '', ...after.flatMap((p) => [p, '']), `— ${PRODUCT_NAME}`, TAGLINE, ''].join('\n');
  const safeLink = escapeHtml(link);
  const para = (p: string) => `      <p>${escapeHtml(p)}</p>`;
  const small = (p: string) => `      <p style="font-size:13px;color:#6b625a">${escapeHtml(p)}</p>`;
  const html = mailHtml(`${before.map(para).join('\n')}
      <p style="margin:28px 0"><a href="${safeLink}" style="background:#2f5d50;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(button)}</a></p>
      <p style="font-size:13px;color:#6b625a">Or open this link: <a href="${safeLink}">${safeLink}</a></p>
${after.map(small).join('\n')}`);
  return { to, subject, text, html };
}

/** A relative's invitation, mailed by the server when SMTP is configured (§7's mail-compose text). */
export function invitationMail(to: string, o: { inviterName: string; treeName: string; personName: string; link: string; validDays: number }): MailMessage {
  const who = o.inviterName || 'A relative';
  const as = o.personName ? ` as ${o.personName}` : '';
  return linkMail({
    to,
    subject: `Join our family tree on ${PRODUCT_NAME}`,
    before: ['Hi,', `${who} invites you to join the ${o.treeName} on ${PRODUCT_NAME}${as}. Open this link to claim the profile and help map our family's story:`],
    button: 'Open the invitation',
    link: o.link,
    after: [`The link works once and expires in ${o.validDays} days. If you already have a ${PRODUCT_NAME} account with this address, sign in on that page to accept.`],
  });
}

/** The link that finishes creating an account from a relative's invitation (proves the address). */
export function signUpConfirmMail(to: string, o: { treeName: string; link: string; validHours: number }): MailMessage {
  return linkMail({
    to,
    subject: `Finish creating your ${PRODUCT_NAME} account`,
    before: ['Hello,', `To finish creating your ${PRODUCT_NAME} account and join the ${o.treeName}, open this link:`],
    button: 'Finish creating my account',
    link: o.link,
    after: [`The link works once and expires in ${o.validHours} hours. If you did not ask for an account, ignore this e-mail: nothing is created.`],
  });
}

/** To an address that already has an account, when someone tried to sign up with it from an invitation. */
export function alreadyRegisteredMail(to: string, o: { treeName: string; link: string }): MailMessage {
  return linkMail({
    to,
    subject: `Your ${PRODUCT_NAME} account already exists`,
    before: [
      'Hello,',
      `Someone tried to create a ${PRODUCT_NAME} account with this address to join the ${o.treeName}. This address already has an account, so no new one was made.`,
      'If it was you, open the invitation and choose "Sign in to accept" with your e-mail and password:',
    ],
    button: 'Open the invitation',
    link: o.link,
    after: ['Forgot your password? Use "Forgot password?" on the sign-in form. If it was not you, ignore this e-mail: your account stays as it is.'],
  });
}

/** The link that confirms a new sign-in address (sent to the new address). */
export function emailChangeMail(to: string, o: { link: string; validHours: number }): MailMessage {
  return linkMail({
    to,
    subject: `Confirm your new ${PRODUCT_NAME} e-mail address`,
    before: ['Hello,', `Someone asked to use this address to sign in to ${PRODUCT_NAME}. To confirm it, open this link:`],
    button: 'Confirm this address',
    link: o.link,
    after: [`The link works once and expires in ${o.validHours} hours. If you did not ask for it, ignore this e-mail: nothing changes.`],
  });
}

/** To an address that already has an account, when a member asked to move their sign-in to it. */
export function emailTakenMail(to: string): MailMessage {
  const text = [
    'Hello,',
    '',
    `Someone signed in to ${PRODUCT_NAME} asked to use this address for their account. This address already has an account of its own, so nothing was changed.`,
    '',
    'If it was you, sign in with this address instead. If it was not you, ignore this e-mail.',
    '',
    `— ${PRODUCT_NAME}`,
    TAGLINE,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#2b2622">
<p>Hello,</p>
<p>Someone signed in to ${PRODUCT_NAME} asked to use this address for their account. This address already has an account of its own, so nothing was changed.</p>
<p>If it was you, sign in with this address instead. If it was not you, ignore this e-mail.</p>
<p>— ${PRODUCT_NAME}<br>${escapeHtml(TAGLINE)}</p>
</body></html>
`;
  return { to, subject: `Your ${PRODUCT_NAME} address already has an account`, text, html };
}
