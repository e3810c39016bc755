import { useMemo, useState } from 'react';
import { RIGHTS_MESSAGES } from '../../../domain/permissions.ts';
import { ChoiceGroup } from '../../../components/ChoiceGroup.tsx';
import { LINK_KIND_LABELS, linkKindChoices, parentLinksOf, type LinkKind } from '../../../domain/pedigree.ts';
import { setLinkKindsAction } from '../actions/relatives.ts';
import { mayLink } from '../actions/rights.ts';
import { LINK_LINE_LOOKS } from '../canvas/parentLines.ts';
import { useTree } from '../treeContext.ts';
import { closeDialog } from '../treeUi.ts';
import { DialogShell } from './DialogShell.tsx';
import { personOf, useTreeGraph } from './useTreeGraph.ts';

export const PARENT_LINKS_TEXTS = {
  title: 'Parent links',
  description: (name: string) => `How ${name} is the child of each parent. Each line to a parent is drawn to match.`,
  noParents: (name: string) => `${name} has no parents on the tree.`,
  choiceLabel: (parent: string) => `Child of ${parent} by`,
  readOnly: RIGHTS_MESSAGES.relatives,
  cancel: 'Cancel',
  save: 'Save',
} as const;

/** A short sample of how a kind of link is drawn on the tree: the choices double as the legend. */
function LineSample({ kind }: { kind: LinkKind }) {
  const look = LINK_LINE_LOOKS[kind];
  return (
    <svg className="link-sample" width="28" height="12" viewBox="0 0 28 12" aria-hidden="true">
      <line
        x1="2"
        y1="6"
        x2="26"
        y2="6"
        stroke={look.color ?? 'currentColor'}
        strokeWidth={(look.style?.width ?? 1.5) * 1.5}
        strokeDasharray={look.style?.dash?.join(' ')}
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * Parent links (issue "Facts a genealogist can trust", item 6): for each parent on the tree, how
 * the person is their child. Save applies the choices as one edit, with Undo in its toast.
 */
export function ParentLinksDialog({ nodeId }: { nodeId: string }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const person = personOf(graph, nodeId);
  const links = useMemo(() => parentLinksOf(graph, nodeId), [graph, nodeId]);
  const [chosen, setChosen] = useState<Record<string, LinkKind>>({});
  if (!person) return null;
  const changed = Object.fromEntries(Object.entries(chosen).filter(([parent, kind]) => links.some((l) => l.parentNodeId === parent && l.kind !== kind)));
  const save = () => {
    if (setLinkKindsAction(tree, { childNodeId: nodeId, kinds: changed }).ok) closeDialog();
  };
  return (
    <DialogShell
      title={PARENT_LINKS_TEXTS.title}
      description={links.length ? PARENT_LINKS_TEXTS.description(person.name) : PARENT_LINKS_TEXTS.noParents(person.name)}
      testId="parent-links-dialog"
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={closeDialog}>
            {PARENT_LINKS_TEXTS.cancel}
          </button>
          {links.length > 0 && (
            <button type="button" className="btn btn-primary" disabled={!Object.keys(changed).length} onClick={save}>
              {PARENT_LINKS_TEXTS.save}
            </button>
          )}
        </>
      }
    >
      <div className="form">
        {links.map((link) => {
          const parent = personOf(graph, link.parentNodeId);
          const editable = mayLink(graph, link.parentNodeId, nodeId, tree.uid);
          const value = chosen[link.parentNodeId] ?? link.kind;
          return (
            <div className="field" key={link.edgeId} data-testid={`parent-link-${link.parentNodeId}`}>
              <ChoiceGroup<LinkKind>
                label={PARENT_LINKS_TEXTS.choiceLabel(parent?.name ?? 'Unnamed')}
                value={value}
                columns={3}
                onChange={(kind) => setChosen((c) => ({ ...c, [link.parentNodeId]: kind }))}
                choices={linkKindChoices(link.kind).map((kind) => ({ value: kind, label: LINK_KIND_LABELS[kind], leading: <LineSample kind={kind} />, disabled: !editable }))}
              />
              {!editable && (
                <span className="field-hint" role="note">
                  {PARENT_LINKS_TEXTS.readOnly}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </DialogShell>
  );
}
