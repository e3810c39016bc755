import { EVENTS_NOT_LOADED } from '../../../src/domain/facts/eventsLoading.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotifyOptions } from '../../../src/components/notify.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { RELATIONSHIP_MESSAGES } from '../../../src/domain/relationships.ts';
import { INVITE_EMAIL_ERROR_TOAST_MS, UNDO_WINDOW_MS } from '../../../src/domain/timing.ts';
import type { Graph } from '../../../src/domain/types.ts';
import type { MemberRole } from '../../../src/domain/roles.ts';
import {
  addRelativeAction,
  createPersonAction,
  deletableNodeIds,
  deleteWithUndo,
  inviteAction,
  inviteEffects,
  inviteMailto,
  INVITE_SUBJECT,
  isUnchanged,
  linkByEmailAction,
  linkParentAction,
  relinkParentAction,
  linkSpousesAction,
  linkToProfileAction,
  savePersonAction,
  setLinkKindsAction,
  toggleCollapse,
  unlinkWithUndo,
  type TreeActionContext,
} from '../../../src/screens/tree/actions/index.ts';
import { commandForKey, runCommand, TREE_COMMANDS, type TreeCommand } from '../../../src/screens/tree/actions/commands.ts';
import { kinshipUi } from '../../../src/screens/tree/kinship/kinshipUi.ts';
import { treeUi } from '../../../src/screens/tree/treeUi.ts';
import { family, NOW, pendingInvitation, UID } from '../../browser/tree/fixtures.ts';

type Toast = { kind: 'success' | 'error' | 'info'; message: string; options?: NotifyOptions };

/** A session stand-in that only keeps the graph, and a notifier that records. */
function ctx(graph: Graph = family(), extra: Partial<TreeActionContext> = {}) {
  const toasts: Toast[] = [];
  const applied: Graph[] = [];
  let n = 0;
  const session = {
    graph,
    apply(r: { graph: Graph }) {
      applied.push(r.graph);
      this.graph = r.graph;
    },
  };
  const c: TreeActionContext = {
    session,
    uid: UID,
    now: () => NOW,
    findFree: (p) => p,
    newProfileId: () => `pr:new${++n}`,
    notify: {
      success: (message, options) => toasts.push({ kind: 'success', message, options }),
      error: (message, options) => toasts.push({ kind: 'error', message, options }),
      info: (message, options) => toasts.push({ kind: 'info', message, options }),
    },
    ...extra,
  };
  return { c, session, toasts, applied };
}

afterEach(() => {
  treeUi.detailsNodeId = null;
  vi.restoreAllMocks();
});

