import { useSnapshot } from 'valtio';
import { treeUi, type TreeDialog } from '../treeUi.ts';
import { AddRelativeDialog } from './AddRelativeDialog.tsx';
import { InviteDialog } from './InviteDialog.tsx';
import { CreatePersonDialog, EditPersonDialog } from './PersonDialogs.tsx';
import { ParentLinksDialog } from './ParentLinksDialog.tsx';
import { PlaceDialog, PlacesDialog } from './PlaceDialogs.tsx';
import { ProfileDetailsDialog } from './ProfileDetailsDialog.tsx';
import { DeleteDialog, LinkSpouseDialog, UnlinkDialog } from './RelationshipDialogs.tsx';

/** A key that changes with the dialog, so opening another one starts from fresh state. */
function dialogKey(d: TreeDialog): string {
  switch (d.kind) {
    case 'delete':
      return `delete:${d.nodeIds.join(',')}`;
    case 'linkSpouse':
      return `linkSpouse:${d.nodeId}:${d.otherNodeId}`;
    case 'createPerson':
      return `createPerson:${d.nodeId}:${d.relation}:${d.parentRole ?? ''}:${d.otherParentProfileId ?? ''}:${d.couple ?? ''}`;
    case 'unlink':
      return `unlink:${d.nodeId}:${d.relation?.kind ?? ''}:${d.relation?.nodeId ?? ''}`;
    case 'places':
      return 'places';
    case 'place':
      return `place:${d.placeId}`;
    default:
      return `${d.kind}:${d.nodeId}`;
  }
}

function DialogFor({ dialog }: { dialog: TreeDialog }) {
  switch (dialog.kind) {
    case 'addRelative':
      return <AddRelativeDialog nodeId={dialog.nodeId} />;
    case 'createPerson':
      return <CreatePersonDialog dialog={dialog} />;
    case 'editPerson':
      return <EditPersonDialog nodeId={dialog.nodeId} />;
    case 'linkSpouse':
      return <LinkSpouseDialog nodeId={dialog.nodeId} otherNodeId={dialog.otherNodeId} />;
    case 'unlink':
      return <UnlinkDialog nodeId={dialog.nodeId} relation={dialog.relation} />;
    case 'delete':
      return <DeleteDialog nodeIds={dialog.nodeIds} />;
    case 'invite':
      return <InviteDialog nodeId={dialog.nodeId} />;
    case 'profileDetails':
      return <ProfileDetailsDialog nodeId={dialog.nodeId} />;
    case 'parentLinks':
      return <ParentLinksDialog nodeId={dialog.nodeId} />;
    case 'places':
      return <PlacesDialog />;
    case 'place':
      return <PlaceDialog placeId={dialog.placeId} />;
  }
}

/**
 * Renders whichever tree dialog `treeUi.dialog` names (at most one at a time). Needs the
 * TreeContext; put it once inside the tree screen.
 */
export function TreeDialogs() {
  const { dialog } = useSnapshot(treeUi);
  if (!dialog) return null;
  // A frozen snapshot: the dialogs only read it.
  const plain = dialog as TreeDialog;
  return <DialogFor key={dialogKey(plain)} dialog={plain} />;
}
