import { useEffect, useState } from 'react';
import { useTexts } from '#app/i18n/language';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { cropRound } from './image-crop';
import { localizedReservationTexts } from './texts';

const MAX_ZOOM = 3;

/**
 * The chosen picture with a circle the customer moves (drag, pinch or arrow keys) and sizes
 * (slider or wheel) before it is cut to the 400×400 round PNG; nothing is kept until they accept.
 */
export function RoundCropper({ file, label, onCropped, onCancel }: { file: File; label: string; onCropped: (dataUrl: string) => void; onCancel: () => void }) {
  const t = useTexts(localizedReservationTexts);
  const [url, setUrl] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const accept = async () => {
    setBusy(true);
    try {
      onCropped(await cropRound(file, area ?? undefined));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const hintId = `${label}-crop-hint`;
  return (
    <div className="rsv-cropper" role="group" aria-label={t.cropArea(label)} data-testid="image-cropper">
      <p id={hintId} className="rsv-hint">
        {t.cropHint}
      </p>
      <div className="rsv-cropper-stage">
        {url && (
          <Cropper
            image={url}
            crop={crop}
            zoom={zoom}
            maxZoom={MAX_ZOOM}
            aspect={1}
            cropShape="round"
            showGrid={false}
            keyboardStep={10}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            onMediaLoaded={() => setFailed(false)}
            mediaProps={{ alt: label, onError: () => setFailed(true) }}
            // A focusable area that handles the arrow keys itself: an application region, named and described.
            cropperProps={{ role: 'application', 'aria-label': t.cropArea(label), 'aria-describedby': hintId }}
          />
        )}
      </div>
      {failed && (
        <p className="form-error" role="alert">
          {t.cropFailed}
        </p>
      )}
      <label className="rsv-field">
        {t.cropZoom}
        <input type="range" min={1} max={MAX_ZOOM} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
      </label>
      <div className="rsv-actions">
        <button type="button" className="button" disabled={busy || failed || !area} onClick={() => void accept()}>
          {t.crop}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          {t.cropCancel}
        </button>
      </div>
    </div>
  );
}
