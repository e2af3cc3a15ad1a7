import type { ChangeEvent, ChangeEventHandler, FormHTMLAttributes, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

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

/** A labelled input (`.field`): the label's words, then the input with the attributes given. */
export function InputField({ label, onValue, ...input }: Valued<InputHTMLAttributes<HTMLInputElement>>) {
  return <Labelled id={input.id} label={label} control={<input {...input} onChange={changeOf(onValue, input.onChange)} />} />;
}

/** A labelled textarea (`.field`), as `InputField`. */
export function TextAreaField({ label, onValue, ...area }: Valued<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return <Labelled id={area.id} label={label} control={<textarea {...area} onChange={changeOf(onValue, area.onChange)} />} />;
}
