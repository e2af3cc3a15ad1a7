/**
 * The reason staff give for changing a bill (a course's count, a discount): one line of at most
 * 200 characters, which the server also requires and keeps in the history.
 */
export function ReasonField({
  label,
  placeholder,
  value,
  onChange,
  testId,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (reason: string) => void;
  testId: string;
}) {
  return (
    <label className="field">
      {label}
      <input type="text" maxLength={200} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
    </label>
  );
}
