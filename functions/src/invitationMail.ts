import type { InvitationInfo } from '../../src/backend/ports.ts';
import { INVITATION_VALID_DAYS } from '../../src/domain/invitations.ts';
import { invitationMail } from '../../src/mail/templates.ts';

/**
 * The invitation e-mail on Firebase. The functions send no mail themselves: they write it, in
 * the shape Firebase's "Trigger Email" extension (firebase/firestore-send-email) reads, to the
 * `mail` collection, and the extension, once installed on the project with an SMTP server, sends
 * it. The text is the self-hosted server's (src/mail/templates.ts). Clients can neither read nor
 * write the collection (firestore.rules); without the extension the documents just wait there,
 * and the §7 mail-compose link and "Copy link" bring the invitation to the relative as before.
 */

/** The extension's default collection ("Email documents collection" when it is installed). */
export const MAIL_COLLECTION = 'mail';

/** A document the extension sends: one recipient, the message's subject, plain text and HTML. */
export interface MailDoc {
  to: string;
  message: { subject: string; text: string; html: string };
}

/** The invitation's mail to `to`, with the link that accepts it. */
export function invitationMailDoc(to: string, info: Pick<InvitationInfo, 'inviterName' | 'treeName' | 'personName'>, link: string): MailDoc {
  const { subject, text, html } = invitationMail(to, { inviterName: info.inviterName, treeName: info.treeName, personName: info.personName, link, validDays: INVITATION_VALID_DAYS });
  return { to, message: { subject, text, html } };
}
