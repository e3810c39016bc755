import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../../../components/icons.tsx';
import { formatDate } from '../../../../domain/dates/index.ts';
import type { Media } from '../../../../domain/media/types.ts';
import { mediaTitle } from './MediaGrid.tsx';
import { MEDIA_TEXTS } from './mediaTexts.ts';

/** How far a finger must travel sideways to turn the page. */
export const SWIPE_PX = 50;

/**
 * The viewer of a person's photos and documents: the original, large, with its title, date,
 * description and who is in it; ← and → (or a swipe) go to the previous and next, Escape closes.
 * `actions` are the buttons of those who may change it.
 */
export function MediaViewer({
  items,
  index,
  onIndex,
  onClose,
  peopleNames,
  actions,
}: {
  items: readonly Media[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
  peopleNames: (m: Media) => string[];
  actions?: (m: Media) => ReactNode;
}) {
  const m = items[index];
  const start = useRef<{ x: number; y: number } | null>(null);
  if (!m) return null;
  const go = (step: number) => onIndex((index + step + items.length) % items.length);
  const many = items.length > 1;
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay media-viewer-overlay" />
        <Dialog.Content
          className="dialog-content media-viewer"
          aria-describedby={undefined}
          data-testid="media-viewer"
          onKeyDown={(e) => {
            if (!many || (e.target as HTMLElement).closest('input, textarea')) return;
            if (e.key === 'ArrowLeft') go(-1);
            else if (e.key === 'ArrowRight') go(1);
            else return;
            e.preventDefault();
          }}
          onPointerDown={(e) => {
            start.current = { x: e.clientX, y: e.clientY };
          }}
          onPointerUp={(e) => {
            const from = start.current;
            start.current = null;
            if (!from || !many) return;
            const dx = e.clientX - from.x;
            if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - from.y)) go(dx < 0 ? 1 : -1);
          }}
        >
          <Dialog.Close className="icon-btn dialog-close" aria-label="Close">
            <CloseIcon />
          </Dialog.Close>
          <Dialog.Title className="dialog-title">{mediaTitle(m)}</Dialog.Title>
          <div className="media-viewer-stage">
            {m.kind === 'photo' && m.contentType ? (
              // The original, decoded once by the browser; thumbnails stay in the grid.
              <img src={m.url} alt={mediaTitle(m)} draggable={false} data-testid="media-viewer-image" />
            ) : (
              <a className="btn btn-secondary" href={m.url} target="_blank" rel="noopener noreferrer">
                {MEDIA_TEXTS.openDocument}
              </a>
            )}
          </div>
          <div className="media-viewer-info">
            {m.date && <p className="media-viewer-date">{formatDate(m.date)}</p>}
            {m.description && <p className="media-viewer-description">{m.description}</p>}
            <p className="media-viewer-people">
              {MEDIA_TEXTS.inIt} {peopleNames(m).join(', ')}
            </p>
          </div>
          <div className="media-viewer-bar">
            {many && (
              <button type="button" className="btn btn-secondary" onClick={() => go(-1)} aria-label={MEDIA_TEXTS.previous}>
                ←
              </button>
            )}
            {many && <span className="media-viewer-position">{MEDIA_TEXTS.position(index + 1, items.length)}</span>}
            {many && (
              <button type="button" className="btn btn-secondary" onClick={() => go(1)} aria-label={MEDIA_TEXTS.next}>
                →
              </button>
            )}
            <span className="media-viewer-spacer" />
            {actions?.(m)}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
