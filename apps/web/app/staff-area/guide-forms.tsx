import { useId, useState } from 'react';
import { callJson } from '#app/http/api-client';
import type { Answer as UploadAnswer } from '#app/routes/api/staff-photos/route';
import { FormButtons } from './components';
import type { RecordFormProps } from './list-editor';
import { photoUrl } from './presentation';
import { adminStaffTexts as a } from './texts';

/** The admin's forms for recipes and serve methods: text fields, numbered steps, and photos uploaded one call each. */

export interface StepDraft {
  text: string;
  photos: string[];
}

/** Photos of a recipe or a step: each picked file is uploaded at once (PNG, JPEG or WebP, 2 MB), then shown with a remove button. */
function PhotoPicker({ photos, onChange, label }: { photos: string[]; onChange(photos: string[]): void; label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  async function upload(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    setError(null);
    const added: string[] = [];
    for (const file of Array.from(files)) {
      const r = await callJson<UploadAnswer>('/api/staff-photos', { upload: file });
      if (r.ok) added.push(r.body.id);
      else setError(r.status === 415 ? a.photoRefused : r.status === 413 ? a.photoTooLarge : (r.body.error ?? a.saveFailed(String(r.status))));
    }
    setBusy(false);
    onChange([...photos, ...added.filter((p) => !photos.includes(p))]);
  }
  return (
    <div className="field">
      <span>{label}</span>
      {photos.length > 0 && (
        <ul className="sa-photo-list">
          {photos.map((p, i) => (
            <li key={p}>
              <img src={photoUrl(p)} alt={`${label} ${i + 1}`} />
              <button
                type="button"
                className="button secondary"
                onClick={() => onChange(photos.filter((x) => x !== p))}
                aria-label={`${label} ${i + 1} ${a.removePhoto}`}
              >
                {a.removePhoto}
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={id} className="button secondary">
        {busy ? a.uploading : a.uploadPhoto}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        multiple
        className="visually-hidden"
        disabled={busy}
        onChange={(e) => void upload(e.target.files)}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function StepsEditor({ steps, onChange }: { steps: StepDraft[]; onChange(steps: StepDraft[]): void }) {
  const set = (i: number, step: StepDraft) => onChange(steps.map((s, j) => (j === i ? step : s)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  return (
    <fieldset className="sa-editor">
      <legend>{a.stepsTitle}</legend>
      {steps.map((step, i) => (
        <div key={i} className="sa-editor">
          <label className="field">
            {a.stepText(i + 1)}
            <textarea value={step.text} onChange={(e) => set(i, { ...step, text: e.target.value })} />
          </label>
          <PhotoPicker label={`${a.stepText(i + 1)} ${a.galleryPhotos}`} photos={step.photos} onChange={(photos) => set(i, { ...step, photos })} />
          <div className="sa-actions">
            <button type="button" className="button secondary" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`${a.stepText(i + 1)} ${a.moveUp}`}>
              ↑
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={i === steps.length - 1}
              onClick={() => move(i, 1)}
              aria-label={`${a.stepText(i + 1)} ${a.moveDown}`}
            >
              ↓
            </button>
            <button type="button" className="button secondary" onClick={() => onChange(steps.filter((_, j) => j !== i))}>
              {a.removeStep}
            </button>
          </div>
        </div>
      ))}
      <button type="button" className="button secondary" onClick={() => onChange([...steps, { text: '', photos: [] }])}>
        {a.addStep}
      </button>
    </fieldset>
  );
}

export interface RecipeDraft {
  name: string;
  cooking_time: number | null;
  ingredients: string;
  notes: string;
  photos: string[];
  steps: StepDraft[];
}

export function RecipeForm({ initial, busy, onSave, onCancel }: RecordFormProps<RecipeDraft>) {
  const [draft, setDraft] = useState<RecipeDraft>(initial ?? { name: '', cooking_time: null, ingredients: '', notes: '', photos: [], steps: [] });
  const id = useId();
  return (
    <form
      className="sa-editor"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      <label className="field" htmlFor={`${id}-name`}>
        {a.recipeName}
        <input id={`${id}-name`} required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
      </label>
      <label className="field" htmlFor={`${id}-time`}>
        {a.cookingMinutes}
        <input
          id={`${id}-time`}
          type="number"
          min={0}
          value={draft.cooking_time ?? ''}
          onChange={(e) => setDraft({ ...draft, cooking_time: e.target.value === '' ? null : Number(e.target.value) })}
        />
      </label>
      <label className="field" htmlFor={`${id}-ingredients`}>
        {a.ingredients}
        <textarea id={`${id}-ingredients`} value={draft.ingredients} onChange={(e) => setDraft({ ...draft, ingredients: e.target.value })} />
      </label>
      <label className="field" htmlFor={`${id}-notes`}>
        {a.recipeNotes}
        <textarea id={`${id}-notes`} value={draft.notes} onChange={(e) => setDraft({ ...draft, notes: e.target.value })} />
      </label>
      <PhotoPicker label={a.galleryPhotos} photos={draft.photos} onChange={(photos) => setDraft({ ...draft, photos })} />
      <StepsEditor steps={draft.steps} onChange={(steps) => setDraft({ ...draft, steps })} />
      <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
    </form>
  );
}

export interface ServeMethodDraft {
  title: string;
  steps: StepDraft[];
}

export function ServeMethodForm({ initial, busy, onSave, onCancel }: RecordFormProps<ServeMethodDraft>) {
  const [draft, setDraft] = useState<ServeMethodDraft>(initial ?? { title: '', steps: [{ text: '', photos: [] }] });
  const id = useId();
  return (
    <form
      className="sa-editor"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      <label className="field" htmlFor={`${id}-title`}>
        {a.serveTitleField}
        <input id={`${id}-title`} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
      </label>
      <StepsEditor steps={draft.steps} onChange={(steps) => setDraft({ ...draft, steps })} />
      <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
    </form>
  );
}
