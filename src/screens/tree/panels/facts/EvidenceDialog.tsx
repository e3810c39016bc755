import { useState, type FormEvent } from 'react';
import { NoteEditor } from '../../../../components/evidence/NoteEditor.tsx';
import { FACT_LIMITS } from '../../../../domain/facts/limits.ts';
import type { CoupleEvidence } from '../../../../domain/facts/sourceOps.ts';
import type { Citation, Source } from '../../../../domain/facts/types.ts';
import { DialogShell } from '../../dialogs/DialogShell.tsx';
import { CitationsField, citedNewSources, type CitationsValue } from './CitationsField.tsx';

export const COUPLE_EVIDENCE_TEXTS = {
  title: 'Couple’s sources and note',
  description: (a: string, b: string) => `What supports the union of ${a} and ${b}, and a note on it.`,
} as const;

export const PERSON_EVIDENCE_TEXTS = {
  title: 'Sources and note',
  description: (name: string) => `What supports the facts of ${name} as a whole, and a note on them (their bio stays as it is).`,
} as const;

export const EVIDENCE_DIALOG_TEXTS = {
  note: 'Note',
  save: 'Save',
  cancel: 'Cancel',
} as const;

/**
 * The note and citations of a couple itself (GEDCOM FAM.NOTE and FAM.SOUR) or of a person as a
 * whole (INDI.NOTE and INDI.SOUR), beside their events'.
 */
export function EvidenceDialog({
  title,
  description,
  testId,
  note: startNote,
  citations,
  sources,
  onSave,
  onClose,
}: {
  title: string;
  description: string;
  testId: string;
  note: string | undefined;
  citations: readonly Citation[] | undefined;
  sources: Readonly<Record<string, Source>>;
  onSave(evidence: CoupleEvidence): void;
  onClose(): void;
}) {
  const [note, setNote] = useState(startNote ?? '');
  const [evidence, setEvidence] = useState<CitationsValue>({ citations: [...(citations ?? [])], newSources: [] });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.length > FACT_LIMITS.note) return;
    onSave({ note, citations: evidence.citations, newSources: citedNewSources(evidence) });
  };
  return (
    <DialogShell title={title} description={description} onClose={onClose} testId={testId}>
      <form className="form" onSubmit={submit} noValidate aria-label={title}>
        <NoteEditor label={EVIDENCE_DIALOG_TEXTS.note} value={note} onChange={setNote} />
        <CitationsField sources={sources} value={evidence} onChange={setEvidence} />
        <div className="tree-dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {EVIDENCE_DIALOG_TEXTS.cancel}
          </button>
          <button type="submit" className="btn btn-primary">
            {EVIDENCE_DIALOG_TEXTS.save}
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
