import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import type { CanvasHandle } from '../../../../engine/index.ts';
import { Modal } from '../../../components/Modal.tsx';
import { bloodRelationship, findKinship, kinshipPaths, kinshipSentence, kinshipWord, parentLinkKinds, pathOnTree, stepWord, type Kinship } from '../../../domain/kinship/index.ts';
import { cardName } from '../../../domain/labels.ts';
import { PRIVATE_NAME } from '../../../domain/privacy.ts';
import type { Profile } from '../../../domain/types.ts';
import { ProfileSearch } from '../dialogs/ProfileSearch.tsx';
import { useTreeGraph } from '../dialogs/useTreeGraph.ts';
import { useTree } from '../treeContext.ts';
import { treeUi } from '../treeUi.ts';
import { followEveryone } from './everyone.ts';
import { KINSHIP_UI_TEXTS as T, kinshipUi, reopenKinship } from './kinshipUi.ts';
import { myProfileId, profileOfNode } from './me.ts';
import './kinship.css';

/**
 * The dialog when open, and the bar over the tree while a line is shown on it (mounted beside the
 * tree's other dialogs, where the canvas is known); it also follows the tree for "my relationship
 * to everyone".
 */
export function KinshipControl({ canvas, area }: { canvas: CanvasHandle | null; area: HTMLElement | null }) {
  const tree = useTree();
  const { open, nodeId, firstNodeId, people, shown } = useSnapshot(kinshipUi);
  useEffect(() => followEveryone(tree.session, tree.uid), [tree.session, tree.uid]);
  // The line goes when its bar is cleared, when the dialog opens again, and with the tree.
  useEffect(() => {
    if (!shown) canvas?.engine.highlight([]);
  }, [shown, canvas]);
  useEffect(() => () => void (kinshipUi.shown = null), []);
  return (
    <>
      {open && (
        <KinshipDialog
          key={`${firstNodeId ?? ''}|${nodeId ?? ''}|${people?.a ?? ''}|${people?.b ?? ''}`}
          nodeId={nodeId}
          firstNodeId={firstNodeId}
          people={people}
          canvas={canvas}
          onClose={() => (kinshipUi.open = false)}
        />
      )}
      {shown &&
        !open &&
        area &&
        createPortal(
          <div className="kinship-bar" role="region" aria-label={T.pathBar} data-testid="kinship-bar">
            <p className="kinship-bar-sentence">{shown.sentence}</p>
            <button type="button" className="btn btn-secondary" onClick={() => reopenKinship(shown.a, shown.b)}>
              {T.backToAnswer}
            </button>
            <button type="button" className="btn btn-primary" aria-label={T.clearPathLabel} onClick={() => (kinshipUi.shown = null)}>
              {T.clearPath}
            </button>
          </div>,
          area,
        )}
    </>
  );
}

/** Anyone on the tree may be asked about (one function, so the search is not redone on every render). */
const anyone = () => true;

/**
 * "How are we related?" (issue 24): two people (by default the member's own person and the card it
 * was opened on; either can be changed through the people search), the relationship in a sentence
 * and every closest line between them person by person, each with its step in words. "Show on
 * tree" selects the line's cards and brings them into view. The graph is the member's own view of
 * the tree, so a person hidden from a viewer is "Private" here too.
 */
