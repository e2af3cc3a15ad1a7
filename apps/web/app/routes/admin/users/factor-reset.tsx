import { useState } from 'react';
import { callJson } from '#app/http/api-client';
import type { Answer as ResetAnswer } from '#app/routes/api/admin/users/$id/mfa-reset/route';
import { secondFactorTexts } from '#app/auth/second-factor-texts';
import { AskDialog, NoticeLine, type Notice } from '#app/staff-area/components';
import { adminStaffTexts as a, staffTexts as t } from '#app/staff-area/texts';

/**
 * An admin resets another account's second factors (a lost phone, decision 540): a confirmation
 * that asks for the reason the history keeps, then POST /api/admin/users/:id/mfa-reset.
 */
export function FactorReset({ account }: { account: { id: string; name: string } }) {
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  async function reset(reason: string) {
    setNotice(null);
    const r = await callJson<ResetAnswer>(`/api/admin/users/${encodeURIComponent(account.id)}/mfa-reset`, { method: 'POST', body: { reason } });
    if (!r.ok) return setNotice({ kind: 'error', text: r.message ?? r.body.error ?? t.cannotReachServer });
    setNotice({ kind: 'ok', text: r.body.reset ? a.resetDone : a.resetNothing });
  }
  return (
    <>
      <button type="button" className="button secondary" onClick={() => setAsking(true)}>
        {a.resetFactors}
        <span className="visually-hidden">{`${account.name}: ${a.factorsColumn}`}</span>
      </button>
      <NoticeLine notice={notice} />
      {asking && (
        <AskDialog
          title={a.factorsColumn}
          body={<p>{a.confirmResetFactors(account.name)}</p>}
          input={{ label: a.resetReason, required: secondFactorTexts.reasonRequired }}
          confirmLabel={a.resetFactors}
          cancelLabel={a.cancel}
          danger
          onCancel={() => setAsking(false)}
          onConfirm={(reason) => {
            setAsking(false);
            void reset(reason);
          }}
        />
      )}
    </>
  );
}