describe('addRelativeAction', () => {
  it.each([
    ['child', undefined, 'Linked successfully'],
    ['parent', 'mother', 'Linked successfully'],
    ['spouse', undefined, 'Spouse linked'],
  ] as const)('%s: commits and toasts %s', (kind, parentRole, message) => {
    const { c, session, toasts } = ctx();
    const r = addRelativeAction(c, { nodeId: 'n1005', kind, parentRole, person: { existingProfileId: 'pr:byron' } });
    expect(r).toMatchObject({ ok: true, nodeId: 'n1006' });
    expect(toasts).toEqual([{ kind: 'success', message, options: undefined }]);
    expect(session.graph.nodes.at(-1)!.data.profileId).toBe('pr:byron');
  });

  // Issue 19, item 17: a person made new toasted 'Linked successfully'.
  it.each(['child', 'spouse'] as const)('a new %s made here toasts Person added', (kind) => {
    const { c, toasts } = ctx();
    const r = addRelativeAction(c, { nodeId: 'n1005', kind, person: { newProfile: { ...emptyProfile('pr:clara'), firstName: 'Clara', lastName: 'King' } } });
    expect(r.ok).toBe(true);
    expect(toasts).toEqual([{ kind: 'success', message: 'Person added', options: undefined }]);
  });

  it('a refusal toasts the domain message and commits nothing', () => {
    const { c, applied, toasts } = ctx();
    expect(addRelativeAction(c, { nodeId: 'n1002', kind: 'parent', person: { existingProfileId: 'pr:byron' } }).ok).toBe(false);
    expect(addRelativeAction(c, { nodeId: 'n1003', kind: 'parent', parentRole: 'father', person: { existingProfileId: 'pr:byron' } }).ok).toBe(false);
    expect(toasts.map((t) => [t.kind, t.message])).toEqual([
      ['error', 'Please choose a Parent type (Mother or Father)'],
      ['error', 'A person can have at most 2 parents'],
    ]);
    expect(applied).toEqual([]);
  });

  it.each([
    ['child', 'Failed to link relative'],
    ['spouse', 'Failed to link spouse'],
  ] as const)('an unexpected failure of a %s toasts %s', (kind, message) => {
    const { c, toasts } = ctx();
    (c.session as { apply: unknown }).apply = () => {
      throw new Error('boom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(addRelativeAction(c, { nodeId: 'n1001', kind, person: { existingProfileId: 'pr:byron' } })).toEqual({ ok: false, message });
    expect(toasts).toEqual([{ kind: 'error', message, options: undefined }]);
  });

  it('linkSpousesAction marries the people of two cards', () => {
    const { c, session, toasts } = ctx();
    expect(linkSpousesAction(c, 'n1002', 'n1005').ok).toBe(true);
    expect(session.graph.profiles['pr:william']!.spouses).toEqual([UID, 'pr:charles']);
    expect(toasts[0]!.message).toBe('Spouse linked');
    expect(linkSpousesAction(c, 'n1002', 'n9999')).toEqual({ ok: false, message: 'Failed to link spouse' });
  });
});

describe('createPersonAction', () => {
  it('makes a new profile created by the member, trimmed and padded', () => {
    const { c, session } = ctx();
    const r = createPersonAction(c, { nodeId: 'n1001', kind: 'child', fields: { firstName: ' Anne ', birthYear: '2020', birthMonth: '4', birthDay: '9' } });
    expect(r).toMatchObject({ ok: true, profileId: 'pr:new1', nodeId: 'n1006' });
    expect(session.graph.profiles['pr:new1']).toMatchObject({ firstName: 'Anne', birthMonth: '04', birthDay: '09', createdBy: UID, createdAt: NOW, updatedBy: UID, ownerUid: '', parents: [UID] });
  });
});

describe('unlinkWithUndo', () => {
  it("spouse: 'Spouse unlinked and cleaned up' with an Undo for 5 s that works once", () => {
    const { c, session, toasts } = ctx();
    const before = session.graph;
    treeUi.detailsNodeId = 'n1005';
    expect(unlinkWithUndo(c, 'n1001', { kind: 'spouse', nodeId: 'n1005' })).toEqual({ ok: true, removedNodeId: 'n1005' });
    expect(treeUi.detailsNodeId).toBeNull();
    const t = toasts[0]!;
    expect(t).toMatchObject({ kind: 'success', message: 'Spouse unlinked and cleaned up', options: { duration: UNDO_WINDOW_MS, action: { label: 'Undo' } } });
    t.options!.action!.onClick();
    t.options!.action!.onClick();
    expect(toasts.slice(1).map((x) => x.message)).toEqual(['Unlink undone']);
    expect(session.graph.nodes).toEqual(before.nodes);
    expect(session.graph.profiles).toEqual(before.profiles);
  });

  it("parent or child: 'Relationship unlinked'", () => {
    const { c, toasts } = ctx();
    unlinkWithUndo(c, 'n1003', { kind: 'parent', nodeId: 'n1002' });
    expect(toasts[0]!.message).toBe('Relationship unlinked');
  });

  it('spouses sharing children: the §8 message; other refusals: Failed to unlink relationship', () => {
    const { c, applied, toasts } = ctx();
    expect(unlinkWithUndo(c, 'n1001', { kind: 'spouse', nodeId: 'n1002' }).ok).toBe(false);
    expect(unlinkWithUndo(c, 'n1001', { kind: 'child', nodeId: 'n1005' }).ok).toBe(false);
    expect(toasts.map((t) => [t.kind, t.message])).toEqual([
      ['error', RELATIONSHIP_MESSAGES.sharedChildren],
      ['error', 'Failed to unlink relationship'],
    ]);
    expect(applied).toEqual([]);
  });
});

describe('deleteWithUndo', () => {
  it('skips the primary person and unknown ids', () => {
    expect(deletableNodeIds(family(), ['n1001', 'n1003', 'n9999', 'n1003'], UID)).toEqual(['n1003']);
  });

  it('deletes several in one edit, one toast with Undo for 5 s restoring all', () => {
    const { c, session, toasts, applied } = ctx();
    const before = session.graph;
    expect(deleteWithUndo(c, ['n1001', 'n1002', 'n1003'])).toEqual({ ok: true, deleted: ['n1002', 'n1003'] });
    expect(applied).toHaveLength(1);
    expect(session.graph.nodes.map((n) => n.id)).toEqual(['n1001', 'n1004', 'n1005']);
    expect(session.graph.profiles[UID]!.spouses).toEqual(['pr:charles']);
    expect(session.graph.profiles[UID]!.children).toEqual([]);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ kind: 'success', message: 'Person deleted', options: { duration: 5000, action: { label: 'Undo' } } });
    toasts[0]!.options!.action!.onClick();
    expect(toasts[1]!.message).toBe('Deletion undone');
    expect(session.graph.nodes).toEqual(before.nodes);
    expect(session.graph.edges).toEqual(before.edges);
    expect(session.graph.profiles).toEqual(before.profiles);
  });

  it('refuses while a deleted person\'s events are not loaded (Undo would re-create them without), nothing committed', () => {
    const { c, session, toasts, applied } = ctx();
    const node = session.graph.nodes.find((n) => n.id === 'n1002')!;
    const p = session.graph.profiles[node.data.profileId]!;
    session.graph = { ...session.graph, profiles: { ...session.graph.profiles, [p.id]: { ...p, eventsNotLoaded: [{ type: 'BURI', placeId: '' }] } } };
    expect(deleteWithUndo(c, ['n1002'])).toMatchObject({ ok: false, message: EVENTS_NOT_LOADED });
    expect(applied).toEqual([]);
    expect(toasts[0]).toMatchObject({ kind: 'error', message: EVENTS_NOT_LOADED });
    expect(session.graph.nodes.some((n) => n.id === 'n1002')).toBe(true);
  });

  it("nothing deletable: 'Failed to delete person', nothing committed", () => {
    const { c, toasts, applied } = ctx();
    expect(deleteWithUndo(c, ['n1001']).ok).toBe(false);
    expect(toasts).toEqual([{ kind: 'error', message: 'Failed to delete person', options: undefined }]);
    expect(applied).toEqual([]);
  });
});

