import type { ReactNode } from 'react';
import { useFormat } from '#app/i18n/language';
import type { OptionSpec } from '@moncafe/domain/reservation/detail';

export type OptionValue = string | string[] | undefined;

/**
 * One option of a course as the guest fills it in on /reservation-details — a text, a select, radio
 * buttons or checkboxes, a choice's extra price beside its name, a required option marked ` *` —
 * and as the menu editor's preview shows it. A picture option is the caller's (`image`): the
 * details screen cuts and uploads one, the preview only says so.
 */
export function OptionField(props: {
  /** The element id; radio buttons take it as their group's name. */
  id: string;
  option: OptionSpec;
  value: OptionValue;
  onChange(value: string | string[]): void;
  image(label: ReactNode): ReactNode;
  className?: string;
}) {
  const format = useFormat();
  const { id, option, value, onChange } = props;
  const className = props.className ?? 'rsv-field';
  const label = (
    <span>
      {option.label}
      {option.required ? ' *' : ''}
    </span>
  );
  const priced = (c: OptionSpec['choices'][number]) => (c.extraPrice ? `${c.label}（+${format.yen(c.extraPrice)}）` : c.label);
  switch (option.type) {
    case 'text':
      return (
        <label className={className} htmlFor={id}>
          {label}
          <input id={id} type="text" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} maxLength={100} />
        </label>
      );
    case 'select':
      return (
        <label className={className} htmlFor={id}>
          {label}
          <select id={id} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)}>
            <option value="">—</option>
            {option.choices.map((c) => (
              <option key={c.id} value={c.id}>
                {priced(c)}
              </option>
            ))}
          </select>
        </label>
      );
    case 'radio':
    case 'checkbox': {
      const chosen = Array.isArray(value) ? value : value ? [value] : [];
      return (
        <fieldset className={className}>
          <legend>{label}</legend>
          {option.choices.map((c) => (
            <label key={c.id}>
              <input
                type={option.type}
                name={id}
                value={c.id}
                checked={chosen.includes(c.id)}
                onChange={(e) => {
                  if (option.type === 'radio') onChange(c.id);
                  else onChange(e.target.checked ? [...chosen, c.id] : chosen.filter((v) => v !== c.id));
                }}
              />{' '}
              {priced(c)}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'image':
      return props.image(label);
  }
}
