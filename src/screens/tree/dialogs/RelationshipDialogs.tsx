import { useMemo, useState } from 'react';
import { Avatar } from '../../../components/avatar/Avatar.tsx';
import { relationsOf, RELATIONSHIP_MESSAGES, type Relation } from '../../../domain/relationships.ts';
import { deleteWithUndo } from '../actions/delete.ts';
import { linkSpousesAction } from '../actions/relatives.ts';
import { unlinkWithUndo } from '../actions/unlink.ts';
import { mayLink, rightsOf } from '../actions/rights.ts';
import { useTree } from '../treeContext.ts';
import { closeDialog } from '../treeUi.ts';
import { ChoiceGroup } from '../../../components/ChoiceGroup.tsx';
import { DialogShell } from './DialogShell.tsx';
import { useEventsLoaded } from '../events/useEventsLoaded.ts';
import { EVENTS_LOADING_TEXTS } from '../events/EventsLoading.tsx';
import { personOf, useTreeGraph, type PersonView } from './useTreeGraph.ts';

export const RELATIONSHIP_DIALOG_TEXTS = {
  linkSpouseTitle: 'Link spouse',
  linkSpouseDescription: (a: string, b: string) => `Link ${a} and ${b} as spouses?`,
  linkSpouseButton: 'Link spouses',
  unlinkTitle: 'Unlink person',
  unlinkDescription: (name: string) => `Choose the relationship of ${name} to remove.`,
  unlinkChoice: 'Relationship to remove',
  unlinkButton: 'Unlink',
  noRelations: (name: string) => `${name} has no spouse, parent or child to unlink.`,
  relationLabel: { spouse: 'Spouse', parent: 'Parent', child: 'Child' },
  deleteTitle: 'Delete person',
  deleteDescription: (count: number) =>
    count === 1
      ? 'This permanently deletes the person, their relationships and their profile from the tree. You can undo it for a few seconds afterwards.'
      : 'This permanently deletes these people, their relationships and their profiles from the tree. You can undo it for a few seconds afterwards.',
  deleteOne: (name: string) => `Delete ${name}?`,
  deleteMany: (count: number) => `Delete these ${count} people?`,
  deletePrimary: (name: string) => `${name} is skipped: ${RELATIONSHIP_MESSAGES.primaryNotDeletable.toLowerCase()}.`,
  nothingToDelete: 'There is no one here that can be deleted.',
  deleteButton: 'Delete',
} as const;

function relationText(graph: Parameters<typeof personOf>[0], r: Relation): string {
  return `${RELATIONSHIP_DIALOG_TEXTS.relationLabel[r.kind]}: ${personOf(graph, r.nodeId)?.name ?? 'Unnamed'}`;
}

function PairAvatars({ a, b }: { a: PersonView; b: PersonView }) {
  return (
    <div className="pair-avatars" aria-hidden="true">
      <Avatar src={a.profile?.photoURLSmall || a.profile?.photoURL} gender={a.profile?.gender} seed={a.seed} size={64} />
      <span className="pair-link" />
      <Avatar src={b.profile?.photoURLSmall || b.profile?.photoURL} gender={b.profile?.gender} seed={b.seed} size={64} />
    </div>
  );
}

/** Two cards joined side handle to side handle: confirm, then marry the two people. */
export function LinkSpouseDialog({ nodeId, otherNodeId }: { nodeId: string; otherNodeId: string }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const a = personOf(graph, nodeId);
  const b = personOf(graph, otherNodeId);
  if (!a || !b) return null;
  return (
    <DialogShell
      title={RELATIONSHIP_DIALOG_TEXTS.linkSpouseTitle}
      description={RELATIONSHIP_DIALOG_TEXTS.linkSpouseDescription(a.name, b.name)}
      testId="link-spouse-dialog"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={closeDialog}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            autoFocus
            onClick={() => {
              linkSpousesAction(tree, nodeId, otherNodeId);
              closeDialog();
            }}
          >
            {RELATIONSHIP_DIALOG_TEXTS.linkSpouseButton}
          </button>
        </>
      }
    >
      <PairAvatars a={a} b={b} />
    </DialogShell>
  );
}

const relationKey = (r: Relation) => `${r.kind}:${r.nodeId}`;

