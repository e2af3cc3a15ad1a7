import {
  useId,
  type ChangeEvent,
  type ChangeEventHandler,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

/**
 * A form that stays on the page: submitting hands over to `onSubmit` (an editor's save, a
 * screen's call) instead of the browser's navigation.
 */
export function PageForm({ onSubmit, ...form }: { onSubmit(form: HTMLFormElement): void } & Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'>) {
  return (
    <form
      {...form}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(e.currentTarget);
      }}
    >
      {form.children}
    </form>
  );
}

/** With `onValue`, a field hands over its text rather than the change event. */
type Valued<A> = { label: ReactNode; onValue?(value: string): void } & A;

function changeOf<E extends HTMLInputElement | HTMLTextAreaElement>(
  onValue: ((value: string) => void) | undefined,
  onChange: ChangeEventHandler<E> | undefined,
) {
  return onValue ? (e: ChangeEvent<E>) => onValue(e.target.value) : onChange;
}

/** The `.field` label around a control: its words, then the control. */
function Labelled({ id, label, control }: { id: string | undefined; label: ReactNode; control: ReactNode }) {
  return (
    <label className="field" htmlFor={id}>
      {label}
      {control}
    </label>
  );
}

/**
 * A refused field's problem, in the owner's words, beside the field: the control says it is wrong
 * (`aria-invalid`) and points at the words (`aria-describedby`), which are read out as they
 * appear. The label and the control keep their place in the tree, so what was typed stays.
 */
export function useFieldError(error: string | null | undefined) {
  const id = useId();
  const shown = typeof error === 'string' && error !== '';
  return {
    control: shown ? { 'aria-invalid': true as const, 'aria-describedby': id } : {},
    words: shown ? (
      <p id={id} className="form-error field-error" role="alert">
        {error}
      </p>
    ) : null,
  };
}

/** The problem of a refused form that belongs to `field` (its key, or a path under it), else none. */
export function errorOf(refusal: { field?: string | null; error?: string | null } | null | undefined, field: string): string | null {
  const at = refusal?.field;
  return at && (at === field || at.startsWith(`${field}.`)) ? (refusal.error ?? null) : null;
}

/** Whether a refused form's problem belongs to one of `fields`: then it stands beside that field, not again under the form. */
export function besideField(refusal: { field?: string | null; error?: string | null } | null | undefined, fields: readonly string[]): boolean {
  return fields.some((field) => errorOf(refusal, field) !== null);
}

/** `Labelled`, with a refused field's problem beside the control (`useFieldError`). */
function LabelledWithProblem(props: {
  id: string | undefined;
  label: ReactNode;
  error: string | null | undefined;
  control(marks: ReturnType<typeof useFieldError>['control']): ReactNode;
}) {
  const problem = useFieldError(props.error);
  return (
    <>
      <Labelled id={props.id} label={props.label} control={props.control(problem.control)} />
      {problem.words}
    </>
  );
}

/**
 * A refused call's problem when it belongs to one of a form's `fields` (a refused body's `message`,
 * a refused record's `error`, with the `field` they name), to be shown beside it; else null.
 */
export function fieldProblemOf(r: { status: number; body: unknown }, fields: readonly string[]): { field: string; error: string } | null {
  const body = (r.body ?? {}) as { error?: string; field?: string; message?: string };
  const error = body.message ?? body.error;
  const problem = body.field && error ? { field: body.field, error } : null;
  return r.status === 400 && besideField(problem, fields) ? problem : null;
}

/** A labelled input (`.field`): the label's words, then the input with the attributes given; with `error`, its problem beside it. */
export function InputField({ label, onValue, error, ...input }: Valued<InputHTMLAttributes<HTMLInputElement>> & { error?: string | null }) {
  return (
    <LabelledWithProblem
      id={input.id}
      label={label}
      error={error}
      control={(marks) => <input {...input} {...marks} onChange={changeOf(onValue, input.onChange)} />}
    />
  );
}

/** A labelled textarea (`.field`), as `InputField`. */
export function TextAreaField({ label, onValue, error, ...area }: Valued<TextareaHTMLAttributes<HTMLTextAreaElement>> & { error?: string | null }) {
  return (
    <LabelledWithProblem
      id={area.id}
      label={label}
      error={error}
      control={(marks) => <textarea {...area} {...marks} onChange={changeOf(onValue, area.onChange)} />}
    />
  );
}
