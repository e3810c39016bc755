import { describe, expect, it } from 'vitest';
import { digestDue, digestMail, DIGEST_TICK_MS } from '../../../../src/domain/activity/digest.ts';
import { sendDueDigests, treeActivity, type DigestDeps } from '../../../../src/domain/activity/service.ts';
import { activitySentence, activitySince, badgeLabel, badgeText, laterOf, visitStart } from '../../../../src/domain/activity/sinceLastVisit.ts';
import type { DigestFrequency, Membership } from '../../../../src/domain/activity/types.ts';
import { emptyChangeSet } from '../../../../src/domain/changeSet.ts';
import { historyEntry } from '../../../../src/domain/history/entry.ts';
import type { ChangeSummary, HistoryEntry } from '../../../../src/domain/history/types.ts';
import { historyForViewer } from '../../../../src/domain/history/viewer.ts';
import type { MailMessage } from '../../../../src/mail/templates.ts';

const S = (s: Partial<ChangeSummary>): ChangeSummary => ({ added: 0, removed: 0, edited: 0, photos: 0, other: 0, ...s });
let rev = 0;
const entry = (actorUid: string, at: string, summary: Partial<ChangeSummary>): HistoryEntry => ({
  revision: ++rev,
  at,
  actorUid,
  kind: 'change',
  changes: null,
  before: null,
  summary: S(summary),
  profileIds: [],
  removedIds: [],
});
const NAMES = { klaus: 'Klaus', ed: 'Ed Hopper', me: 'Me' };

