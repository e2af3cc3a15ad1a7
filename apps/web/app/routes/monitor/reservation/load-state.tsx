import { scheduleTexts as t } from '#app/schedule/texts';

/** The schedule's and the detail's answer while loading, or the failure with a retry. */
export function LoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (!failed) return <p aria-live="polite">{t.loading}</p>;
  return (
    <p role="alert">
      {t.loadFailed}{' '}
      <button type="button" onClick={onRetry}>
        {t.retry}
      </button>
    </p>
  );
}
