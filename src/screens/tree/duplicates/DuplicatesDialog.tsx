import { WithEventsLoaded } from '../events/EventsLoading.tsx';
import { useEventsLoaded } from '../events/useEventsLoaded.ts';
import { useEffect, useMemo, useState } from 'react';
import { ref, useSnapshot } from 'valtio';
import type { CanvasHandle } from '../../../../engine/index.ts';
import { Modal } from '../../../components/Modal.tsx';
import { birthGedcom, deathGedcom, formatDate } from '../../../domain/dates/index.ts';
import {
  defaultMergeChoices,
  DUPLICATE_REASON_TEXTS,
  MERGE_FIELDS,
  mergeFieldText,
  type DuplicatePair,
  type MergeField,
  type MergeSide,
} from '../../../domain/duplicates/index.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import { cardName, genderLabel } from '../../../domain/labels.ts';
import { canRemoveProfile } from '../../../domain/permissions.ts';
import type { Graph, Profile } from '../../../domain/types.ts';
import { markNotDuplicateWithUndo, mergeWithUndo } from '../actions/merge.ts';
import { treeRights } from '../actions/rights.ts';
import { useTreeGraph } from '../dialogs/useTreeGraph.ts';
import { useTree } from '../treeContext.ts';
import { dropPairs, DUPLICATES_TEXTS as T, duplicatesUi } from './duplicatesUi.ts';
import { findDuplicatesOffThread } from './runDuplicates.ts';
import './duplicates.css';

/** The dialog when open (mounted beside the tree's other dialogs, where the canvas is known). */
export function DuplicatesControl({ canvas }: { canvas: CanvasHandle | null }) {
  const { open } = useSnapshot(duplicatesUi);
  if (!open) return null;
  return <DuplicatesDialog canvas={canvas} onClose={() => (duplicatesUi.open = false)} />;
}

function lifeLine(p: Profile): string {
  // Dates in words, as everywhere else ('12 March 1875', not the stored '12 MAR 1875').
  const born = formatDate(birthGedcom(p));
  const died = formatDate(deathGedcom(p));
  return [born && `b. ${born}`, died && `d. ${died}`].filter(Boolean).join(' · ');
}

/** Whether a card may be the one merged away (not claimed by another, not the owner's own card). */
function mayGo(graph: Graph, profileId: string, uid: string, ownerUid: string): boolean {
  const p = graph.profiles[profileId];
  const node = [...(graphIndex(graph).nodesByProfile.get(profileId) ?? [])][0];
  return !!p && canRemoveProfile(p, uid, ownerUid) && !graphIndex(graph).nodes.get(node ?? '')?.data.isPrimary;
}

/**
 * Duplicates (issue 24, item 5): the likely pairs, the likeliest first, each with why it scored;
 * "Compare" opens the merge view, "Not a duplicate" remembers the pair for the tree. Runs the
 * finder once when opened without pairs (the whole tree; an import brings its own).
 */
