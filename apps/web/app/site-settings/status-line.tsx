import { besideField } from '#app/shared/fields';
import type { SettingsAnswer } from './actions.server';

/**
 * The answer of the last save: a polite status when saved, an alert with the problem when refused
 * — unless the problem belongs to one of the form's `fields`, which shows it beside itself.
 */
export function StatusLine({ answer, fields = [] }: { answer: SettingsAnswer | undefined; fields?: readonly string[] }) {
  if (!answer || (!answer.ok && besideField(answer, fields))) return null;
  return answer.ok ? (
    <p className="hint" role="status">
      {answer.message}
    </p>
  ) : (
    <p className="form-error" role="alert">
      {answer.error}
    </p>
  );
}
