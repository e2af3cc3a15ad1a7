import type { FormHTMLAttributes, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

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

/** A labelled input (`.field`): the label's words, then the input with the attributes given. */
export function InputField({ label, onValue, ...input }: Valued<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <label className="field" htmlFor={input.id}>
      {label}
      <input {...input} onChange={onValue ? (e) => onValue(e.target.value) : input.onChange} />
    </label>
  );
}

/** A labelled textarea (`.field`), as `InputField`. */
export function TextAreaField({ label, onValue, ...area }: Valued<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <label className="field" htmlFor={area.id}>
      {label}
      <textarea {...area} onChange={onValue ? (e) => onValue(e.target.value) : area.onChange} />
    </label>
  );
}
