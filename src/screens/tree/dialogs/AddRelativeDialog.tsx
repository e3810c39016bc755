import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useMemo, useState } from 'react';
import { isParentEdge } from '../../../domain/graphQueries.ts';
import { canAddParent } from '../../../domain/permissions.ts';
import { parentCards, RELATIONSHIP_MESSAGES, spouseCards, type RelativeKind } from '../../../domain/relationships.ts';
import type { Graph, Profile } from '../../../domain/types.ts';
import { addRelativeAction } from '../actions/relatives.ts';
import { useTree } from '../treeContext.ts';
import { closeDialog, openDialog } from '../treeUi.ts';
import { ChoiceGroup } from '../../../components/ChoiceGroup.tsx';
import { DialogShell } from './DialogShell.tsx';
import { ProfileSearch } from './ProfileSearch.tsx';
import { mayLinkProfile, rightsOf } from '../actions/rights.ts';
import { personOf, useTreeGraph } from './useTreeGraph.ts';

export const ADD_RELATIVE_TEXTS = {
  title: 'Add Relative',
  description: (name: string) => `Add a child, a parent, a spouse or a sibling of ${name}.`,
  relationship: 'Relationship',
  parentType: 'Parent type',
  addNew: 'Add new',
  linkExisting: 'Link existing',
  create: 'Create',
  addNewHint: (name: string, relation: string) => `Create a new person as ${name}'s ${relation}. You can fill in their details next.`,
  linkHint: (name: string, relation: string) => `Choose someone already in your family's profiles to link as ${name}'s ${relation}.`,
  parentsFull: (name: string) => `${name} already has 2 parents. ${RELATIONSHIP_MESSAGES.tooManyParents}.`,
  /** Whose child it is besides the person: a spouse, or only the person (not "No other parent", which the 'Parent' choice's name is part of). */
  otherParent: 'Other parent',
  onlyParent: (name: string) => `Only ${name}`,
  couple: 'They are a couple',
  coupleHint: (name: string, role: string) => `${name} and the new ${role} become spouses.`,
  noParents: (name: string) => `${name} has no parents on the tree yet. ${RELATIONSHIP_MESSAGES.siblingNeedsParent}.`,
} as const;

export const RELATION_LABELS = { child: 'Child', parent: 'Parent', spouse: 'Spouse', sibling: 'Sibling' } as const;
export const PARENT_ROLE_LABELS = { mother: 'Mother', father: 'Father' } as const;

/** How many parents the person on a card has (edges or list, whichever knows more). */
export function parentCountOf(graph: Graph, nodeId: string): number {
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!node) return 0;
  const listed = graph.profiles[node.data.profileId]?.parents.length ?? 0;
  const edges = graph.edges.filter((e) => isParentEdge(e) && e.target === nodeId).length;
  return Math.max(listed, edges);
}

/** The 'No other parent' choice (a profile id is never empty). */
const NO_OTHER_PARENT = '';

function relationWord(kind: RelativeKind, role: 'mother' | 'father' | ''): string {
  if (kind === 'parent') return role || 'parent';
  return kind;
}

/**
 * Add Relative (§2, §4): Child, Parent (then Mother or Father), Spouse or Sibling; 'Add new' opens
 * Create Person for that relation, 'Link existing' searches the graph's profiles and links the one
 * chosen. A parent can be added only while the person has fewer than 2; a second parent and the
 * first are a couple unless the member unticks it. A child of someone with a spouse on the tree
 * is the child of the most recent spouse unless the member chooses another or none. A sibling
 * needs a parent on the tree (issue "Facts a genealogist can trust", item 6).
 */
