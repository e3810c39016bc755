import { PRODUCT_NAME, TAGLINE } from '../../app/config.ts';
import { escapeHtml, mailHtml, type MailMessage } from '../../mail/templates.ts';
import { activitySentence, treeActivityPath } from './sinceLastVisit.ts';
import type { DigestFrequency, TreeActivity } from './types.ts';

/**
 * The e-mail digest (issue 24, item 3): opt-in, daily or weekly, what relatives changed in each of
 * the member's trees since the last digest or their last visit, whichever is later. Pure: the
 * server mails it (server/activity/digests.ts), the functions write it for the "Trigger Email"
 * extension (functions/src/digests.ts).
 */

const HOUR_MS = 60 * 60 * 1000;
export const DIGEST_PERIOD_MS: Readonly<Record<Exclude<DigestFrequency, 'off'>, number>> = { daily: 24 * HOUR_MS, weekly: 7 * 24 * HOUR_MS };

/** The sending loop runs this often (the server's timer, the functions' schedule). */
export const DIGEST_TICK_MS = HOUR_MS;

/**
 * Whether a member's digest is due at `now`: off never; otherwise a period after the last one
 * (`lastAt`, set when they chose it too, so the first comes a period later), less half a tick so
 * an hourly loop does not push it an hour later every time. Never sent: due.
 */
export function digestDue(frequency: DigestFrequency, lastAt: string | null, now: Date): boolean {
  if (frequency === 'off') return false;
  if (!lastAt) return true;
  return now.getTime() - Date.parse(lastAt) >= DIGEST_PERIOD_MS[frequency] - DIGEST_TICK_MS / 2;
}

export interface DigestTree {
  graphId: string;
  name: string;
  activity: TreeActivity;
}

export const DIGEST_TEXTS = {
  subject: (frequency: Exclude<DigestFrequency, 'off'>, count: number) =>
    `Your ${frequency} ${PRODUCT_NAME} digest: ${count === 1 ? '1 change' : `${count} changes`} by your relatives`,
  hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
  lead: 'Here is what your relatives changed in your family trees since your last visit.',
  see: 'See the activity',
  why: (frequency: Exclude<DigestFrequency, 'off'>) =>
    `You get this e-mail ${frequency === 'daily' ? 'every day' : 'every week'} there is something new, because you asked for it. To stop it, choose "Off" under "E-mail digest" in your account settings:`,
} as const;

/**
 * The digest mail to `to`, or null when nothing changed (nothing is sent then). Each tree with
 * changes: its name, one sentence per relative, and a link to its Activity.
 */
export function digestMail(
  to: string,
  o: { name: string; frequency: Exclude<DigestFrequency, 'off'>; trees: readonly DigestTree[]; siteUrl: string },
): MailMessage | null {
  const trees = o.trees.filter((t) => t.activity.count > 0);
  if (!trees.length) return null;
  const count = trees.reduce((n, t) => n + t.activity.count, 0);
  const site = o.siteUrl.replace(/\/+$/, '');
  const link = (t: DigestTree) => `${site}${treeActivityPath(t.graphId)}`;
  const account = `${site}/app/account`;
  const text = [
    DIGEST_TEXTS.hello(o.name),
    '',
    DIGEST_TEXTS.lead,
    '',
    ...trees.flatMap((t) => [t.name, ...t.activity.lines.map((l) => `• ${activitySentence(l)}`), `${DIGEST_TEXTS.see}: ${link(t)}`, '']),
    DIGEST_TEXTS.why(o.frequency),
    account,
    '',
    `— ${PRODUCT_NAME}`,
    TAGLINE,
    '',
  ].join('\n');
  const section = (t: DigestTree) => `      <h2 style="margin:24px 0 8px;font-family:Fraunces,Georgia,serif;font-size:18px">${escapeHtml(t.name)}</h2>
      <ul style="margin:0 0 12px;padding-left:20px">
${t.activity.lines.map((l) => `        <li>${escapeHtml(activitySentence(l))}</li>`).join('\n')}
      </ul>
      <p style="margin:0 0 8px"><a href="${escapeHtml(link(t))}" style="color:#2f5d50;font-weight:600">${DIGEST_TEXTS.see}</a></p>`;
  const html = mailHtml(`      <p>${escapeHtml(DIGEST_TEXTS.hello(o.name))}</p>
      <p>${escapeHtml(DIGEST_TEXTS.lead)}</p>
${trees.map(section).join('\n')}
      <p style="margin-top:24px;font-size:13px;color:#6b625a">${escapeHtml(DIGEST_TEXTS.why(o.frequency))} <a href="${escapeHtml(account)}">${escapeHtml(account)}</a></p>`);
  return { to, subject: DIGEST_TEXTS.subject(o.frequency, count), text, html };
}