describe('toggleCollapse', () => {
  it('collapses, then expands', () => {
    const { c, session } = ctx();
    expect(toggleCollapse(c, 'n1004')).toBe('collapsed');
    // Descendants and the partners who married in (§4, domain README "Collapse").
    expect(session.graph.nodes.filter((n) => n.hidden).map((n) => n.id).sort()).toEqual(['n1001', 'n1002', 'n1003', 'n1005']);
    expect(session.graph.nodes.find((n) => n.id === 'n1004')!.hidden).toBe(false);
    expect(toggleCollapse(c, 'n1004')).toBe('expanded');
    expect(session.graph.nodes.every((n) => !n.hidden)).toBe(true);
    expect(session.graph.edges.every((e) => !e.hidden)).toBe(true);
  });
});

describe('edit person actions', () => {
  it('save stamps updatedBy/updatedAt; no change is an info notice', () => {
    const { c, session, toasts } = ctx();
    expect(savePersonAction(c, 'n1002', { firstName: 'William', lastName: 'King' })).toEqual({ ok: true, changed: false });
    expect(savePersonAction(c, 'n1002', { bio: 'Earl' })).toEqual({ ok: true, changed: true });
    expect(session.graph.profiles['pr:william']).toMatchObject({ bio: 'Earl', updatedBy: UID, updatedAt: NOW });
    expect(toasts.map((t) => [t.kind, t.message])).toEqual([
      ['info', 'No changes to save'],
      ['success', 'Profile updated'],
    ]);
    expect(savePersonAction(c, 'n9999', { bio: 'x' }).ok).toBe(false);
    expect(toasts.at(-1)!.message).toBe('Failed to save profile');
  });

  it('isUnchanged compares trimmed, padded values', () => {
    const p = family().profiles[UID]!;
    expect(isUnchanged(p, { birthMonth: '3', firstName: ' ada ' })).toBe(true);
    expect(isUnchanged(p, { birthMonth: '4' })).toBe(false);
  });

  it('link by e-mail: case-insensitive exact; nothing found; itself ignored; own profile refused', () => {
    const { c, session, toasts } = ctx();
    expect(linkByEmailAction(c, 'n1005', 'byron@example.com')).toEqual({ ok: false, message: 'No profile found with that email' });
    expect(linkByEmailAction(c, 'n1005', 'CHARLES@example.com')).toEqual({ ok: true, linked: false });
    expect(linkToProfileAction(c, 'n1001', 'pr:byron')).toEqual({ ok: false, message: 'Your own profile cannot be re-linked' });
    expect(linkByEmailAction(c, 'n1005', ' lord.byron@EXAMPLE.com')).toEqual({ ok: true, linked: true });
    expect(session.graph.nodes.find((n) => n.id === 'n1005')!.data.profileId).toBe('pr:byron');
    expect(toasts.map((t) => [t.kind, t.message])).toEqual([
      ['error', 'No profile found with that email'],
      ['error', 'Your own profile cannot be re-linked'],
      ['success', 'Linked to profile George Byron'],
    ]);
  });
});

