/**
 * Loader answers that are the same for every visit that receives them (decision 043: per request only
 * what changes per request). A page whose route says `handle = { renderOnce: true }` is rendered
 * once per such set of answers by entry.server.tsx; a route above it may bring data only if that
 * data is marked here — the root's answer for a guest is, a signed-in visitor's is not, so a
 * name in the header is never kept or shown to anybody else.
 */
const shared = new WeakMap<object, string>();

/** Marks `value` as the answer every visit of this kind gets; `kind` names it in the kept page's key. */
export function sameForEveryVisit<T extends object>(value: T, kind: string): T {
  shared.set(value, kind);
  return value;
}

/** The kind a marked answer was given, or null for an answer of this visit only. */
export function sharedAnswerKind(value: unknown): string | null {
  return typeof value === 'object' && value !== null ? (shared.get(value) ?? null) : null;
}
