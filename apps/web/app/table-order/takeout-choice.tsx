import { useFormat, useTexts } from '#app/i18n/language';
import { menuNameIn } from './presentation';
import { localizedGuestBillTexts } from './texts';

/**
 * Eat-in or takeout per cart line (decision 240): eat-in unless ticked. A food or soft drink taken
 * away is taxed at the reduced rate; the server decides the rate from the item's tax category.
 */
export function TakeoutChoice(props: {
  lines: readonly { menu_id: string; name: string; name_en?: string }[];
  takeout: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const b = useTexts(localizedGuestBillTexts);
  const { language } = useFormat();
  if (props.lines.length === 0) return null;
  return (
    <fieldset className="takeout-choice" data-testid="takeout-choice">
      <legend>{b.takeoutLabel}</legend>
      {props.lines.map((l) => (
        <label key={l.menu_id}>
          <input
            type="checkbox"
            checked={props.takeout.has(l.menu_id)}
            onChange={(e) => {
              const next = new Set(props.takeout);
              if (e.target.checked) next.add(l.menu_id);
              else next.delete(l.menu_id);
              props.onChange(next);
            }}
            data-testid={`takeout-${l.menu_id}`}
          />{' '}
          {menuNameIn(l, language)}
        </label>
      ))}
    </fieldset>
  );
}
