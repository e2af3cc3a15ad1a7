import type { SettingsAnswer } from './actions.server';

/** The answer of the last save: a polite status when saved, an alert with the problem when refused. */
export function StatusLine({ answer }: { answer: SettingsAnswer | undefined }) {
  if (!answer) return null;
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