describe('inviteAction', () => {
  function effects() {
    const opened: string[] = [];
    const copied: string[] = [];
    vi.spyOn(inviteEffects, 'openMail').mockImplementation((h) => void opened.push(h));
    vi.spyOn(inviteEffects, 'copy').mockImplementation(async (t) => void copied.push(t));
    return { opened, copied };
  }
  const createInvitation = vi.fn(async (nodeId: string, email: string, role: MemberRole) => ({
    inviteUrl: 'https://kinfolk.test/invite?token=0123456789abcdef0123456789abcdef',
    invitation: pendingInvitation({ nodeId, email, role }),
    mailed: false,
  }));

  it('empty cancels; invalid toasts for 3000 ms; valid creates, mails, copies, toasts', async () => {
    const { opened, copied } = effects();
    const { c, toasts } = ctx(family(), { createInvitation });
    expect(await inviteAction(c, 'n1005', '  ')).toBe('cancelled');
    expect(await inviteAction(c, 'n1005', 'a@b')).toBe('invalid');
    expect(toasts).toEqual([{ kind: 'error', message: 'Please enter a valid email address', options: { duration: INVITE_EMAIL_ERROR_TOAST_MS } }]);
    expect(createInvitation).not.toHaveBeenCalled();
    expect(await inviteAction(c, 'n1005', ' c@d.org ')).toBe('sent');
    expect(createInvitation).toHaveBeenCalledWith('n1005', 'c@d.org', 'editor');
    expect(copied).toEqual(['https://kinfolk.test/invite?token=0123456789abcdef0123456789abcdef']);
    expect(opened[0]).toBe(inviteMailto('c@d.org', copied[0]!, 'Charles Babbage'));
    expect(toasts.at(-1)).toEqual({ kind: 'success', message: 'Invitation created. We opened your mail app with a prefilled invite.', options: undefined });
  });

  it('the mailto link carries the subject and a body with the link', () => {
    const href = inviteMailto('x@y.z', 'https://k.test/invite?token=abc&x=1', 'Ada Lovelace');
    const q = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(href.startsWith('mailto:x%40y.z?')).toBe(true);
    expect(q.get('subject')).toBe(INVITE_SUBJECT);
    expect(q.get('body')).toContain('https://k.test/invite?token=abc&x=1');
    expect(q.get('body')).toContain('Ada Lovelace');
  });

  it("failure: the error's message, else 'Failed to create invitation'", async () => {
    effects();
    const a = ctx(family(), { createInvitation: async () => Promise.reject(new Error('Invalid email')) });
    expect(await inviteAction(a.c, 'n1005', 'c@d.org')).toBe('failed');
    expect(a.toasts.at(-1)!.message).toBe('Invalid email');
    const b = ctx(family(), { createInvitation: async () => Promise.reject({}) });
    expect(await inviteAction(b.c, 'n1005', 'c@d.org')).toBe('failed');
    expect(b.toasts.at(-1)!.message).toBe('Failed to create invitation');
  });
});

describe('commands shared by card buttons and keys', () => {
  afterEach(() => {
    treeUi.dialog = null;
  });

  it('Backspace and Delete run Delete person on the cards; other keys run nothing', () => {
    expect(commandForKey('Backspace')).toBe('delete');
    expect(commandForKey('Delete')).toBe('delete');
    expect(commandForKey('x')).toBeUndefined();
    runCommand('delete', ['n1002', 'n1003']);
    expect(treeUi.dialog).toEqual({ kind: 'delete', nodeIds: ['n1002', 'n1003'] });
  });

  it('each card button opens its dialog for the card; no card, no dialog', () => {
    runCommand('unlink', []);
    expect(treeUi.dialog).toBeNull();
    for (const [id, kind] of [['invite', 'invite'], ['addRelative', 'addRelative'], ['edit', 'editPerson'], ['unlink', 'unlink'], ['details', 'profileDetails'], ['parentLinks', 'parentLinks']] as const) {
      runCommand(id, ['n1002']);
      expect(treeUi.dialog).toEqual({ kind, nodeId: 'n1002' });
    }
  });

  it('How are we related? (Shift+R, read-only): two cards between them, one against the member, none asks for both', () => {
    expect(commandForKey({ key: 'R', ctrlKey: false, metaKey: false, altKey: false })).toBe('kinship');
    expect(commandForKey({ key: 'R', ctrlKey: true, metaKey: false, altKey: false })).toBeUndefined();
    expect((TREE_COMMANDS.kinship as TreeCommand).readOnly).toBe(true);
    runCommand('kinship', ['n1002', 'n1003']);
    expect(kinshipUi).toMatchObject({ open: true, firstNodeId: 'n1002', nodeId: 'n1003', people: null });
    runCommand('kinship', ['n1004']);
    expect(kinshipUi).toMatchObject({ open: true, firstNodeId: null, nodeId: 'n1004' });
    runCommand('kinship', []);
    expect(kinshipUi).toMatchObject({ open: true, firstNodeId: null, nodeId: null });
    kinshipUi.open = false;
  });
});