export function AddRelativeDialog({ nodeId }: { nodeId: string }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const person = personOf(graph, nodeId);
  const [kind, setKind] = useState<RelativeKind>('child');
  const [role, setRole] = useState<'mother' | 'father' | ''>('');
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  // The most recent spouse is the current one: the default other parent of a new child.
  const spouses = useMemo(() => spouseCards(graph, nodeId).map((n) => ({ profileId: n.data.profileId, name: personOf(graph, n.id)!.name })), [graph, nodeId]);
  const [otherParent, setOtherParent] = useState<string>(() => spouses.at(-1)?.profileId ?? NO_OTHER_PARENT);
  const [couple, setCouple] = useState(true);
  // Someone another member has claimed cannot be linked by anyone else (§6): not listed.
  const selfId = person?.profile?.id;
  const accept = useCallback((p: Profile) => p.id !== selfId && mayLinkProfile(p, tree.uid), [selfId, tree.uid]);
  if (!person) return null;
  // A claimed card takes new people beside it, never existing ones (§6, `cardRights`).
  const linkable = rightsOf(graph, nodeId, tree.uid).link;

  const parentCount = parentCountOf(graph, nodeId);
  const parentsFull = !canAddParent(parentCount);
  const parents = parentCards(graph, nodeId);
  const needsRole = kind === 'parent' && !role;
  const blocked = (kind === 'parent' && (parentsFull || needsRole)) || (kind === 'sibling' && !parents.length);
  const relation = relationWord(kind, role);
  // The parent already there, whom a second parent makes a couple with.
  const firstParent = kind === 'parent' && parentCount === 1 ? (parents[0] ? personOf(graph, parents[0].id) : null) : null;
  const family = {
    ...(kind === 'parent' && role ? { parentRole: role } : {}),
    ...(kind === 'child' && otherParent !== NO_OTHER_PARENT && spouses.some((s) => s.profileId === otherParent) ? { otherParentProfileId: otherParent } : {}),
    ...(firstParent && !couple ? { couple: false } : {}),
  };

  const create = () => {
    if (blocked) return;
    openDialog({ kind: 'createPerson', nodeId, relation: kind, ...family });
  };

  return (
    <DialogShell
      title={ADD_RELATIVE_TEXTS.title}
      description={ADD_RELATIVE_TEXTS.description(person.name)}
      testId="add-relative-dialog"
      size="lg"
    >
      <div className="form">
        <ChoiceGroup<RelativeKind>
          label={ADD_RELATIVE_TEXTS.relationship}
          value={kind}
          columns={4}
          onChange={setKind}
          choices={[
            { value: 'child', label: RELATION_LABELS.child },
            { value: 'parent', label: RELATION_LABELS.parent, disabled: parentsFull },
            { value: 'spouse', label: RELATION_LABELS.spouse },
            { value: 'sibling', label: RELATION_LABELS.sibling, disabled: !parents.length },
          ]}
        />
        {!parents.length && (
          <p className="field-hint tree-note" role="note">
            {ADD_RELATIVE_TEXTS.noParents(person.name)}
          </p>
        )}
        {kind === 'child' && spouses.length > 0 && (
          <div className="field">
            <ChoiceGroup<string>
              label={ADD_RELATIVE_TEXTS.otherParent}
              value={otherParent}
              columns={Math.min(spouses.length + 1, 3)}
              onChange={setOtherParent}
              choices={[
                ...spouses.map((s) => ({ value: s.profileId, label: s.name })),
                { value: NO_OTHER_PARENT, label: ADD_RELATIVE_TEXTS.onlyParent(person.name) },
              ]}
            />
          </div>
        )}
        {parentsFull && (
          <p className="field-hint tree-note" role="note">
            {ADD_RELATIVE_TEXTS.parentsFull(person.name)}
          </p>
        )}
        {kind === 'parent' && !parentsFull && (
          <div className="field">
            <ChoiceGroup<'mother' | 'father'>
              label={ADD_RELATIVE_TEXTS.parentType}
              value={role}
              columns={2}
              onChange={setRole}
              choices={[
                { value: 'mother', label: PARENT_ROLE_LABELS.mother },
                { value: 'father', label: PARENT_ROLE_LABELS.father },
              ]}
            />
            {needsRole && (
              <span className="field-hint" role="status">
                {RELATIONSHIP_MESSAGES.parentType}
              </span>
            )}
          </div>
        )}
        {firstParent && !parentsFull && (
          <label className="tree-check">
            <input type="checkbox" checked={couple} onChange={(e) => setCouple(e.currentTarget.checked)} aria-describedby="add-relative-couple-hint" />
            <span>
              {ADD_RELATIVE_TEXTS.couple}
              <small className="field-hint" id="add-relative-couple-hint">
                {ADD_RELATIVE_TEXTS.coupleHint(firstParent.name, role || 'parent')}
              </small>
            </span>
          </label>
        )}
        <Tabs.Root value={linkable ? mode : 'new'} onValueChange={(v) => setMode(v as 'new' | 'existing')}>
          <Tabs.List className="tabs-list" aria-label="Add new or link existing">
            <Tabs.Trigger className="tabs-trigger" value="new">
              {ADD_RELATIVE_TEXTS.addNew}
            </Tabs.Trigger>
            {linkable && (
              <Tabs.Trigger className="tabs-trigger" value="existing">
                {ADD_RELATIVE_TEXTS.linkExisting}
              </Tabs.Trigger>
            )}
          </Tabs.List>
          <Tabs.Content value="new">
            <p className="muted tree-dialog-text">{ADD_RELATIVE_TEXTS.addNewHint(person.name, relation)}</p>
            <div className="tree-dialog-footer">
              <button type="button" className="btn btn-secondary" onClick={closeDialog}>
                Cancel
              </button>
              <button type="button" className="btn btn-primary" disabled={blocked} onClick={create}>
                {ADD_RELATIVE_TEXTS.create}
              </button>
            </div>
          </Tabs.Content>
          <Tabs.Content value="existing">
            <p className="muted tree-dialog-text">{ADD_RELATIVE_TEXTS.linkHint(person.name, relation)}</p>
            <ProfileSearch
              accept={accept}
              disabled={blocked}
              onChoose={(p) => {
                if (blocked) return;
                const result = addRelativeAction(tree, { nodeId, kind, ...family, person: { existingProfileId: p.id } });
                if (result.ok) closeDialog();
              }}
            />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </DialogShell>
  );
}
