import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CanvasHandle } from '../../../../engine/index.ts';
import { Modal } from '../../../components/Modal.tsx';
import { graphIndex } from '../../../domain/graphDraft.ts';
import { bloodRelationship, findKinship, kinshipSentence, kinshipWord, stepWord, type Kinship } from '../../../domain/kinship/index.ts';
import { cardName } from '../../../domain/labels.ts';
import { PRIVATE_NAME } from '../../../domain/privacy.ts';
import type { Graph, Profile } from '../../../domain/types.ts';
import { homeNodeId } from '../canvas/homeCard.ts';
import { ProfileSearch } from '../dialogs/ProfileSearch.tsx';
import { useTreeGraph } from '../dialogs/useTreeGraph.ts';
import { useTree } from '../treeContext.ts';
import { KINSHIP_UI_TEXTS as T, kinshipUi } from './kinshipUi.ts';
import './kinship.css';

/** The dialog when open (mounted beside the tree's other dialogs, where the canvas is known). */
export function KinshipControl({ canvas }: { canvas: CanvasHandle | null }) {
  const { open, nodeId, firstNodeId } = useSnapshot(kinshipUi);
  if (!open) return null;
  return <KinshipDialog key={`${firstNodeId ?? ''}|${nodeId ?? ''}`} nodeId={nodeId} firstNodeId={firstNodeId} canvas={canvas} onClose={() => (kinshipUi.open = false)} />;
}

/** Anyone on the tree may be asked about (one function, so the search is not redone on every render). */
const anyone = () => true;

function profileOfNode(graph: Graph, nodeId: string | null | undefined): string | null {
  return (nodeId && graphIndex(graph).nodes.get(nodeId)?.data.profileId) || null;
}

/**
 * "How are we related?" (issue 24): two people (by default the member's own person and the card it
 * was opened on; either can be changed through the people search), the relationship in a sentence
 * and every closest line between them person by person, each with its step in words. "Show on
 * tree" selects the line's cards and brings them into view. The graph is the member's own view of
 * the tree, so a person hidden from a viewer is "Private" here too.
 */
export function KinshipDialog({ nodeId, firstNodeId = null, canvas, onClose }: { nodeId: string | null; firstNodeId?: string | null; canvas: CanvasHandle | null; onClose(): void }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const { profiles } = graph;
  const privacy = tree.session.privacy;
  const me = profiles[tree.uid] ? tree.uid : profileOfNode(graph, homeNodeId(graph, tree.uid));
  const [a, setA] = useState<string | null>(() => profileOfNode(graph, firstNodeId) ?? me);
  const [b, setB] = useState<string | null>(() => profileOfNode(graph, nodeId));
  const [picking, setPicking] = useState<'a' | 'b' | null>(() => (a && b ? null : !a ? 'a' : 'b'));
  const name = (id: string) => (privacy[id] ? PRIVATE_NAME : cardName(profiles[id]));
  const nameOf = (id: string) => (id === tree.uid ? `${name(id)} (${T.you})` : name(id));

  const kinship = useMemo<Kinship | null>(() => (a && b && profiles[a] && profiles[b] ? findKinship(profiles, a, b) : null), [profiles, a, b]);
  const lines = kinship && 'lines' in kinship ? kinship.lines : [];
  const spousePath = kinship?.kind === 'spouse' && a && b ? [a, b] : null;
  const also = kinship?.kind === 'blood' ? kinship.also : [];
  const paths = spousePath ? [spousePath] : [...lines, ...also].map((l) => l.path);
  const bGender = b && !privacy[b] ? profiles[b]?.gender : '';
  const pathTitle = (i: number) =>
    i === 0 ? T.path : i < lines.length ? `${T.also} ${lines[i]!.ancestors.map(name).join(' and ')}` : `${T.alsoAs} ${bloodRelationship(also[i - lines.length]!, bGender)}`;

  const showOnTree = () => {
    const engine = canvas?.engine;
    if (!canvas || !engine) return;
    const byProfile = graphIndex(graph).nodesByProfile;
    const ids = [...new Set(paths.flat().flatMap((pid) => [...(byProfile.get(pid) ?? [])].filter((n) => engine.store.nodes.has(n)).slice(0, 1)))];
    engine.select(ids);
    canvas.fitView(ids);
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
            {kinshipSentence(kinship, { aName: name(a), bName: name(b), aIsYou: a === tree.uid, bGender })}
          </p>
          {lines.length > 0 && lines[0]!.up > 0 && lines[0]!.down > 0 && kinship.kind === 'blood' && (
            <p className="kinship-ancestors" data-testid="kinship-ancestors">
              {T.commonAncestors}: {lines.map((l) => l.ancestors.map(name).join(' and ')).join('; ')}
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
