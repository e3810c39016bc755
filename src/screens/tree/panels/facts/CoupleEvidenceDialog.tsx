import { useState, type FormEvent } from 'react';
import { NoteEditor } from '../../../../components/evidence/NoteEditor.tsx';
import { FACT_LIMITS } from '../../../../domain/facts/limits.ts';
import type { CoupleEvidence } from '../../../../domain/facts/sourceOps.ts';
import type { Couple, Source } from '../../../../domain/facts/types.ts';
import { DialogShell } from '../../dialogs/DialogShell.tsx';
import { CitationsField, type CitationsValue } from './CitationsField.tsx';

export const COUPLE_EVIDENCE_TEXTS = {
  title: 'Couple’s sources and note',
  description: (a: string, b: string) => `What supports the union of ${a} and ${b}, and a note on it.`,
  note: 'Note',
  save: 'Save',
  cancel: 'Cancel',
} as const;

/** The note and citations of a couple itself (GEDCOM FAM.NOTE and FAM.SOUR), beside its events'. */
export function CoupleEvidenceDialog({
  names,
  couple,
  sources,
  onSave,
  onClose,
}: {
  names: [string, string];
  couple: Couple;
  sources: Readonly<Record<string, Source>>;
  onSave(evidence: CoupleEvidence): void;
  onClose(): void;
}) {
  const [note, setNote] = useState(couple.note ?? '');
  const [evidence, setEvidence] = useState<CitationsValue>({ citations: couple.citations ?? [], newSources: [] });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.length > FACT_LIMITS.note) return;
    onSave({ note, citations: evidence.citations, newSources: evidence.newSources.filter((s) => evidence.citations.some((c) => c.sourceId === s.id)) });
  };
  return (
    <DialogShell title={COUPLE_EVIDENCE_TEXTS.title} description={COUPLE_EVIDENCE_TEXTS.description(...names)} onClose={onClose} testId="couple-evidence-dialog">
      <form className="form" onSubmit={submit} noValidate aria-label={COUPLE_EVIDENCE_TEXTS.title}>
        <NoteEditor label={COUPLE_EVIDENCE_TEXTS.note} value={note} onChange={setNote} />
        <CitationsField sources={sources} value={evidence} onChange={setEvidence} />
        <div className="tree-dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {COUPLE_EVIDENCE_TEXTS.cancel}
          </button>
          <button type="submit" className="btn btn-primary">
            {COUPLE_EVIDENCE_TEXTS.save}
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
