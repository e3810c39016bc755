import { useState } from 'react';
import { backend } from '../../../../backend/index.ts';
import { CropDialog } from '../../../../components/crop/CropDialog.tsx';
import { decodePicture, releasePicture, type Picture } from '../../../../components/crop/avatarImages.ts';
import { notify } from '../../../../components/notify.ts';
import { PlusIcon } from '../../../../components/icons.tsx';
import { cardName } from '../../../../domain/labels.ts';
import { mediaOf } from '../../../../domain/media/model.ts';
import type { Media } from '../../../../domain/media/types.ts';
import type { Graph, Profile } from '../../../../domain/types.ts';
import { treeRights } from '../../actions/rights.ts';
import { useTree } from '../../treeContext.ts';
import { useSessionRole } from '../../useSessionVersion.ts';
import { AddMediaDialog, type PersonChoice } from './AddMediaDialog.tsx';
import { MediaGrid } from './MediaGrid.tsx';
import { MediaViewer } from './MediaViewer.tsx';
import { cardPhotoAction, deleteMediaAction, mayChangeCardPhoto, uploadMediaAction } from './mediaActions.ts';
import { MEDIA_TEXTS } from './mediaTexts.ts';

/** A person's shown photos and documents: a record a viewer may not see arrives without its files. */
export function shownMediaOf(graph: Pick<Graph, 'media'>, profileId: string): Media[] {
  return mediaOf(graph.media, profileId).filter((m) => m.url);
}

/** The person, then their spouses, parents and children: who a photo of them may also show. */
function choicesFor(graph: Graph, p: Profile): PersonChoice[] {
  const ids = [p.id, ...p.spouses, ...p.parents, ...p.children];
  return [...new Set(ids)].flatMap((id) => (graph.profiles[id] ? [{ id, name: cardName(graph.profiles[id]!) }] : []));
}

/**
 * The details panel's photos and documents (issue 23): a grid opening the viewer, and for the
 * tree's owners and editors an upload (with the crop dialog when it becomes the card's photo),
 * a delete and "Use as the card's photo" in the viewer.
 */
export function PersonPhotos({ graph, profile }: { graph: Graph; profile: Profile }) {
  const tree = useTree();
  const role = useSessionRole(tree.session);
  const rights = treeRights(role);
  const items = shownMediaOf(graph, profile.id);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [crop, setCrop] = useState<Picture | null>(null);
  const mayCard = rights.build && mayChangeCardPhoto(profile, tree.uid, role);
  const ctx = { ...tree, graphId: tree.session.graphId, store: backend.media, avatars: backend.avatars };
  const headingId = `${profile.id}-media`;

  async function startCrop(source: Blob) {
    try {
      setCrop(await decodePicture(source));
    } catch {
      notify.error(MEDIA_TEXTS.cropFailed);
    }
  }

  function endCrop() {
    if (crop) releasePicture(crop);
    setCrop(null);
  }

  const names = (m: Media) => m.people.map((id) => (graph.profiles[id] ? cardName(graph.profiles[id]!) : '')).filter(Boolean);

  return (
    <section className="facts-section media-section" aria-labelledby={headingId} data-testid="person-media">
      <div className="facts-head">
        <h3 id={headingId}>{items.length ? MEDIA_TEXTS.count(items.length) : MEDIA_TEXTS.section}</h3>
        {rights.build && (
          <button type="button" className="btn btn-ghost facts-add" onClick={() => setAdding(true)}>
            <PlusIcon size={16} />
            {MEDIA_TEXTS.add}
          </button>
        )}
      </div>
      {items.length ? <MediaGrid items={items} onOpen={setOpen} testId="media-grid" /> : <p className="facts-empty">{MEDIA_TEXTS.none}</p>}
      {adding && (
        <AddMediaDialog
          choices={choicesFor(graph, profile)}
          mayUseOnCard={mayCard}
          onClose={() => setAdding(false)}
          onSubmit={async ({ file, fields, useOnCard }) => {
            const failed = await uploadMediaAction(ctx, file, fields);
            if (failed) return failed;
            setAdding(false);
            // The chosen file, decoded once, is what the crop dialog shows.
            if (useOnCard) await startCrop(file);
            return null;
          }}
        />
      )}
      {open !== null && (
        <MediaViewer
          items={items}
          index={Math.min(open, items.length - 1)}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
          peopleNames={names}
          actions={
            rights.build
              ? (m) => (
                  <>
                    {mayCard && m.kind === 'photo' && m.contentType && (
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={async () => {
                          const res = await fetch(m.url, { credentials: 'include' });
                          setOpen(null);
                          if (res.ok) await startCrop(await res.blob());
                          else notify.error(MEDIA_TEXTS.cropFailed);
                        }}
                      >
                        {MEDIA_TEXTS.makeCardPhoto}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-danger"
                      onClick={() => {
                        if (deleteMediaAction(ctx, m.id)) setOpen(null);
                      }}
                    >
                      {MEDIA_TEXTS.delete}
                    </button>
                  </>
                )
              : undefined
          }
        />
      )}
      <CropDialog
        picture={crop}
        failureMessage={MEDIA_TEXTS.cropFailed}
        onCancel={endCrop}
        onUse={async (files) => {
          endCrop();
          const failed = await cardPhotoAction(ctx, profile.id, files);
          if (failed) notify.error(failed);
        }}
      />
    </section>
  );
}
