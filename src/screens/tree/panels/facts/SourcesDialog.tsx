import { sourceLabel, sourceUses } from '../../../../domain/facts/citations.ts';
import { sourcesOf } from '../../../../domain/facts/factsResult.ts';
import { cardName } from '../../../../domain/labels.ts';
import { sanitiseNote } from '../../../../domain/notes/sanitise.ts';
import { DialogShell } from '../../dialogs/DialogShell.tsx';
import { useTree } from '../../treeContext.ts';
import { useSessionVersion } from '../../useSessionVersion.ts';
import './facts.css';

export const SOURCES_TEXTS = {
  command: 'Sources…',
  title: 'Sources',
  description: 'The sources of this tree and the facts each one supports.',
  none: 'No sources yet. Add one with Add citation when adding or editing an event.',
  supports: (n: number) => (n === 1 ? 'Supports 1 fact' : `Supports ${n} facts`),
  unused: 'Cited nowhere yet',
  repository: (name: string) => `Kept at ${name}`,
  close: 'Close',
} as const;

/**
 * The tree's sources (from the tree's menu): each with its author, repository, link and note,
 * and what it supports (whose fact, which fact, where in the source). The note is shown as the
 * safe HTML subset, sanitised again here whatever was stored.
 */
export function SourcesDialog({ onClose }: { onClose(): void }) {
  const tree = useTree();
  useSessionVersion(tree.session);
  const graph = tree.session.graph;
  const sources = Object.values(sourcesOf(graph)).sort((a, b) => a.title.localeCompare(b.title));
  const uses = sourceUses(graph);
  const nameOf = (id: string) => (Object.hasOwn(graph.profiles, id) ? cardName(graph.profiles[id]!) : '');
  return (
    <DialogShell title={SOURCES_TEXTS.title} description={SOURCES_TEXTS.description} size="lg" onClose={onClose} testId="sources-dialog">
      {sources.length === 0 ? (
        <p className="facts-empty">{SOURCES_TEXTS.none}</p>
      ) : (
        <ul className="facts-list sources-list">
          {sources.map((s) => {
            const used = uses.get(s.id) ?? [];
            return (
              <li key={s.id} className="sources-item" aria-label={s.title}>
                <span className="facts-type">{sourceLabel(s)}</span>
                {(s.publication || s.repository) && <span className="facts-meta">{[s.publication, s.repository && SOURCES_TEXTS.repository(s.repository)].filter(Boolean).join(' · ')}</span>}
                {s.url && (
                  <a className="facts-meta" href={s.url} target="_blank" rel="noopener noreferrer nofollow">
                    {s.url}
                  </a>
                )}
                {s.note && <div className="note-text" dangerouslySetInnerHTML={{ __html: sanitiseNote(s.note) }} />}
                <details className="facts-sources">
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
    </DialogShell>
  );
}