/** Unlink person (§4): choose one spouse, parent or child relationship to remove. */
export function UnlinkDialog({ nodeId, relation }: { nodeId: string; relation?: Relation }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const person = personOf(graph, nodeId);
  // Only relationships both people may change (§6): a claimed person's are their own.
  const relations = useMemo(() => relationsOf(graph, nodeId).filter((r) => mayLink(graph, nodeId, r.nodeId, tree.uid)), [graph, nodeId, tree.uid]);
  const [chosen, setChosen] = useState(() => (relation ? relationKey(relation) : relations[0] ? relationKey(relations[0]) : ''));
  if (!person) return null;
  const selected = relations.find((r) => relationKey(r) === chosen);

  return (
    <DialogShell
      title={RELATIONSHIP_DIALOG_TEXTS.unlinkTitle}
      description={relations.length ? RELATIONSHIP_DIALOG_TEXTS.unlinkDescription(person.name) : RELATIONSHIP_DIALOG_TEXTS.noRelations(person.name)}
      testId="unlink-dialog"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={closeDialog}>
            Cancel
          </button>
          {relations.length > 0 && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={!selected}
              onClick={() => {
                if (!selected) return;
                if (unlinkWithUndo(tree, nodeId, selected).ok) closeDialog();
              }}
            >
              {RELATIONSHIP_DIALOG_TEXTS.unlinkButton}
            </button>
          )}
        </>
      }
    >
      {relations.length > 0 && (
        <div className="list-scroll">
          <ChoiceGroup
            label={RELATIONSHIP_DIALOG_TEXTS.unlinkChoice}
            showLabel={false}
            value={chosen}
            onChange={setChosen}
            choices={relations.map((r) => {
              const other = personOf(graph, r.nodeId);
              return {
                value: relationKey(r),
                label: relationText(graph, r),
                leading: other ? <Avatar src={other.profile?.photoURLSmall || other.profile?.photoURL} gender={other.profile?.gender} seed={other.seed} size={32} /> : undefined,
              };
            })}
          />
        </div>
      )}
    </DialogShell>
  );
}

/** Delete person (§4): permanent, for one card or a whole selection; the primary person is skipped. */
export function DeleteDialog({ nodeIds }: { nodeIds: readonly string[] }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const people = nodeIds.map((id) => personOf(graph, id)).filter((p): p is PersonView => !!p);
  const deletable = people.filter((p) => rightsOf(graph, p.node.id, tree.uid).remove);
  const skipped = people.filter((p) => p.node.data.isPrimary);
  const question = deletable.length === 1 ? RELATIONSHIP_DIALOG_TEXTS.deleteOne(deletable[0]!.name) : RELATIONSHIP_DIALOG_TEXTS.deleteMany(deletable.length);
  // A deletion's Undo (and its later Redo) re-creates people from what the session holds, so
  // their events must be at hand first (domain/facts/eventsLoading.ts), not a "not loaded" marker.
  const profileIds = useMemo(() => deletable.map((p) => p.node.data.profileId).filter((id) => id !== ''), [deletable]);
  const events = useEventsLoaded(tree.session, profileIds);

  return (
    <DialogShell
      title={RELATIONSHIP_DIALOG_TEXTS.deleteTitle}
      description={deletable.length ? question : RELATIONSHIP_DIALOG_TEXTS.nothingToDelete}
      testId="delete-dialog"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={closeDialog} autoFocus>
            {deletable.length ? 'Cancel' : 'Close'}
          </button>
          {deletable.length > 0 && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={!events.loaded}
              onClick={() => {
                deleteWithUndo(
                  tree,
                  deletable.map((p) => p.node.id),
                );
                closeDialog();
              }}
            >
              {RELATIONSHIP_DIALOG_TEXTS.deleteButton}
            </button>
          )}
        </>
      }
    >
      {deletable.length > 0 && (
        <>
          {deletable.length > 1 && (
            <ul className="delete-list list-scroll" aria-label="People to delete">
              {deletable.map((p) => (
                <li key={p.node.id}>
                  <Avatar src={p.profile?.photoURLSmall || p.profile?.photoURL} gender={p.profile?.gender} seed={p.seed} size={28} />
                  {p.name}
                </li>
              ))}
            </ul>
          )}
          <p className="form-alert form-alert-error">{RELATIONSHIP_DIALOG_TEXTS.deleteDescription(deletable.length)}</p>
          {!events.loaded && (
            <p className="field-hint" role="status" data-testid="delete-events-loading">
              {events.failed ? EVENTS_LOADING_TEXTS.failed : EVENTS_LOADING_TEXTS.loading}
              {events.failed && (
                <>
                  {' '}
                  <button type="button" className="btn btn-ghost" onClick={events.retry}>
                    {EVENTS_LOADING_TEXTS.retry}
                  </button>
                </>
              )}
            </p>
          )}
        </>
      )}
      {skipped.map((p) => (
        <p key={p.node.id} className="field-hint tree-note" role="note">
          {RELATIONSHIP_DIALOG_TEXTS.deletePrimary(p.name)}
        </p>
      ))}
    </DialogShell>
  );
}
