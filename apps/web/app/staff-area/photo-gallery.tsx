import { useState } from 'react';
import { photoUrl } from './presentation';
import { staffTexts as t } from './texts';

/** A recipe's photos: one large, previous / next, and thumbnails to jump to any of them. */
export function PhotoGallery({ photos, alt }: { photos: readonly string[]; alt: string }) {
  // Another recipe's photos start again at the first (adjusting state during render, not in an effect).
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(photos);
  if (shown !== photos) {
    setShown(photos);
    setIndex(0);
  }
  if (photos.length === 0) return null;
  const current = Math.min(index, photos.length - 1);
  const go = (next: number) => setIndex((next + photos.length) % photos.length);
  return (
    <section className="sa-gallery" aria-label={t.photos}>
      <figure>
        <img src={photoUrl(photos[current]!)} alt={`${alt} ${t.photoOf(current + 1, photos.length)}`} />
        <figcaption>{t.photoOf(current + 1, photos.length)}</figcaption>
      </figure>
      {photos.length > 1 && (
        <div className="sa-gallery-nav">
          <button type="button" className="button secondary" onClick={() => go(current - 1)}>
            {t.previousPhoto}
          </button>
          <button type="button" className="button secondary" onClick={() => go(current + 1)}>
            {t.nextPhoto}
          </button>
        </div>
      )}
      {photos.length > 1 && (
        <ul className="sa-thumbs">
          {photos.map((id, i) => (
            <li key={id}>
              <button type="button" aria-pressed={i === current} aria-label={t.photoOf(i + 1, photos.length)} onClick={() => setIndex(i)}>
                <img src={photoUrl(id)} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A step's photos, small, in a row. */
function StepPhotos({ photos, step }: { photos: readonly string[]; step: number }) {
  if (photos.length === 0) return null;
  return (
    <ul className="sa-step-photos">
      {photos.map((id, i) => (
        <li key={id}>
          <img src={photoUrl(id)} alt={t.stepPhoto(step, i + 1)} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps, each with its text and photos (recipes and serve methods alike), or the empty message. */
export function GuideSteps({ steps }: { steps: readonly { step_number: number; step_text: string; photos: readonly string[] }[] }) {
  if (steps.length === 0) return <p className="empty">{t.noSteps}</p>;
  return (
    <ol className="sa-steps">
      {steps.map((s) => (
        <li key={s.step_number}>
          <p className="sa-pre">{s.step_text}</p>
          <StepPhotos photos={s.photos} step={s.step_number} />
        </li>
      ))}
    </ol>
  );
}
