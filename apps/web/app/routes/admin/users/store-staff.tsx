import { useCallback, useEffect, useState } from 'react';
import { callJson } from '#app/http/api-client';
import type { Answer as UsersAnswer } from '#app/routes/api/users/route';
import { AskDialog, Choices, LoadError, Loading, NoticeLine, useAreaStore, type Notice } from '#app/staff-area/components';
import { adminStaffTexts as a, staffTexts as t } from '#app/staff-area/texts';
import { yenAmount } from '#app/shared/yen';
import { errorOf, fieldProblemOf, InputField, PageForm, useFieldError } from '#app/shared/fields';

interface Account {
  id: string;
  name: string;
  email: string;
  roles: string[];
  /** The day (Asia/Tokyo) an admin removed them as having left (decision 620), null while they work here. */
  leftOn: string | null;
  forgotten: boolean;
}

const wageOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * The admin store's staff with their hourly wages (GET /api/users?store_id answers the wage to
 * admins only): add an account, change a wage, take someone off the store after a confirmation.
 * These are the people the shift screens list.
 */
export function StoreStaffSection({ accounts, onChanged }: { accounts: Account[]; onChanged: () => void }) {
  const { storeId, storeName } = useAreaStore();
  const [staff, setStaff] = useState<UsersAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [adding, setAdding] = useState({ accountId: '', wage: '' });
  const [wages, setWages] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  /** A refused wage, said beside the wage it came from: a row's account id, or `new` for the add form. */
  const [refusal, setRefusal] = useState<{ from: string; field: string; error: string } | null>(null);
  const [leaving, setLeaving] = useState<{ id: string; name: string; forget: boolean } | null>(null);

  const load = useCallback(async () => {
    if (!storeId) return;
    setFailed(false);
    const r = await callJson<UsersAnswer>(`/api/users?store_id=${encodeURIComponent(storeId)}`, { noStore: true });
    setStaff(r.ok && Array.isArray(r.body) ? r.body : null);
    setFailed(!r.ok);
    if (r.ok) setWages(Object.fromEntries(r.body.map((s) => [s.id, s.wage == null ? '' : String(s.wage)])));
  }, [storeId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!storeId) return <p className="hint">{a.chooseStore}</p>;

  /** Whether the call went through; a refused wage (`from` the row or the add form) is said beside it, anything else above the list. */
  async function call(accountId: string, body: object, done: string, from: string | null = null): Promise<boolean> {
    setNotice(null);
    setRefusal(null);
    const r = await callJson(`/api/users/${encodeURIComponent(accountId)}`, {
      method: 'remove' in body ? 'DELETE' : 'PUT',
      body: { store_id: storeId, ...body },
    });
    if (!r.ok) {
      const problem = from === null ? null : fieldProblemOf(r, ['wage']);
      if (problem && from !== null) setRefusal({ ...problem, from });
      else setNotice({ kind: 'error', text: a.saveFailed(r.message ?? (r.body as { error?: string }).error ?? t.cannotReachServer) });
      return false;
    }
    setNotice({ kind: 'ok', text: done });
    await load();
    return true;
  }
  const wageError = (from: string) => (refusal?.from === from ? errorOf(refusal, 'wage') : null);

  /** Removes someone who left, or forgets them after the retention (decision 620); the user list shows the change after a reload. */
  async function leave(who: { id: string; forget: boolean }) {
    setNotice(null);
    const path = `/api/admin/users/${encodeURIComponent(who.id)}/${who.forget ? 'forget' : 'leave'}`;
    const r = await callJson<{ pseudonym?: string }>(path, { method: 'POST', body: { store_id: storeId } });
    if (!r.ok) return setNotice({ kind: 'error', text: r.message ?? (r.body as { error?: string }).error ?? t.cannotReachServer });
    setNotice({ kind: 'ok', text: who.forget ? a.forgetDone(r.body.pseudonym ?? '') : a.leaveDone });
    await load();
    onChanged();
  }

  const candidates = accounts.filter((acc) => !staff?.some((s) => s.id === acc.id));
  return (
    <section className="sa-editor" aria-labelledby="store-staff-title" data-testid="store-staff">
      <h3 id="store-staff-title">
        {a.storeStaffTitle}
        {storeName ? `（${storeName}）` : ''}
      </h3>
      <p className="hint">{a.storeStaffHint}</p>
      <NoticeLine notice={notice} />
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {!staff && !failed && <Loading />}
      {staff && staff.length === 0 && <p className="empty">{a.noStoreStaff}</p>}
      {staff && staff.length > 0 && (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{a.account}</th>
              <th scope="col">{a.wage}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {staff.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.name}
                  {!accounts.find((acc) => acc.id === s.id)?.roles.includes('staff') && <div className="hint">{a.noStaffRoleHint}</div>}
                </td>
                <td>
                  <WageForm
                    name={s.name}
                    saved={s.wage}
                    value={wages[s.id] ?? ''}
                    error={wageError(s.id)}
                    onValue={(wage) => setWages({ ...wages, [s.id]: wage })}
                    onSave={() => void call(s.id, { wage: wageOf(wages[s.id] ?? '') }, a.saved, s.id)}
                  />
                </td>
                <td>
                  <div className="sa-actions">
                    <button type="button" className="button danger" onClick={() => setRemoving({ id: s.id, name: s.name })}>
                      {a.removeFromStore}
                    </button>
                    <LeavingAction account={accounts.find((acc) => acc.id === s.id)} name={s.name} onAsk={setLeaving} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PageForm
        className="sa-editor-row"
        onSubmit={() =>
          void call(adding.accountId, { wage: wageOf(adding.wage) }, a.saved, 'new').then((ok) => {
            // A refused one stays as typed, to be put right.
            if (ok) setAdding({ accountId: '', wage: '' });
          })
        }
      >
        <label className="field">
          {a.account}
          <Choices
            required
            value={adding.accountId}
            onChange={(e) => setAdding({ ...adding, accountId: e.target.value })}
            placeholder={a.accountPlaceholder}
            options={candidates.map((acc) => ({ value: acc.id, label: `${acc.name}（${acc.email}）` }))}
          />
        </label>
        <InputField
          label={a.wage}
          type="number"
          min={0}
          max={100000}
          value={adding.wage}
          error={wageError('new')}
          onValue={(wage) => setAdding({ ...adding, wage })}
        />
        <button type="submit" className="button">
          {a.addToStore}
        </button>
      </PageForm>
      {leaving && (
        <AskDialog
          title={a.confirmTitle}
          body={<p>{leaving.forget ? a.confirmForget(leaving.name) : a.confirmLeave(leaving.name)}</p>}
          confirmLabel={leaving.forget ? a.forgetStaff : a.leaveStaff}
          cancelLabel={a.cancel}
          danger
          onCancel={() => setLeaving(null)}
          onConfirm={() => {
            const who = leaving;
            setLeaving(null);
            void leave(who);
          }}
        />
      )}
      {removing && (
        <AskDialog
          title={a.confirmTitle}
          body={<p>{a.confirmRemove(removing.name)}</p>}
          confirmLabel={a.removeFromStore}
          cancelLabel={a.cancel}
          danger
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const who = removing;
            setRemoving(null);
            void call(who.id, { remove: true }, a.removed);
          }}
        />
      )}
    </section>
  );
}

/** One person's wage in the list: typed, saved with its own button, and a refused one said beside it. */
function WageForm(props: { name: string; saved?: number | null; value: string; error: string | null; onValue(wage: string): void; onSave(): void }) {
  const problem = useFieldError(props.error);
  return (
    <PageForm className="sa-actions" onSubmit={props.onSave}>
      <input
        type="number"
        min={0}
        max={100000}
        aria-label={`${props.name} ${a.wage}`}
        placeholder={a.wageNotSet}
        value={props.value}
        {...problem.control}
        onChange={(e) => props.onValue(e.target.value)}
      />
      <span className="hint">{props.saved == null ? a.wageNotSet : yenAmount(props.saved)}</span>
      <button type="submit" className="button secondary">
        {a.save}
      </button>
      {problem.words}
    </PageForm>
  );
}

/** A staff member's leaving: removed while they work here, then forgotten (once) after the retention. */
function LeavingAction(props: { account: Account | undefined; name: string; onAsk: (who: { id: string; name: string; forget: boolean }) => void }) {
  const { account } = props;
  if (!account || account.forgotten) return null;
  if (account.leftOn === null) {
    return (
      <button type="button" className="button danger" onClick={() => props.onAsk({ id: account.id, name: props.name, forget: false })}>
        {a.leaveStaff}
      </button>
    );
  }
  return (
    <>
      <span className="hint">{a.leftOn(account.leftOn)}</span>
      <button type="button" className="button danger" onClick={() => props.onAsk({ id: account.id, name: props.name, forget: true })}>
        {a.forgetStaff}
      </button>
    </>
  );
}