describe('since the last visit: grouping by member', () => {
  const entries = [
    entry('klaus', '2026-05-01T10:00:00.000Z', { added: 2 }),
    entry('klaus', '2026-05-01T11:00:00.000Z', { added: 1, photos: 1 }),
    entry('ed', '2026-05-01T12:00:00.000Z', { edited: 1 }),
    entry('me', '2026-05-01T13:00:00.000Z', { added: 5 }),
    entry('ed', '2026-04-30T09:00:00.000Z', { removed: 1 }),
  ];
  it.each([
    ['everything after joining', '2026-04-01T00:00:00.000Z', 4, ['Ed Hopper deleted a person and edited a person', 'Klaus added 3 people and a photo']],
    ['only what came after the visit', '2026-05-01T10:30:00.000Z', 2, ['Ed Hopper edited a person', 'Klaus added a person and a photo']],
    ['a change at the very time of the visit was seen', '2026-05-01T12:00:00.000Z', 0, []],
    ['nothing after the last visit', '2026-05-02T00:00:00.000Z', 0, []],
  ])('%s', (_what, since, count, sentences) => {
    const a = activitySince(entries, 'me', since, NAMES);
    expect(a.count).toBe(count);
    expect(a.lines.map(activitySentence)).toEqual(sentences);
    expect(a.since).toBe(since);
  });

  it("the member's own changes never count, the latest relative comes first, and each line counts its changes", () => {
    const a = activitySince(entries, 'me', '', NAMES);
    expect(a.lines.map((l) => [l.actorUid, l.changes, l.lastAt])).toEqual([
      ['ed', 2, '2026-05-01T12:00:00.000Z'],
      ['klaus', 2, '2026-05-01T11:00:00.000Z'],
    ]);
  });

  it('an account gone since is "A former member"', () => {
    expect(activitySentence({ name: '', summary: S({ added: 1 }) })).toBe('A former member added a person');
  });

  it.each([
    [null, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ['2026-02-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
  ])('the last visit (seen %s, joined %s) is %s', (seen, joined, want) => {
    expect(visitStart(seen, joined)).toBe(want);
  });

  it.each([
    ['', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ['2026-03-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
  ])('laterOf(%s, %s) = %s', (a, b, want) => expect(laterOf(a, b)).toBe(want));
});

describe('the badge', () => {
  it.each([
    [0, '', '0 changes since your last visit'],
    [1, '1', '1 change since your last visit'],
    [7, '7', '7 changes since your last visit'],
    [99, '99', '99 changes since your last visit'],
    [100, '99+', 'More than 99 changes since your last visit'],
  ])('%i changes: "%s"', (n, text, label) => {
    expect(badgeText(n)).toBe(text);
    expect(badgeLabel(n)).toBe(label);
  });
});

describe('when a digest is due', () => {
  const now = new Date('2026-05-08T09:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const H = 60 * 60 * 1000;
  it.each<[DigestFrequency, string | null, boolean]>([
    ['off', null, false],
    ['off', ago(30 * 24 * H), false],
    ['daily', null, true],
    ['daily', ago(24 * H), true],
    ['daily', ago(24 * H - DIGEST_TICK_MS / 2), true],
    ['daily', ago(23 * H), false],
    ['weekly', ago(6 * 24 * H), false],
    ['weekly', ago(7 * 24 * H), true],
  ])('%s, last %s: %s', (f, last, due) => expect(digestDue(f, last, now)).toBe(due));
});

const activity = (lines: [string, Partial<ChangeSummary>][], count: number) => ({
  since: '2026-05-01T00:00:00.000Z',
  count,
  lines: lines.map(([name, s], i) => ({ actorUid: `u${i}`, name, summary: S(s), changes: 1, lastAt: '2026-05-02T00:00:00.000Z' })),
});

describe('the digest mail', () => {
  it('nothing changed: no mail', () => {
    expect(digestMail('me@example.com', { name: 'Grace', frequency: 'daily', trees: [{ graphId: 'g1', name: 'Hopper family tree', activity: activity([], 0) }], siteUrl: 'https://kin.example' })).toBeNull();
    expect(digestMail('me@example.com', { name: 'Grace', frequency: 'daily', trees: [], siteUrl: 'https://kin.example' })).toBeNull();
  });

  it('one section per tree that changed, its sentences and a link to its Activity; exact text', () => {
    const mail = digestMail('grace@example.com', {
      name: 'Grace Hopper',
      frequency: 'weekly',
      siteUrl: 'https://kin.example/',
      trees: [
        { graphId: 'g1', name: 'Hopper family tree', activity: activity([['Klaus', { added: 3, photos: 1 }], ['Ed', { edited: 1 }]], 4) },
        { graphId: 'quiet', name: 'Quiet family tree', activity: activity([], 0) },
        { graphId: 'g 2', name: 'Smith <family>', activity: activity([['Vi', { removed: 1 }]], 1) },
      ],
    })!;
    expect(mail.to).toBe('grace@example.com');
    expect(mail.subject).toBe('Your weekly Kinfolk digest: 5 changes by your relatives');
    expect(mail.text).toBe(
      [
        'Hello Grace Hopper,',
        '',
        'Here is what your relatives changed in your family trees since your last visit.',
        '',
        'Hopper family tree',
        '• Klaus added 3 people and a photo',
        '• Ed edited a person',
        'See the activity: https://kin.example/app/tree?tree=g1&show=activity',
        '',
        'Smith <family>',
        '• Vi deleted a person',
        'See the activity: https://kin.example/app/tree?tree=g%202&show=activity',
        '',
        'You get this e-mail every week there is something new, because you asked for it. To stop it, choose "Off" under "E-mail digest" in your account settings:',
        'https://kin.example/app/account',
        '',
        '— Kinfolk',
        "Connect and share your family's story.",
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('<li>Klaus added 3 people and a photo</li>');
    expect(mail.html).toContain('Smith &lt;family&gt;');
    expect(mail.html).toContain('href="https://kin.example/app/tree?tree=g1&amp;show=activity"');
    expect(mail.html).not.toContain('Quiet family tree');
  });

  it.each([
    ['daily', 1, 'Your daily Kinfolk digest: 1 change by your relatives', 'every day'],
    ['weekly', 2, 'Your weekly Kinfolk digest: 2 changes by your relatives', 'every week'],
  ] as const)('%s with %i change(s)', (frequency, n, subject, every) => {
    const mail = digestMail('a@example.com', { name: '', frequency, siteUrl: 'http://x', trees: [{ graphId: 'g', name: 'T', activity: activity([['K', { added: n }]], n) }] })!;
    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.text).toContain(`You get this e-mail ${every} there is something new`);
  });
});

/** A small in-memory world for the use cases: trees' history, memberships and a mailbox. */
function world(now: Date) {
  const history = new Map<string, HistoryEntry[]>();
  const memberships = new Map<string, Membership[]>();
  const sent: MailMessage[] = [];
  const marks: Record<string, string> = {};
  const subscribers = [{ uid: 'me', email: 'me@example.com', name: 'Me', frequency: 'daily' as DigestFrequency, digestAt: new Date(now.getTime() - 25 * 3600_000).toISOString() as string | null }];
  let failSend = false;
  const deps: DigestDeps = {
    async since(graphId, since, limit) {
      return (history.get(graphId) ?? []).filter((e) => e.at > since).sort((a, b) => b.revision - a.revision).slice(0, limit);
    },
    async hiddenFor() {
      return new Set(['pr:hidden']);
    },
    async names(uids) {
      return Object.fromEntries(uids.map((u) => [u, NAMES[u as keyof typeof NAMES] ?? '']));
    },
    async subscribers() {
      return subscribers;
    },
    async memberships(uid) {
      return memberships.get(uid) ?? [];
    },
    async send(m) {
      if (failSend) throw new Error('SMTP down');
      sent.push(m);
    },
    async markSent(uid, at) {
      marks[uid] = at;
    },
    siteUrl: 'https://kin.example',
  };
  return { deps, history, memberships, sent, marks, subscribers, failWith: (v: boolean) => (failSend = v) };
}

describe('the digest loop', () => {
  const now = new Date('2026-05-08T09:00:00.000Z');
  const tree: Membership = { graphId: 'g1', name: 'Hopper family tree', role: 'editor', joinedAt: '2026-01-01T00:00:00.000Z', seenAt: '2026-05-07T06:00:00.000Z' };

  it('mails what changed since the later of the last digest and the last visit, then starts again from now', async () => {
    const w = world(now);
    w.memberships.set('me', [tree]);
    w.history.set('g1', [entry('klaus', '2026-05-07T07:00:00.000Z', { added: 9 }), entry('klaus', '2026-05-07T10:00:00.000Z', { added: 3, photos: 1 })]);
    expect(await sendDueDigests(w.deps, now)).toEqual({ sent: 1, empty: 0, failed: 0 });
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]!.text).toContain('• Klaus added 3 people and a photo');
    expect(w.marks.me).toBe(now.toISOString());
  });

  it('nothing changed: nothing is sent, and the next one starts from now', async () => {
    const w = world(now);
    w.memberships.set('me', [tree]);
    w.history.set('g1', [entry('me', '2026-05-08T08:00:00.000Z', { added: 2 })]);
    expect(await sendDueDigests(w.deps, now)).toEqual({ sent: 0, empty: 1, failed: 0 });
    expect(w.sent).toEqual([]);
    expect(w.marks.me).toBe(now.toISOString());
  });

  it('a member who left the tree gets nothing of it', async () => {
    const w = world(now);
    w.memberships.set('me', []);
    w.history.set('g1', [entry('klaus', '2026-05-08T08:00:00.000Z', { added: 2 })]);
    expect(await sendDueDigests(w.deps, now)).toEqual({ sent: 0, empty: 1, failed: 0 });
    expect(w.sent).toEqual([]);
  });

  it('not due yet, or off: untouched', async () => {
    const w = world(now);
    w.memberships.set('me', [tree]);
    w.history.set('g1', [entry('klaus', '2026-05-08T08:00:00.000Z', { added: 2 })]);
    w.subscribers[0]!.digestAt = '2026-05-08T01:00:00.000Z';
    expect(await sendDueDigests(w.deps, now)).toEqual({ sent: 0, empty: 0, failed: 0 });
    w.subscribers[0]!.frequency = 'off';
    w.subscribers[0]!.digestAt = null;
    expect(await sendDueDigests(w.deps, now)).toEqual({ sent: 0, empty: 0, failed: 0 });
    expect(w.marks).toEqual({});
  });

  it('a failed send is not marked, so the next run tries again', async () => {
    const w = world(now);
    w.memberships.set('me', [tree]);
    w.history.set('g1', [entry('klaus', '2026-05-08T08:00:00.000Z', { added: 2 })]);
    w.failWith(true);
    expect(await sendDueDigests(w.deps, now)).toEqual({ sent: 0, empty: 0, failed: 1 });
    expect(w.marks).toEqual({});
    w.failWith(false);
    expect(await sendDueDigests(w.deps, now)).toEqual({ sent: 1, empty: 0, failed: 0 });
  });
});

/** A change that adds two people, one of whom a viewer may not see. */
function addsTwo(actorUid: string, at: string): HistoryEntry {
  const cs = emptyChangeSet(0);
  for (const id of ['pr:shown', 'pr:hidden']) cs.profiles.upsert.push({ id, create: true, set: { firstName: id } });
  const before = { profiles: { 'pr:shown': { absent: true as const }, 'pr:hidden': { absent: true as const } } };
  return historyEntry({ revision: ++rev, changes: cs, actorUid }, before, at);
}

describe('a viewer sees only what privacy allows', () => {
  it("a viewer's history entry counts only the people they see (it told 2 before)", () => {
    const e = addsTwo('klaus', '2026-05-08T08:00:00.000Z');
    expect(e.summary.added).toBe(2);
    const [shown] = historyForViewer([e], new Set(['pr:hidden']));
    expect(shown!.summary.added).toBe(1);
  });

  it("Home's sentence for a viewer leaves out the hidden person; an editor's does not", async () => {
    const now = new Date('2026-05-08T09:00:00.000Z');
    const w = world(now);
    w.history.set('g1', [addsTwo('klaus', '2026-05-08T08:00:00.000Z')]);
    const m: Membership = { graphId: 'g1', name: 'T', role: 'viewer', joinedAt: '2026-01-01T00:00:00.000Z', seenAt: null };
    expect((await treeActivity(w.deps, 'me', m)).lines.map(activitySentence)).toEqual(['Klaus added a person']);
    expect((await treeActivity(w.deps, 'me', { ...m, role: 'editor' })).lines.map(activitySentence)).toEqual(['Klaus added 2 people']);
  });
});

describe('a member joining by claiming a card', () => {
  /** The card n1 showed pr:card; the member's own profile (keyed by their uid) takes its place. */
  function claim(newProfileId: string): HistoryEntry {
    const cs = emptyChangeSet(0);
    const card = (profileId: string) => ({ id: 'n1', type: 'person', position: { x: 0, y: 0 }, modifiedAt: '', hidden: false, data: { profileId, parentRole: '', isPrimary: false } }) as never;
    cs.nodes.upsert.push(card(newProfileId));
    cs.profiles.upsert.push({ id: newProfileId, create: true, set: { firstName: 'Vi' } });
    cs.profiles.remove.push('pr:card');
    return historyEntry({ revision: ++rev, changes: cs, actorUid: 'vi' }, { nodes: { n1: card('pr:card') }, profiles: { [newProfileId]: { absent: true }, 'pr:card': { whole: {} as never } } }, '2026-05-08T08:00:00.000Z');
  }

  it.each([
    ['claimed by a member (their uid)', 'ViUid0123456789012345678901', 'Vi joined the tree'],
    ['released to a plain card again', 'pr:0123456789abcdef0123456789abcdef', 'Vi rearranged the tree'],
  ])('%s: no one added or deleted ("added a person and deleted a person" before)', (_what, id, sentence) => {
    const e = claim(id);
    expect(e.summary.added).toBe(0);
    expect(e.summary.removed).toBe(0);
    expect(activitySentence({ name: 'Vi', summary: e.summary })).toBe(sentence);
  });

  it('adds up with other changes', () => {
    const a = activitySince([claim('ViUid0123456789012345678901'), entry('vi', '2026-05-08T09:00:00.000Z', { added: 2 })], 'me', '', { vi: 'Vi Hopper' });
    expect(a.lines.map(activitySentence)).toEqual(['Vi Hopper joined the tree and added 2 people']);
  });
});
