import { PinIcon } from '../../../components/icons.tsx';
import { openDialog } from '../treeUi.ts';
import { PLACE_DIALOG_TEXTS } from './PlaceDialogs.tsx';

/** The toolbar's way to the tree's places (issue 20, item 3); on a phone, its icon. */
export function PlacesButton() {
  return (
    <button type="button" className="btn btn-secondary tree-tidy tree-places" title={PLACE_DIALOG_TEXTS.listTitle} onClick={() => openDialog({ kind: 'places' })}>
      <PinIcon size={18} />
      <span className="tree-tidy-label">{PLACE_DIALOG_TEXTS.listTitle}</span>
    </button>
  );
}
