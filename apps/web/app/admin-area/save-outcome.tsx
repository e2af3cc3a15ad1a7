/**
 * What a settings form's save came to, under the form: 「保存しました」 announced politely, or the
 * error read out at once. Shared by the admin's one-record settings screens (tax, store location,
 * order limits).
 */
export function SaveOutcome(props: { outcome: { ok: boolean; error: string | null } | undefined; saved: string }) {
  const { outcome, saved } = props;
  if (!outcome) return null;
  return (
    <p className={outcome.ok ? 'hint' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.ok ? saved : outcome.error}
    </p>
  );
}