export function DuplicatesDialog({ canvas, onClose }: { canvas: CanvasHandle | null; onClose(): void }) {
  const tree = useTree();
  const graph = useTreeGraph();
  useSnapshot(duplicatesUi);
  // Held by ref (not proxied): the same objects the list and the merge compare by identity.
  const { pairs, among } = duplicatesUi;
  const [comparing, setComparing] = useState<DuplicatePair | null>(null);
  const mayEdit = treeRights(tree.session.role).build;
  // Scores compare events, and a merge keeps both people's: everyone's are loaded first.
  const events = useEventsLoaded(tree.session);

  useEffect(() => {
    if (duplicatesUi.pairs || !events.loaded) return;
    // In a worker: the tree keeps drawing and taking input while "Looking…" shows.
    let open = true;
    findDuplicatesOffThread(tree.session.graph, duplicatesUi.among).then(
      (found) => {
        if (open) duplicatesUi.pairs = ref(found);
      },
      (e: unknown) => {
        console.error(e);
        if (open) duplicatesUi.pairs = ref([]);
      },
    );
    return () => {
      open = false;
    };
  }, [tree.session, events.loaded]);

  // A pair whose person has gone meanwhile (merged, deleted, an import undone) is no longer listed.
  const shown = (pairs ?? []).filter((p) => graph.profiles[p.a] && graph.profiles[p.b]);
  const name = (id: string) => cardName(graph.profiles[id]);

  if (comparing && graph.profiles[comparing.a] && graph.profiles[comparing.b]) {
    return (
      <MergeView
        pair={comparing}
        graph={graph}
        among={among}
        onBack={() => setComparing(null)}
        onMerged={(keepNodeId) => {
          dropPairs((p) => p === comparing);
          setComparing(null);
          if (keepNodeId && canvas?.engine.store.nodes.has(keepNodeId)) canvas.engine.select([keepNodeId]);
        }}
      />
    );
  }

  return (
    <Modal title={among ? T.importTitle : T.title} description={T.description} size="xl" onClose={onClose} testId="duplicates-dialog">
      {!events.loaded ? (
        <WithEventsLoaded>{null}</WithEventsLoaded>
      ) : !pairs ? (
        <p className="duplicates-status" role="status">
          {T.looking}
        </p>
      ) : !shown.length ? (
        <p className="duplicates-status" role="status">
          {among ? T.noneImported : T.none}
        </p>
      ) : (
        <ul className="duplicates-list" aria-label={T.title}>
          {shown.map((p) => (
            <li key={`${p.a}|${p.b}`} className="duplicates-pair" data-testid="duplicate-pair">
              <div className="duplicates-people">
                {[p.a, p.b].map((id) => (
                  <div key={id} className="duplicates-person">
                    <strong>{name(id)}</strong>
                    <span className="duplicates-life">{lifeLine(graph.profiles[id]!) || T.empty}</span>
                  </div>
                ))}
              </div>
              <div className="duplicates-why">
                <span className="duplicates-score" title={T.score}>
                  {p.score.toFixed(2).replace(/\.?0+$/, '')}
                </span>
                <ul className="duplicates-reasons" aria-label={T.why}>
                  {p.reasons.map((r) => (
                    <li key={r} className="duplicates-reason">
                      {DUPLICATE_REASON_TEXTS[r]}
                    </li>
                  ))}
                </ul>
              </div>
              {mayEdit && (
                <div className="duplicates-actions">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => {
                      if (markNotDuplicateWithUndo(tree, p.a, p.b).ok) dropPairs((q) => q === p);
                    }}
                  >
                    {T.notDuplicate}
                  </button>
                  <button type="button" className="btn btn-primary" onClick={() => setComparing(p)} aria-label={`${T.compare} ${name(p.a)} and ${name(p.b)}`}>
                    {T.compare}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="tree-dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {T.close}
        </button>
      </div>
    </Modal>
  );
}

/** The value of one field as the merge view shows it. */
function FieldValue({ p, field }: { p: Profile; field: MergeField }) {
  const text = mergeFieldText(p, field);
  if (!text) return <span className="merge-empty">{T.empty}</span>;
  if (field === 'photo') return <img className="merge-photo" src={p.photoURLSmall || p.photoURL} alt="" />;
  if (field === 'gender') return <>{genderLabel(text)}</>;
  if (field === 'birth' || field === 'death') return <>{formatDate(text)}</>;
  return <>{text}</>;
}

/**
 * Side by side, field by field: which card stays, and for each field whose values differ, which
 * value the merged card shows. What is not picked is kept as an alternative (mergePeople).
 */
function MergeView({ pair, graph, among, onBack, onMerged }: { pair: DuplicatePair; graph: Graph; among: ReadonlySet<string> | null; onBack(): void; onMerged(keepNodeId: string | null): void }) {
  const tree = useTree();
  const { uid } = tree;
  const ownerUid = tree.session.ownerUid;
  const canGo = (id: string) => mayGo(graph, id, uid, ownerUid);
  // The tree's own card stays rather than the imported one; a card that cannot go always stays.
  const [keep, setKeep] = useState(() => (!canGo(pair.b) ? pair.b : !canGo(pair.a) ? pair.a : among?.has(pair.a) && !among.has(pair.b) ? pair.b : pair.a));
  const gone = keep === pair.a ? pair.b : pair.a;
  const keepP = graph.profiles[keep]!;
  const goneP = graph.profiles[gone]!;
  const [choices, setChoices] = useState<Partial<Record<MergeField, MergeSide>>>({});
  const picked = { ...defaultMergeChoices(keepP, goneP), ...choices };
  const rows = MERGE_FIELDS.filter((f) => mergeFieldText(keepP, f) || mergeFieldText(goneP, f));
  const kept = useMemo(() => {
    const relatives = new Set([...goneP.parents, ...goneP.children, ...goneP.spouses].filter((r) => ![...keepP.parents, ...keepP.children, ...keepP.spouses].includes(r)));
    return T.alsoKept((goneP.events ?? []).length, (goneP.names ?? []).length, relatives.size);
  }, [keepP, goneP]);
  const sides = [pair.a, pair.b];

  const swap = (id: string) => {
    setKeep(id);
    setChoices({});
  };

  return (
    <Modal title={T.mergeTitle} description={T.mergeDescription} size="xl" onClose={() => (duplicatesUi.open = false)} testId="merge-dialog">
      <table className="merge-table">
        <thead>
          <tr>
            <th scope="col">{T.field}</th>
            {sides.map((id) => (
              <th scope="col" key={id}>
                <label className="merge-keep">
                  <input type="radio" name="merge-keep" checked={keep === id} disabled={keep !== id && !canGo(keep)} onChange={() => swap(id)} />
                  <span>
                    <strong>{cardName(graph.profiles[id])}</strong>
                    <span className="merge-keep-hint">{T.keepCard}</span>
                  </span>
                </label>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => {
            const same = mergeFieldText(keepP, f) === mergeFieldText(goneP, f);
            return (
              <tr key={f} data-testid={`merge-row-${f}`}>
                <th scope="row">{T.fields[f]}</th>
                {sides.map((id) => {
                  const side: MergeSide = id === keep ? 'keep' : 'gone';
                  const p = graph.profiles[id]!;
                  return (
                    <td key={id} className={picked[f] === side ? 'merge-picked' : undefined}>
                      {same ? (
                        <FieldValue p={p} field={f} />
                      ) : (
                        <label className="merge-choice">
                          <input
                            type="radio"
                            name={`merge-${f}`}
                            checked={picked[f] === side}
                            disabled={!mergeFieldText(p, f)}
                            onChange={() => setChoices({ ...choices, [f]: side })}
                          />
                          <FieldValue p={p} field={f} />
                        </label>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="merge-kept">{kept}</p>
      <div className="tree-dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          {T.back}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            const done = mergeWithUndo(tree, keep, gone, picked);
            if (done.ok) onMerged(done.keepNodeId);
          }}
        >
          {T.merge}
        </button>
      </div>
    </Modal>
  );
}