export function KinshipDialog({
  nodeId,
  firstNodeId = null,
  people = null,
  canvas,
  onClose,
}: {
  nodeId: string | null;
  firstNodeId?: string | null;
  people?: { a: string; b: string } | null;
  canvas: CanvasHandle | null;
  onClose(): void;
}) {
  const tree = useTree();
  const graph = useTreeGraph();
  const { profiles } = graph;
  const privacy = tree.session.privacy;
  const me = myProfileId(graph, tree.uid);
  const [a, setA] = useState<string | null>(() => people?.a ?? profileOfNode(graph, firstNodeId) ?? me);
  const [b, setB] = useState<string | null>(() => people?.b ?? profileOfNode(graph, nodeId));
  const [picking, setPicking] = useState<'a' | 'b' | null>(() => (a && b ? null : !a ? 'a' : 'b'));
  const name = (id: string) => (privacy[id] ? PRIVATE_NAME : cardName(profiles[id]));
  const nameOf = (id: string) => (id === tree.uid ? `${name(id)} (${T.you})` : name(id));

  // The graph is the index's key: an edit changes the profiles record in place (claimGraph).
  const kinship = useMemo<Kinship | null>(
    () => (a && b && profiles[a] && profiles[b] ? findKinship(profiles, a, b, { indexKey: graph, links: parentLinkKinds(graph) }) : null),
    [graph, profiles, a, b],
  );
  const lines = kinship && 'lines' in kinship ? kinship.lines : [];
  const also = kinship?.kind === 'blood' ? kinship.also : [];
  const paths = kinship && a && b ? kinshipPaths(kinship, a, b) : [];
  const bGender = b && !privacy[b] ? profiles[b]?.gender : '';
  const sentence = kinship && a && b ? kinshipSentence(kinship, { aName: name(a), bName: name(b), aIsYou: a === tree.uid, bGender }) : '';
  const pathTitle = (i: number) =>
    i === 0
      ? T.path
      : i < lines.length
        ? `${T.also} ${lines[i]!.ancestors.map(name).join(' and ')}`
        : i < lines.length + also.length
          ? `${T.alsoAs} ${bloodRelationship(also[i - lines.length]!, bGender)}`
          : `${T.alsoAs} ${kinshipWord({ kind: 'spouse' }, bGender)}`;

  // Opening the dialog takes the line off the tree; Show on tree puts this one there.
  useEffect(() => void (kinshipUi.shown = null), []);
  const showOnTree = () => {
    if (!canvas || !a || !b) return;
    const { nodes, edges } = pathOnTree(graph, paths);
    // The line alone on the tree, over the whole canvas: no selection, no details panel over it.
    canvas.engine.deselectAll();
    treeUi.detailsNodeId = null;
    canvas.engine.highlight(nodes, edges);
    kinshipUi.shown = { sentence, a, b };
    canvas.fitView(nodes.filter((id) => canvas.engine.store.nodes.has(id)));
    onClose();
  };

  const picker = (which: 'a' | 'b') => {
    const chosen = which === 'a' ? a : b;
    const label = which === 'a' ? T.first : T.second;
    return (
      <div className="kinship-person" data-testid={`kinship-${which}`}>
        <span className="field-label">{label}</span>
        {picking === which ? (
          <ProfileSearch
            label={which === 'a' ? T.searchFirst : T.searchSecond}
            autoFocus
            accept={anyone}
            onChoose={(p: Profile) => {
              (which === 'a' ? setA : setB)(p.id);
              setPicking(null);
            }}
          />
        ) : (
          <p className="kinship-chosen">
            <strong>{chosen ? nameOf(chosen) : T.choose}</strong>
            <button type="button" className="btn btn-secondary" onClick={() => setPicking(which)} aria-label={`${T.change} ${label.toLowerCase()}`}>
              {T.change}
            </button>
          </p>
        )}
      </div>
    );
  };

  return (
    <Modal title={T.title} description={T.description} size="lg" onClose={onClose} testId="kinship-dialog">
      <div className="kinship-people">
        {picker('a')}
        {picker('b')}
      </div>
      {kinship && a && b && (
        <section className="kinship-answer" aria-live="polite">
          <p className="kinship-sentence" data-testid="kinship-sentence">
            {sentence}
          </p>
          {kinship.kind === 'blood' && lines.some((l) => l.up > 0 && l.down > 0) && (
            <p className="kinship-ancestors" data-testid="kinship-ancestors">
              {T.commonAncestors}: {lines.filter((l) => l.up > 0 && l.down > 0).map((l) => l.ancestors.map(name).join(' and ')).join('; ')}
            </p>
          )}
          {paths.map((path, i) => (
            <div key={path.join()} className="kinship-path">
              <h3 className="kinship-path-title">{pathTitle(i)}</h3>
              <ol data-testid="kinship-path">
                {path.map((pid, k) => {
                  const prev = k > 0 ? path[k - 1]! : null;
                  const word = prev ? stepWord(profiles[prev]!, { id: pid, gender: privacy[pid] ? '' : profiles[pid]!.gender }) : '';
                  return (
                    <li key={pid}>
                      <span className="kinship-name">{nameOf(pid)}</span>
                      {prev && word && <span className="kinship-step">{`${name(prev)}'s ${word}`}</span>}
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
          {/* The word alone, for tests and screen readers that skip the sentence. */}
          <span hidden data-testid="kinship-word">
            {kinshipWord(kinship, bGender)}
          </span>
        </section>
      )}
      <div className="tree-dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {T.close}
        </button>
        <button type="button" className="btn btn-primary" disabled={!paths.length || !canvas} onClick={showOnTree}>
          {T.showOnTree}
        </button>
      </div>
    </Modal>
  );
}

export { KINSHIP_UI_TEXTS, openKinship } from './kinshipUi.ts';
