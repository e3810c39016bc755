import type { Media } from '../../../../domain/media/types.ts';
import { MEDIA_TEXTS } from './mediaTexts.ts';
import './media.css';

/** A title to show and to name a button by. */
export const mediaTitle = (m: Pick<Media, 'title' | 'kind'>) => m.title || (m.kind === 'document' ? MEDIA_TEXTS.document : MEDIA_TEXTS.untitled);

/**
 * A person's photos and documents as a grid of square thumbnails (the 170 px one, the 320 px one
 * for high-density screens), each a button that opens the viewer. Thumbnails load lazily and
 * decode off the main thread; their URLs are immutable, so a second look costs nothing.
 */
export function MediaGrid({ items, onOpen, testId }: { items: readonly Media[]; onOpen: (index: number) => void; testId?: string }) {
  return (
    <ul className="media-grid" data-testid={testId}>
      {items.map((m, i) => (
        <li key={m.id}>
          <button type="button" className="media-tile" onClick={() => onOpen(i)} aria-label={MEDIA_TEXTS.open(mediaTitle(m))} data-testid="media-tile">
            {m.thumbSmall ? (
              <img src={m.thumbSmall} srcSet={m.thumb ? `${m.thumbSmall} 1x, ${m.thumb} 2x` : undefined} alt="" loading="lazy" decoding="async" width={170} height={170} />
            ) : (
              <span className="media-tile-doc" aria-hidden="true">
                {m.kind === 'document' ? 'PDF' : '↗'}
              </span>
            )}
            <span className="media-tile-title">{mediaTitle(m)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
