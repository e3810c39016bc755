import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/Field.tsx';
import type { MemberRole } from '../../../domain/roles.ts';
import { inviteAction } from '../actions/invite.ts';
import { ChoiceGroup } from '../../../components/ChoiceGroup.tsx';
import { useTree } from '../treeContext.ts';
import { closeDialog } from '../treeUi.ts';
import { DialogShell } from './DialogShell.tsx';
import { personOf, useTreeGraph } from './useTreeGraph.ts';

export const INVITE_TEXTS = {
  title: 'Invite',
  description: (name: string) =>
    `Invite ${name} to claim their profile. We'll open your mail app with a prefilled invitation and copy the link for you.`,
  email: 'Email',
  placeholder: 'name@example.com',
  send: 'Send invite',
  sending: 'Creating invitation…',
  role: 'Role',
  editor: 'Editor',
  editorHint: 'Builds the tree with you: adds, links and edits relatives.',
  viewer: 'Viewer',
  viewerHint: 'Sees the tree and edits only their own profile.',
} as const;

const ROLE_CHOICES = [
  { value: 'editor', label: INVITE_TEXTS.editor, hint: INVITE_TEXTS.editorHint },
  { value: 'viewer', label: INVITE_TEXTS.viewer, hint: INVITE_TEXTS.viewerHint },
] as const;

/**
 * The invite prompt (§5, §7): an e-mail address and the role the relative gets in this tree
 * (editor unless chosen otherwise); empty cancels, an invalid address toasts the §5 message for
 * 3 s and stays open, a valid one creates the invitation and opens the mail app.
 */
export function InviteDialog({ nodeId }: { nodeId: string }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const person = personOf(graph, nodeId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('editor');
  const [busy, setBusy] = useState(false);
  if (!person) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await inviteAction(tree, nodeId, email, role);
    setBusy(false);
    if (outcome === 'cancelled' || outcome === 'sent') closeDialog();
  };

  return (
    <DialogShell title={INVITE_TEXTS.title} description={INVITE_TEXTS.description(person.name)} testId="invite-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={INVITE_TEXTS.email}
          type="email"
          autoComplete="off"
          placeholder={INVITE_TEXTS.placeholder}
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <ChoiceGroup<MemberRole> label={INVITE_TEXTS.role} value={role} choices={ROLE_CHOICES} onChange={setRole} />
        <div className="tree-dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={closeDialog}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? INVITE_TEXTS.sending : INVITE_TEXTS.send}
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
