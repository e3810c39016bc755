import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import type { AvatarUpload } from '../../backend/ports.ts';
import { CROP_ZOOM } from '../../domain/timing.ts';
import { CloseIcon } from '../icons.tsx';
import { avatarFiles, type Picture } from './avatarImages.ts';
import './crop.css';

export const CROP_DIALOG_TITLE = 'Adjust your photo';

interface CropDialogProps {
  /** The chosen image, decoded; null keeps the dialog closed. */
  picture: Picture | null;
  onCancel: () => void;
  onUse: (files: AvatarUpload) => void;
  /** Shown when the crop could not be turned into avatar files. */
  failureMessage: string;
}

/**
 * §2 crop dialog: square crop (react-easy-crop), zoom 1 to 3 in steps of 0.01, Cancel and
 * 'Use photo'. The crop becomes the two avatar files here; nothing is uploaded.
 */
export function CropDialog({ picture, onCancel, onUse, failureMessage }: CropDialogProps) {
  return (
    <Dialog.Root open={picture !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content crop-dialog" aria-describedby="crop-dialog-description">
          {picture && <CropBody key={picture.previewUrl} picture={picture} onCancel={onCancel} onUse={onUse} failureMessage={failureMessage} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CropBody({ picture, onCancel, onUse, failureMessage }: CropDialogProps & { picture: Picture }) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function use() {
    if (!area) return;
    setBusy(true);
    setError(null);
    try {
      onUse(await avatarFiles(picture, area));
    } catch {
      setError(failureMessage);
      setBusy(false);
    }
  }

  return (
    <>
      <Dialog.Close className="icon-btn dialog-close" aria-label="Close">
        <CloseIcon />
      </Dialog.Close>
      <Dialog.Title className="dialog-title">{CROP_DIALOG_TITLE}</Dialog.Title>
      <Dialog.Description id="crop-dialog-description" className="dialog-description">
        Drag to position your face in the square and zoom to fit.
      </Dialog.Description>
      <div className="crop-stage" data-testid="crop-area">
        <Cropper
          image={picture.previewUrl}
          crop={crop}
          zoom={zoom}
          aspect={1}
          minZoom={CROP_ZOOM.min}
          maxZoom={CROP_ZOOM.max}
          cropShape="rect"
          showGrid
          objectFit="contain"
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <div className="crop-zoom">
        <span aria-hidden="true" className="crop-zoom-icon crop-zoom-icon-small" />
        <input
          type="range"
          className="crop-zoom-range"
          aria-label="Zoom"
          min={CROP_ZOOM.min}
          max={CROP_ZOOM.max}
          step={CROP_ZOOM.step}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
        />
        <span aria-hidden="true" className="crop-zoom-icon" />
      </div>
      {error && (
        <p className="field-error crop-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={use} disabled={!area || busy}>
          {busy ? 'Preparing…' : 'Use photo'}
        </button>
      </div>
    </>
  );
}
