import { sanitiseNote } from '../../domain/notes/sanitise.ts';
import './evidence.css';

/**
 * A note shown formatted: the stored HTML is sanitised again here (`sanitiseNote`), whatever an
 * older client, an import or the database holds, so only the safe subset reaches the page.
 */
export function NoteView({ note, className = '' }: { note: string | undefined; className?: string }) {
  const html = note ? sanitiseNote(note) : '';
  if (!html) return null;
  return <div className={`note-text ${className}`.trim()} data-testid="note-view" dangerouslySetInnerHTML={{ __html: html }} />;
}
