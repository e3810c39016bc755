import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FACT_LIMITS } from '../../domain/facts/limits.ts';
import { SOURCE_OP_MESSAGES } from '../../domain/facts/sourceOps.ts';
import { escapeHtml, noteToPlainText, sanitiseNote } from '../../domain/notes/sanitise.ts';
import './evidence.css';

export const NOTE_EDITOR_TEXTS = {
  toolbar: 'Formatting',
  bold: 'Bold',
  italic: 'Italic',
  link: 'Insert link',
  bullets: 'Bulleted list',
  numbers: 'Numbered list',
  linkAddress: 'Link address',
  linkPlaceholder: 'https://',
  apply: 'Apply',
  cancel: 'Cancel',
  badLink: 'A link must begin with http://, https:// or mailto:',
  tooLong: SOURCE_OP_MESSAGES.noteTooLong,
} as const;

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';

const BUTTONS: { command: Command; label: string; text: string; className?: string }[] = [
  { command: 'bold', label: NOTE_EDITOR_TEXTS.bold, text: 'B', className: 'note-tool-bold' },
  { command: 'italic', label: NOTE_EDITOR_TEXTS.italic, text: 'I', className: 'note-tool-italic' },
  { command: 'insertUnorderedList', label: NOTE_EDITOR_TEXTS.bullets, text: '•' },
  { command: 'insertOrderedList', label: NOTE_EDITOR_TEXTS.numbers, text: '1.' },
];

/**
 * A note with simple formatting (issue "Evidence and memories", item 2): a toolbar (bold, italic,
 * link, bulleted and numbered lists) over a contenteditable area. Chosen over a Markdown textarea
 * because notes are stored as the safe HTML subset and imported HTML notes are edited as they are,
 * with no conversion either way, and without a dependency: the browser's editing commands write
 * the same few tags the sanitiser keeps. What it hands on is always `sanitiseNote`'s output, and a
 * paste goes through the sanitiser before it lands, so nothing else ever enters the note.
 */
export function NoteEditor({ label, value, onChange }: { label: string; value: string; onChange(html: string): void }) {
  const area = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const [pressed, setPressed] = useState<Partial<Record<Command, boolean>>>({});
  const [link, setLink] = useState<{ url: string; error: string; range: Range | null } | null>(null);
  const [tooLong, setTooLong] = useState(false);

  // The area is uncontrolled: its HTML is set once (React would move the caret on every keystroke).
  useEffect(() => {
    // An empty note starts as one paragraph, so the first line typed is a paragraph too.
    if (area.current) area.current.innerHTML = sanitiseNote(value) || '<p><br></p>';
    // Paragraphs, not divs, for Enter: the sanitiser keeps <p> and drops <div>.
    document.execCommand('defaultParagraphSeparator', false, 'p');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const emit = () => {
    const html = area.current ? sanitiseNote(area.current.innerHTML) : '';
    const out = noteToPlainText(html) ? html : '';
    setTooLong(out.length > FACT_LIMITS.note);
    onChange(out);
  };
  const refreshPressed = () => {
    const next: Partial<Record<Command, boolean>> = {};
    for (const b of BUTTONS) next[b.command] = document.queryCommandState(b.command);
    setPressed(next);
  };
  const run = (command: Command) => {
    area.current?.focus();
    document.execCommand(command);
    refreshPressed();
    emit();
  };
  const startLink = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount && area.current?.contains(selection.anchorNode) ? selection.getRangeAt(0).cloneRange() : null;
    setLink({ url: '', error: '', range });
  };
  const applyLink = () => {
    if (!link) return;
    const url = link.url.trim();
    if (!/^(https?:\/\/|mailto:)/i.test(url)) return setLink({ ...link, error: NOTE_EDITOR_TEXTS.badLink });
    area.current?.focus();
    const selection = window.getSelection();
    if (link.range && selection) {
      selection.removeAllRanges();
      selection.addRange(link.range);
    }
    // A link over the chosen words; with none chosen, the address itself as the link's text.
    if (!link.range || link.range.collapsed) document.execCommand('insertHTML', false, `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    else document.execCommand('createLink', false, url);
    setLink(null);
    emit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && (e.key === 'b' || e.key === 'i')) {
      e.preventDefault();
      run(e.key === 'b' ? 'bold' : 'italic');
    }
  };

  return (
    <div className="field note-editor">
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <div className="note-toolbar" role="toolbar" aria-label={NOTE_EDITOR_TEXTS.toolbar}>
        {BUTTONS.map((b) => (
          <button
            key={b.command}
            type="button"
            className={`note-tool ${b.className ?? ''}`}
            aria-label={b.label}
            title={b.label}
            aria-pressed={!!pressed[b.command]}
            // Keeps the selection in the area (a click would move the focus and lose it).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(b.command)}
          >
            {b.text}
          </button>
        ))}
        <button type="button" className="note-tool note-tool-link" aria-label={NOTE_EDITOR_TEXTS.link} title={NOTE_EDITOR_TEXTS.link} onMouseDown={(e) => e.preventDefault()} onClick={startLink}>
          Link
        </button>
      </div>
      {link && (
        <div className="note-link" role="group" aria-label={NOTE_EDITOR_TEXTS.link}>
          <input
            className="field-input"
            type="url"
            autoFocus
            placeholder={NOTE_EDITOR_TEXTS.linkPlaceholder}
            aria-label={NOTE_EDITOR_TEXTS.linkAddress}
            aria-invalid={!!link.error}
            value={link.url}
            onChange={(e) => setLink({ ...link, url: e.target.value, error: '' })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
            }}
          />
          <button type="button" className="btn btn-secondary" onClick={() => setLink(null)}>
            {NOTE_EDITOR_TEXTS.cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={applyLink}>
            {NOTE_EDITOR_TEXTS.apply}
          </button>
          {link.error && (
            <span className="field-error" role="alert">
              {link.error}
            </span>
          )}
        </div>
      )}
      <div
        ref={area}
        className="field-input note-area note-text"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        data-testid="note-editor"
        tabIndex={0}
        onInput={emit}
        onKeyDown={onKeyDown}
        onKeyUp={refreshPressed}
        onMouseUp={refreshPressed}
        onPaste={(e) => {
          // Only the safe subset of what was copied (a web page's styles and scripts stay behind).
          e.preventDefault();
          const html = e.clipboardData.getData('text/html');
          const text = e.clipboardData.getData('text/plain');
          document.execCommand('insertHTML', false, html ? sanitiseNote(html) : escapeHtml(text).replace(/\n/g, '<br>'));
          emit();
        }}
      />
      {tooLong && (
        <span className="field-error" role="alert">
          {NOTE_EDITOR_TEXTS.tooLong}
        </span>
      )}
    </div>
  );
}
