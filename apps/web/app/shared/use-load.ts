import { useCallback, useEffect, useState } from 'react';
import { callJson, type CallResult } from '#app/http/api-client';

/**
 * What a screen holds of one GET answer: the URL it was asked of, the answer's body (null while
 * loading or after a failure) and whether the last call failed.
 */
export interface Loaded<T> {
  url: string | null;
  data: T | null;
  failed: boolean;
}

export const nothingLoaded: Loaded<never> = { url: null, data: null, failed: false };

/** The state an answer from `url` leaves. */
export function loadedFrom<T>(url: string, result: CallResult<T>): Loaded<T> {
  return { url, data: result.ok ? result.body : null, failed: !result.ok };
}

/**
 * What the screen shows for `url`: only what was loaded from that URL, so after a change of
 * store or month the old answer is never shown as the new one's (it reads as loading instead).
 */
export function shownFor<T>(state: Loaded<T>, url: string | null): { data: T | null; failed: boolean } {
  return state.url === url && url !== null ? { data: state.data, failed: state.failed } : { data: null, failed: false };
}

/**
 * The one hook through which a screen loads what it shows on mount (decision 655): a GET answer,
 * `data` null while loading (or after a failure, with `failed` set), never cached by the browser
 * (staff screens show what is true now). Null `url` loads nothing (no store chosen yet). The
 * answer is set when it comes, never in the effect's own turn, and an answer to a URL the screen
 * has left is dropped. `reload` after a change keeps the old answer on screen until the new one.
 */
export function useLoad<T>(url: string | null) {
  const [state, setState] = useState<Loaded<T>>(nothingLoaded);
  useEffect(() => {
    if (!url) return;
    let current = true;
    void callJson<T>(url, { noStore: true }).then((result) => {
      if (current) setState(loadedFrom(url, result));
    });
    return () => {
      current = false;
    };
  }, [url]);
  const reload = useCallback(async () => {
    if (!url) return;
    setState((s) => (s.url === url ? { ...s, failed: false } : s));
    setState(loadedFrom(url, await callJson<T>(url, { noStore: true })));
  }, [url]);
  return { ...shownFor(state, url), reload };
}
