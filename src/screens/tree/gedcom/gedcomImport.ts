import { proxy, ref } from 'valtio';
import { UNDO_WINDOW_MS } from '../../../domain/timing.ts';
import type { Notifier } from '../actions/context.ts';
import type { ImportSummary } from '../../../gedcom/summary.ts';
import { importGedcomFile, undoImport, type ImportDeps, type ImportedGroup, type ImportStage } from './importFlow.ts';
import { GEDCOM_TEXTS } from './texts.ts';
import type { DuplicatePair } from '../../../domain/duplicates/index.ts';
import { peopleWithDuplicates } from '../duplicates/duplicatesUi.ts';
import { findDuplicatesOffThread } from '../duplicates/runDuplicates.ts';

/**
 * The import dialog's state and what moves it (framework-free; the dialog renders `view`):
 * a file chosen or dropped → confirm → running (stage and progress, cancel until the commit; the
 * people are drawn before they are sent and saved) →
 * done (the summary, Undo) or failed (the reason, with the file's line). One import at a time.
 */
export type ImportView =
  | { step: 'confirm'; fileName: string }
  | { step: 'running'; fileName: string; stage: ImportStage; fraction: number; people: number | null }
  | { step: 'failed'; fileName: string; message: string }
  | { step: 'done'; fileName: string; summary: ImportSummary; undoing: number | null; duplicates: ImportDuplicates | null };

/** The imported people who may already be on the tree (issue 24): found once the import is done. */
export interface ImportDuplicates {
  /** How many of the file's people have a likely duplicate. */
  people: number;
  pairs: readonly DuplicatePair[];
  among: ReadonlySet<string>;
}


export interface GedcomImport {
  readonly state: { view: ImportView | null };
  choose(file: File): void;
  start(): Promise<void>;
  cancel(): void;
  undo(): Promise<void>;
  close(): void;
  /** The last import (for the bench and tests). */
  readonly last: ImportedGroup | null;
}

export function createGedcomImport(deps: () => ImportDeps, notify: Notifier): GedcomImport {
  const state = proxy<{ view: ImportView | null }>({ view: null });
  let file: File | null = null;
  let cancel: AbortController | null = null;
  let last: ImportedGroup | null = null;

  /**
   * Right after the summary shows: the imported people against the tree ("37 people in this
   * file may already be in your tree"). A 5,000-person file against 100,000 takes about a second
   * (bench/duplicates.ts), in a worker: the summary and the tree stay live meanwhile.
   */
  const findImportDuplicates = (group: ImportedGroup) => {
    if (state.view?.step !== 'done' || last !== group) return;
    const among = new Set(group.profileIds);
    findDuplicatesOffThread(deps().session.graph, among).then(
      (pairs) => {
        if (state.view?.step === 'done' && last === group) state.view.duplicates = ref({ people: peopleWithDuplicates(pairs, among), pairs, among });
      },
      (e: unknown) => console.error(e),
    );
  };

  const api: GedcomImport = {
    state,
    get last() {
      return last;
    },
    choose(chosen) {
      if (state.view?.step === 'running' || (state.view?.step === 'done' && state.view.undoing !== null)) return;
      file = chosen;
      state.view = { step: 'confirm', fileName: chosen.name };
    },
    async start() {
      if (!file || state.view?.step !== 'confirm') return;
      const fileName = file.name;
      cancel = new AbortController();
      const view = { step: 'running' as const, fileName, stage: 'read' as ImportStage, fraction: 0, people: null as number | null };
      state.view = view;
      const running = state.view as typeof view;
      // Once drawn, the import is on the tree but not yet saved: leaving the page would lose it.
      const guard = (e: BeforeUnloadEvent) => e.preventDefault();
      try {
        last = await importGedcomFile(
          deps(),
          file,
          (p) => {
            if (p.stage === 'draw') globalThis.addEventListener?.('beforeunload', guard);
            running.stage = p.stage;
            running.fraction = p.fraction;
            if (p.people !== undefined) running.people = p.people;
          },
          cancel.signal,
        );
        state.view = { step: 'done', fileName, summary: ref(last.summary), undoing: null, duplicates: null };
        findImportDuplicates(last);
      } catch (e) {
        if (cancel.signal.aborted) {
          state.view = null;
          notify.info(GEDCOM_TEXTS.cancelled);
        } else {
          console.error(e);
          state.view = { step: 'failed', fileName, message: e instanceof Error ? e.message : String(e) };
        }
      } finally {
        globalThis.removeEventListener?.('beforeunload', guard);
        cancel = null;
        file = null;
      }
    },
    cancel() {
      // Once the commit is asked for, the import completes (the server applies it whole or not at all).
      if (state.view?.step === 'running' && state.view.stage !== 'commit') cancel?.abort(new Error(GEDCOM_TEXTS.cancelled));
      else if (state.view?.step !== 'running') state.view = null;
    },
    async undo() {
      const view = state.view;
      const group = last;
      if (!group || (view?.step === 'done' && view.undoing !== null) || view?.step === 'running') return;
      if (view?.step === 'done') view.undoing = 0;
      try {
        await undoImport(deps(), group, (f) => {
          if (state.view?.step === 'done') state.view.undoing = f;
        });
        if (last === group) last = null;
        if (state.view?.step === 'done') state.view = null;
        notify.success(GEDCOM_TEXTS.undone);
      } catch (e) {
        console.error(e);
        if (state.view?.step === 'done') state.view.undoing = null;
        notify.error(GEDCOM_TEXTS.undoFailed, { description: e instanceof Error ? e.message : undefined });
      }
    },
    close() {
      const view = state.view;
      if (view?.step === 'running' || (view?.step === 'done' && view.undoing !== null)) return;
      state.view = null;
      // The summary closed: Undo stays offered for the §9 undo window.
      if (view?.step === 'done' && last) {
        notify.success(GEDCOM_TEXTS.added(view.summary.people, view.summary.families), { duration: UNDO_WINDOW_MS, action: { label: GEDCOM_TEXTS.undo, onClick: () => void api.undo() } });
      }
    },
  };
  return api;
}