describe('commitEdit', () => {
  it('an answer that changes nothing is not committed and says nothing', () => {
    const { c, applied, toasts } = ctx();
    expect(linkToProfileAction(c, 'n1005', 'pr:charles')).toEqual({ ok: true, linked: false });
    expect(applied).toEqual([]);
    expect(toasts).toEqual([]);
  });
});

describe("a person another member has claimed (§6): the actions refuse what the server would", () => {
  // n1004 Anne Milbanke, Ada's mother, is claimed by u2.
  it('no delete, unlink, line, Link existing or re-link of the claimed card; nothing applied', () => {
    const { c, toasts, applied } = ctx();
    expect(deletableNodeIds(family(), ['n1004', 'n1003'], UID)).toEqual(['n1003']);
    expect(deleteWithUndo(c, ['n1004']).ok).toBe(false);
    expect(unlinkWithUndo(c, 'n1001', { kind: 'parent', nodeId: 'n1004' }).ok).toBe(false);
    expect(unlinkWithUndo(c, 'n1004', { kind: 'child', nodeId: 'n1001' }).ok).toBe(false);
    expect(linkParentAction(c, { kind: 'parent', parentNodeId: 'n1004', childNodeId: 'n1003' }).ok).toBe(false);
    expect(relinkParentAction(c, { source: 'n1004', target: 'n1001' }, { kind: 'parent', parentNodeId: 'n1002', childNodeId: 'n1001' }).ok).toBe(false);
    expect(addRelativeAction(c, { nodeId: 'n1004', kind: 'spouse', person: { existingProfileId: 'pr:byron' } }).ok).toBe(false);
    expect(addRelativeAction(c, { nodeId: 'n1003', kind: 'child', person: { existingProfileId: 'pr:anne' } }).ok).toBe(false);
    expect(linkToProfileAction(c, 'n1004', 'pr:byron')).toEqual({ ok: false, message: 'You may not re-link this person' });
    // Issue 20, item 6: nor the kind of their link to a child, nor an existing person as a sibling of their child.
    expect(setLinkKindsAction(c, { childNodeId: 'n1001', kinds: { n1004: 'adopted' } }).ok).toBe(false);
    expect(addRelativeAction(c, { nodeId: 'n1001', kind: 'sibling', person: { existingProfileId: 'pr:byron' } }).ok).toBe(false);
    expect(applied).toEqual([]);
    expect(toasts.every((t) => t.kind === 'error')).toBe(true);
  });

  it("a parent link's kind is saved with Undo, as one edit for both parents", () => {
    const { c, session, toasts } = ctx();
    expect(setLinkKindsAction(c, { childNodeId: 'n1003', kinds: { n1001: 'foster', n1002: 'step' } }).ok).toBe(true);
    expect(session.graph.edges.filter((e) => e.target === 'n1003').map((e) => e.data.pedigree)).toEqual(['foster', 'step']);
    expect(toasts).toEqual([{ kind: 'success', message: 'Parent links saved', options: expect.objectContaining({ duration: UNDO_WINDOW_MS }) }]);
    toasts[0]!.options!.action!.onClick();
    expect(session.graph.edges.filter((e) => e.target === 'n1003').map((e) => e.data.pedigree)).toEqual([undefined, undefined]);
  });

  it('a new person may still be added beside the claimed card', () => {
    const { c, applied } = ctx();
    expect(createPersonAction(c, { nodeId: 'n1004', kind: 'spouse', fields: { firstName: 'Noel' } }).ok).toBe(true);
    expect(applied).toHaveLength(1);
  });
});
