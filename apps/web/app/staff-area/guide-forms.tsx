import { useId, useState } from 'react';
import { callJson } from '#app/http/api-client';
import type { Answer as UploadAnswer } from '#app/routes/api/staff-photos/route';
import { FormButtons } from './components';
import type { RecordFormProps } from './list-editor';
import { photoUrl } from './presentation';
import { adminStaffTexts as a } from './texts';
import { InputField, PageForm, TextAreaField } from '#app/shared/fields';

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
          <TextAreaField label={a.stepText(i + 1)} value={step.text} onValue={(value) => set(i, { ...step, text: value })} />
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
    <PageForm className="sa-editor" onSubmit={() => onSave(draft)}>
      <InputField label={a.recipeName} id={`${id}-name`} required value={draft.name} onValue={(name) => setDraft({ ...draft, name })} />
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
      <TextAreaField label={a.ingredients} id={`${id}-ingredients`} value={draft.ingredients} onValue={(ingredients) => setDraft({ ...draft, ingredients })} />
      <TextAreaField label={a.recipeNotes} id={`${id}-notes`} value={draft.notes} onValue={(notes) => setDraft({ ...draft, notes })} />
      <PhotoPicker label={a.galleryPhotos} photos={draft.photos} onChange={(photos) => setDraft({ ...draft, photos })} />
      <StepsEditor steps={draft.steps} onChange={(steps) => setDraft({ ...draft, steps })} />
      <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
    </PageForm>
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
    <PageForm className="sa-editor" onSubmit={() => onSave(draft)}>
      <InputField label={a.serveTitleField} id={`${id}-title`} value={draft.title} onValue={(title) => setDraft({ ...draft, title })} />
      <StepsEditor steps={draft.steps} onChange={(steps) => setDraft({ ...draft, steps })} />
      <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
    </PageForm>
  );
}
