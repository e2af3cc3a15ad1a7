import { useId, useState } from 'react';
import { callJson } from '#app/http/api-client';
import type { Answer as UploadAnswer } from '#app/routes/api/staff-photos/route';
import { FormButtons } from './components';
import type { FieldRefusal, RecordForm, RecordFormProps } from './list-editor';
import { photoUrl } from './presentation';
import { adminStaffTexts as a } from './texts';
import { errorOf, InputField, PageForm, TextAreaField, useFieldError } from '#app/shared/fields';

/** The admin's forms for recipes and serve methods: text fields, numbered steps, and photos uploaded one call each. */

export interface StepDraft {
  text: string;
  photos: string[];
}

/** Photos of a recipe or a step: each picked file is uploaded at once (PNG, JPEG or WebP, 2 MB), then shown with a remove button. */
function PhotoPicker(props: { photos: string[]; onChange(photos: string[]): void; label: string; refused?: string | null }) {
  const { photos, onChange, label } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const refused = useFieldError(props.refused);
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
        {...refused.control}
        onChange={(e) => void upload(e.target.files)}
      />
      {refused.words}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The steps, each text and photos showing a refused save's problem at that step (`steps.2.text`);
 * any other about the steps (too many of them) stands under the list, so none goes unsaid.
 */
function StepsEditor({ steps, refusal, onChange }: { steps: StepDraft[]; refusal: FieldRefusal | null | undefined; onChange(steps: StepDraft[]): void }) {
  const atStep = steps.some((_, i) => errorOf(refusal, `steps.${i}.text`) !== null || errorOf(refusal, `steps.${i}.photos`) !== null);
  const whole = useFieldError(atStep ? null : errorOf(refusal, 'steps'));
  const set = (i: number, step: StepDraft) => onChange(steps.map((s, j) => (j === i ? step : s)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  return (
    <fieldset className="sa-editor" aria-describedby={whole.control['aria-describedby']}>
      <legend>{a.stepsTitle}</legend>
      {steps.map((step, i) => (
        <div key={i} className="sa-editor">
          <TextAreaField
            label={a.stepText(i + 1)}
            value={step.text}
            error={errorOf(refusal, `steps.${i}.text`)}
            onValue={(value) => set(i, { ...step, text: value })}
          />
          <PhotoPicker
            label={`${a.stepText(i + 1)} ${a.galleryPhotos}`}
            photos={step.photos}
            refused={errorOf(refusal, `steps.${i}.photos`)}
            onChange={(photos) => set(i, { ...step, photos })}
          />
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
      {whole.words}
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

/** A recipe; a refused save's problem stands beside the field it names (the list editor keeps the others for the notice). */
export const RecipeForm: RecordForm<RecipeDraft> = Object.assign(RecipeFields, {
  fields: ['name', 'cooking_time', 'ingredients', 'notes', 'photos', 'steps'],
});

function RecipeFields({ initial, busy, refusal, onSave, onCancel }: RecordFormProps<RecipeDraft>) {
  const [draft, setDraft] = useState<RecipeDraft>(initial ?? { name: '', cooking_time: null, ingredients: '', notes: '', photos: [], steps: [] });
  const id = useId();
  const at = (field: string) => errorOf(refusal, field);
  return (
    <PageForm className="sa-editor" onSubmit={() => onSave(draft)}>
      <InputField label={a.recipeName} id={`${id}-name`} required value={draft.name} error={at('name')} onValue={(name) => setDraft({ ...draft, name })} />
      <InputField
        label={a.cookingMinutes}
        id={`${id}-time`}
        type="number"
        min={0}
        value={draft.cooking_time ?? ''}
        error={at('cooking_time')}
        onValue={(time) => setDraft({ ...draft, cooking_time: time === '' ? null : Number(time) })}
      />
      <TextAreaField
        label={a.ingredients}
        id={`${id}-ingredients`}
        value={draft.ingredients}
        error={at('ingredients')}
        onValue={(ingredients) => setDraft({ ...draft, ingredients })}
      />
      <TextAreaField label={a.recipeNotes} id={`${id}-notes`} value={draft.notes} error={at('notes')} onValue={(notes) => setDraft({ ...draft, notes })} />
      <PhotoPicker label={a.galleryPhotos} photos={draft.photos} refused={at('photos')} onChange={(photos) => setDraft({ ...draft, photos })} />
      <StepsEditor steps={draft.steps} refusal={refusal} onChange={(steps) => setDraft({ ...draft, steps })} />
      <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
    </PageForm>
  );
}

export interface ServeMethodDraft {
  title: string;
  steps: StepDraft[];
}

/** A serve method, its refused fields shown as the recipe's are. */
export const ServeMethodForm: RecordForm<ServeMethodDraft> = Object.assign(ServeMethodFields, { fields: ['title', 'steps'] });

function ServeMethodFields({ initial, busy, refusal, onSave, onCancel }: RecordFormProps<ServeMethodDraft>) {
  const [draft, setDraft] = useState<ServeMethodDraft>(initial ?? { title: '', steps: [{ text: '', photos: [] }] });
  const id = useId();
  return (
    <PageForm className="sa-editor" onSubmit={() => onSave(draft)}>
      <InputField
        label={a.serveTitleField}
        id={`${id}-title`}
        value={draft.title}
        error={errorOf(refusal, 'title')}
        onValue={(title) => setDraft({ ...draft, title })}
      />
      <StepsEditor steps={draft.steps} refusal={refusal} onChange={(steps) => setDraft({ ...draft, steps })} />
      <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
    </PageForm>
  );
}
