import { citationLine } from '../../domain/facts/citations.ts';
import { formatDate } from '../../domain/dates/index.ts';
import type { Citation, Source } from '../../domain/facts/types.ts';

export const CITATION_LIST_TEXTS = {
  sources: (n: number) => `Sources (${n})`,
  seen: (date: string) => `Seen ${date}`,
} as const;

/**
 * "Sources (n)" under a fact (an event, a name, a couple, a timeline entry): opens to each
 * citation in one line (the source's title, where in it, the quality in words), the date it was
 * seen, and its words transcribed. Styles: evidence.css, imported by the screens that use it.
 */
export function CitationList({ citations, sources, open }: { citations: readonly Citation[]; sources: Readonly<Record<string, Source>>; open?: boolean }) {
  if (!citations.length) return null;
  return (
    // `open`: a person's own sources show at once (they are what the section is about).
    <details className="facts-sources" data-testid="fact-sources" open={open}>
      <summary>{CITATION_LIST_TEXTS.sources(citations.length)}</summary>
      <ul>
        {citations.map((c) => (
          <li key={c.id}>
            {citationLine(c, sources)}
            {c.date && <span className="citation-seen"> · {CITATION_LIST_TEXTS.seen(formatDate(c.date))}</span>}
            {c.text && <q className="facts-quote">{c.text}</q>}
          </li>
        ))}
      </ul>
    </details>
  );
}
