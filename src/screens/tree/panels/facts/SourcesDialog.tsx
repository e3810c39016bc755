import { WithEventsLoaded } from '../../events/EventsLoading.tsx';
import { sourceLabel, sourceUses } from '../../../../domain/facts/citations.ts';
import { sourcesOf } from '../../../../domain/facts/factsResult.ts';
import { cardName } from '../../../../domain/labels.ts';
import { useState } from 'react';
import { NoteView } from '../../../../components/evidence/NoteView.tsx';
import { PencilIcon, TrashIcon } from '../../../../components/icons.tsx';
import { SOURCE_OP_MESSAGES } from '../../../../domain/facts/sourceOps.ts';
import { deleteSourceAction, saveSourceAction } from '../../actions/facts.ts';
import { treeRights } from '../../actions/rights.ts';
import { DialogShell } from '../../dialogs/DialogShell.tsx';
import { useTree } from '../../treeContext.ts';
import { useSessionRole, useSessionVersion } from '../../useSessionVersion.ts';
import { SourceForm } from './SourceForm.tsx';
import './facts.css';

export const SOURCES_TEXTS = {
  command: 'Sources…',
  title: 'Sources',
  description: 'The sources of this tree and the facts each one supports.',
  none: 'No sources yet. Add one with Add citation on an event, a name or a couple.',
  supports: (n: number) => (n === 1 ? 'Supports 1 fact' : `Supports ${n} facts`),
  unused: 'Cited nowhere yet',
  repository: (name: string) => `Kept at ${name}`,
  close: 'Close',
  edit: (title: string) => `Edit source ${title}`,
  remove: (title: string) => `Delete source ${title}`,
} as const;

/**
 * The tree's sources (from the tree's menu): each with its author, repository, link and note,
 * and what it supports (whose fact, which fact, where in the source). The note is shown as the
 * safe HTML subset, sanitised again here whatever was stored. Owners and editors edit a source
 * in place, and delete one nothing cites (a cited one says how many facts cite it).
 */
export function SourcesDialog({ onClose }: { onClose(): void }) {
  const tree = useTree();
  useSessionVersion(tree.session);
  const mayEdit = treeRights(useSessionRole(tree.session)).build;
  const [editing, setEditing] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ id: string; message: string } | null>(null);
  const graph = tree.session.graph;
  const sources = Object.values(sourcesOf(graph)).sort((a, b) => a.title.localeCompare(b.title));
  const uses = sourceUses(graph);
  const nameOf = (id: string) => (Object.hasOwn(graph.profiles, id) ? cardName(graph.profiles[id]!) : '');
  return (
    <DialogShell title={SOURCES_TEXTS.title} description={SOURCES_TEXTS.description} size="lg" onClose={onClose} testId="sources-dialog">
      {/* What cites each source counts everyone's events: loaded first. */}
      <WithEventsLoaded>
      {sources.length === 0 ? (
        <p className="facts-empty">{SOURCES_TEXTS.none}</p>
      ) : (
        <ul className="facts-list sources-list">
          {sources.map((s) => {
            const used = uses.get(s.id) ?? [];
            if (editing === s.id)
              return (
                <li key={s.id} className="sources-item" aria-label={s.title}>
                  <SourceForm
                    source={s}
                    onCancel={() => setEditing(null)}
                    onSave={(fields) => {
                      if (saveSourceAction(tree, s.id, fields).ok) setEditing(null);
                    }}
                  />
                </li>
              );
            return (
              <li key={s.id} className="sources-item" aria-label={s.title}>
                <div className="facts-item">
                  <span className="facts-type">{sourceLabel(s)}</span>
                  {mayEdit && (
                    <div className="facts-buttons">
                      <button type="button" className="icon-btn" aria-label={SOURCES_TEXTS.edit(s.title)} title={SOURCES_TEXTS.edit(s.title)} onClick={() => (setEditing(s.id), setRefused(null))}>
                        <PencilIcon size={16} />
                      </button>
                      <button
                        type="button"
                        className="icon-btn btn-danger-text"
                        aria-label={SOURCES_TEXTS.remove(s.title)}
                        title={SOURCES_TEXTS.remove(s.title)}
                        onClick={() => {
                          // A cited source stays: the dialog says why instead of asking the save path.
                          if (used.length) setRefused({ id: s.id, message: SOURCE_OP_MESSAGES.inUse(used.length) });
                          else deleteSourceAction(tree, s.id);
                        }}
                      >
                        <TrashIcon size={16} />
                      </button>
                    </div>
                  )}
                </div>
                {(s.publication || s.repository) && <span className="facts-meta">{[s.publication, s.repository && SOURCES_TEXTS.repository(s.repository)].filter(Boolean).join(' · ')}</span>}
                {s.url && (
                  <a className="facts-meta" href={s.url} target="_blank" rel="noopener noreferrer nofollow">
                    {s.url}
                  </a>
                )}
                <NoteView note={s.note} />
                {refused?.id === s.id && (
                  <p className="field-error" role="alert">
                    {refused.message}
                  </p>
                )}
                <details className="facts-sources" open={refused?.id === s.id || undefined}>
                  <summary>{used.length ? SOURCES_TEXTS.supports(used.length) : SOURCES_TEXTS.unused}</summary>
                  <ul>
                    {used.map((u) => (
                      <li key={`${u.people.join('+')}-${u.citation.id}`}>
                        {u.people.map(nameOf).join(' & ')}: {u.fact}
                        {u.citation.page && ` · ${u.citation.page}`}
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            );
          })}
        </ul>
      )}
      </WithEventsLoaded>
    </DialogShell>
  );
}
