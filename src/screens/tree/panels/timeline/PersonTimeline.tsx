import { useMemo, useState } from 'react';
import { ChevronDownIcon } from '../../../../components/icons.tsx';
import { TimelineList, TIMELINE_TEXTS } from '../../../../components/timeline/TimelineList.tsx';
import { sourcesOf } from '../../../../domain/facts/factsResult.ts';
import { lifeTimeline, timelinePeople } from '../../../../domain/timeline/timeline.ts';
import { WithEventsLoaded } from '../../events/EventsLoading.tsx';
import type { Graph } from '../../../../domain/types.ts';
import { shownCardOf } from '../../search/treeSearch.ts';
import { revealPerson } from '../../treeUi.ts';
import './personTimeline.css';
import '../../../../components/timeline/timeline.css';
import '../../../../components/evidence/evidence.css';

/** Whether the panel's Timeline is open: kept while the member goes from card to card. */
let openedLast = false;

/**
 * The details panel's Timeline (issue "Evidence and memories", item 4): a disclosure under the
 * person's details that opens to their life in order (`lifeTimeline`), computed only while open.
 * A relative's name flies the canvas to their card when it is shown.
 */
export function PersonTimeline({ graph, profileId }: { graph: Graph; profileId: string }) {
  const [open, setOpen] = useState(openedLast);
  const entries = useMemo(() => (open ? lifeTimeline(graph, profileId) : []), [open, graph, profileId]);
  const family = timelinePeople(graph, profileId);
  const toggle = () => setOpen((o) => (openedLast = !o));
  const onRelative = (id: string) => {
    const nodeId = shownCardOf(graph, id);
    if (nodeId) revealPerson(nodeId);
  };
  const id = `${profileId}-timeline`;
  return (
    <section className="facts-section person-timeline" aria-labelledby={id}>
      <div className="facts-head">
        <h3 id={id}>
          <button type="button" className="timeline-toggle" aria-expanded={open} aria-controls={`${id}-list`} onClick={toggle}>
            {TIMELINE_TEXTS.title}
            <ChevronDownIcon size={16} />
          </button>
        </h3>
      </div>
      <div id={`${id}-list`} hidden={!open}>
        {open && (
          // The person's and their close family's events (`lifeTimeline` reads both), loaded first.
          <WithEventsLoaded ids={family}>
            <TimelineList entries={entries} sources={sourcesOf(graph)} onRelative={onRelative} />
          </WithEventsLoaded>
        )}
      </div>
    </section>
  );
}
