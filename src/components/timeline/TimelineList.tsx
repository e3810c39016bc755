import type { Source } from '../../domain/facts/types.ts';
import type { TimelineEntry } from '../../domain/timeline/timeline.ts';
import { CitationList } from '../evidence/CitationList.tsx';

export const TIMELINE_TEXTS = {
  title: 'Timeline',
  empty: 'Nothing to show yet: add dates and events, and the family’s too.',
  age: (age: string) => `Age ${age}`,
  undated: 'Date unknown',
  showPerson: (name: string) => `Show ${name}`,
} as const;

/**
 * A life in order (`lifeTimeline`): each entry's date, what happened (a relative's name beside
 * their event, a button to their card where `onRelative` is given), the person's age, the place,
 * the description, and what supports it. Shared by the details panel and the profile's tab,
 * which import its styles (timeline.css, evidence.css): it has none of its own, so a bench renders
 * it in Node.
 */
export function TimelineList({
  entries,
  sources,
  onRelative,
  testId = 'timeline',
}: {
  entries: readonly TimelineEntry[];
  sources: Readonly<Record<string, Source>>;
  /** Opens a relative (their card on the canvas); absent where there is no canvas. */
  onRelative?(profileId: string): void;
  testId?: string;
}) {
  if (!entries.length) return <p className="facts-empty">{TIMELINE_TEXTS.empty}</p>;
  return (
    <ol className="timeline" data-testid={testId}>
      {entries.map((e) => (
        <li key={e.key} className={`timeline-entry timeline-${e.relation}`} data-relation={e.relation}>
          <span className="timeline-date">{e.dateLabel || TIMELINE_TEXTS.undated}</span>
          <span className="timeline-dot" aria-hidden="true" />
          <div className="timeline-body">
            <span className="timeline-what">
              <span className="facts-type">{e.label}</span>
              {e.relative && (
                <>
                  {' '}
                  {onRelative ? (
                    <button type="button" className="btn-link timeline-relative" aria-label={TIMELINE_TEXTS.showPerson(e.relative.name)} onClick={() => onRelative(e.relative!.profileId)}>
                      {e.relative.name}
                    </button>
                  ) : (
                    <span className="timeline-relative">{e.relative.name}</span>
                  )}
                </>
              )}
            </span>
            {(e.age || e.place || e.description) && (
              <span className="facts-meta">{[e.age && TIMELINE_TEXTS.age(e.age), e.place, e.description].filter(Boolean).join(' · ')}</span>
            )}
            <CitationList citations={e.citations} sources={sources} />
          </div>
        </li>
      ))}
    </ol>
  );
}
