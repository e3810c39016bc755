import { IMPORT_LIMITS } from '../../../domain/changeSetChunks.ts';
import type { ImportStage } from './importFlow.ts';

const MB = 1024 * 1024;
const count = (n: number) => n.toLocaleString('en');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** The GEDCOM import and export texts (ours: the spec has none; docs/PRODUCT.md "GEDCOM import and export"). */
export const GEDCOM_TEXTS = {
  menu: 'GEDCOM',
  menuLabel: 'Import or export GEDCOM',
  importCommand: 'Import GEDCOM…',
  exportCommand: 'Export GEDCOM…',

  confirmTitle: (file: string) => `Import ${file}?`,
  confirmGroup:
    'The people in this file are added to your tree as a new group, beside the people already on it. Nothing already on your tree changes, and one Undo removes the whole import.',
  limit: `An import can bring in at most ${count(IMPORT_LIMITS.people)} people and ${IMPORT_LIMITS.bytes / MB} MB of tree data.`,
  importButton: 'Import',

  progressTitle: (file: string) => `Importing ${file}`,
  stages: {
    read: 'Reading the file…',
    parse: 'Reading the people and families…',
    layout: 'Laying out the tree…',
    draw: 'Drawing the tree…',
    send: 'Sending to the server…',
    commit: 'Saving the import…',
  } satisfies Record<ImportStage, string>,
  savingTitle: (file: string) => `Saving ${file}`,
  savingHint: (people: number) =>
    `The ${plural(people, 'person', 'people')} are on your tree: look around and find anyone while they are saved. Changes you make meanwhile are saved right after. Keep this page open until it finishes.`,
  peopleFound: (n: number) => `${plural(n, 'person', 'people')} found`,
  cancel: 'Cancel',
  cancelled: 'Import cancelled. Nothing was imported.',

  failedTitle: 'This file could not be imported',
  nothingImported: 'Nothing was imported.',

  summaryTitle: 'Import complete',
  added: (people: number, families: number) => `${plural(people, 'person', 'people')} and ${plural(families, 'family', 'families')} were added to your tree.`,
  allRead: 'Everything in the file was read as it is.',
  changedIntro: 'Some things were skipped or changed, and why. Whatever the tree does not show is kept and goes back into an export.',
  more: (n: number) => `… and ${count(n)} more`,
  undo: 'Undo import',
  undoing: 'Undoing…',
  undone: 'Import undone',
  undoFailed: 'Failed to undo the import',
  close: 'Close',

  drop: 'Drop a GEDCOM file to import it',
  oneFile: 'Drop one file at a time.',

  exportTitle: 'Export GEDCOM',
  exportDescription: 'Save your tree as a GEDCOM file to open in another genealogy program. Photos go in as links to this site.',
  scope: 'What to export',
  wholeTree: (n: number) => `The whole tree (${plural(n, 'person', 'people')})`,
  ancestors: (name: string) => `Ancestors of ${name}`,
  descendants: (name: string) => `Descendants of ${name}`,
  selectFirst: 'Select a person on the tree to export their ancestors or descendants.',
  format: 'Format',
  v70: 'GEDCOM 7.0',
  v70Hint: 'The current standard',
  v551: 'GEDCOM 5.5.1',
  v551Hint: 'For programs that do not read 7.0 yet',
  leaveOutLiving: 'Leave out living people',
  leaveOutLivingHint: 'They go into the file as "Private", as viewers of this tree see them. Without it the file holds everyone whole.',
  viewerPrivacy: 'Living people go into the file as "Private", as you see them.',
  exportButton: 'Export',
  exporting: 'Preparing the file…',
  exported: (people: number, file: string) => `Exported ${plural(people, 'person', 'people')} to ${file}`,
  exportFailed: 'Failed to export GEDCOM',
} as const;
