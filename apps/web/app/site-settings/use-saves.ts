import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { SettingsAnswer } from './actions.server';

/** A save refused, with the field it is about, or none. */
export type SaveRefusal = Extract<SettingsAnswer, { ok: false }> | null;

/**
 * A settings screen whose forms (a row's edit, the add form, reorder and remove) send through one
 * fetcher: it remembers which form sent the last save, so a refusal is shown in that form, beside
 * its field, and the form stays open with what was typed until its save is taken.
 */
export function useSettingsSaves() {
  const fetcher = useFetcher<SettingsAnswer>();
  const [sent, setSent] = useState<{ from: string | null; onTaken?: () => void }>({ from: null });
  const busy = fetcher.state !== 'idle';
  const answer = busy ? undefined : fetcher.data;
  useEffect(() => {
    if (!answer || !sent.onTaken) return;
    if (answer.ok) sent.onTaken();
    setSent({ from: sent.from });
  }, [answer, sent]);
  return {
    busy,
    answer,
    /**
     * Sends a JSON body; `from` names the form that sent it (a record's id, `new`), none for a row's
     * buttons; `onTaken` runs once the save is taken (an edit closes), not when it is refused.
     */
    submit(body: Record<string, unknown>, from: string | null = null, onTaken?: () => void) {
      setSent({ from, onTaken });
      void fetcher.submit(JSON.stringify(body), { method: 'post', encType: 'application/json' });
    },
    /** The refusal of the last save, when `from` sent it. */
    refusalOf(from: string): SaveRefusal {
      return answer && !answer.ok && sent.from === from ? answer : null;
    },
  };
}
