import { useState } from 'react';
import type { ClockKind } from '@moncafe/domain/attendance/decider';
import type { Answer as ClockAnswer } from '#app/routes/api/staff/clock/tablet/route';
import type { Answer as StaffAnswer } from '#app/routes/api/users/route';
import { callJson } from '#app/http/api-client';
import { newIdempotencyKey } from '#app/http/idempotency-key';
import { LoadError, Loading, NoticeLine, type Notice } from '#app/staff-area/components';
import { useLoad } from '#app/shared/use-load';
import { tokyoDateTimeLabel } from '#app/staff-area/presentation';
import { staffTexts } from '#app/staff-area/texts';
import { CLOCK_LABELS } from './presentation';
import { attendanceTexts as t } from './texts';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

/**
 * The store's shared tablet (decision 612): choose yourself among the store's staff, type your PIN
 * on the pad, press 出勤, 休憩開始, 休憩終了 or 退勤. After each press the choice and the PIN are
 * cleared for the next person; the server checks the PIN, the store and the sequence.
 */
export function TabletPanel({ storeId }: { storeId: string }) {
  const people = useLoad<StaffAnswer>(`/api/users?store_id=${encodeURIComponent(storeId)}`);
  const [person, setPerson] = useState('');
  const [pin, setPin] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [sending, setSending] = useState(false);

  async function press(kind: ClockKind) {
    setSending(true);
    const r = await callJson<ClockAnswer>('/api/staff/clock/tablet', {
      body: { store_id: storeId, user_id: person, pin, kind },
      idempotencyKey: newIdempotencyKey(),
    });
    setSending(false);
    setPin('');
    if (!r.ok) return setNotice({ kind: 'error', text: r.body.error ?? r.message ?? staffTexts.cannotReachServer });
    const name = people.data?.find((p) => p.id === person)?.name ?? '';
    setPerson('');
    setNotice({ kind: 'ok', text: `${name} ${t.clockedAt(CLOCK_LABELS[kind], tokyoDateTimeLabel(r.body.at).slice(11))}` });
  }

  if (people.failed) return <LoadError message={staffTexts.loadFailed} onRetry={() => void people.reload()} />;
  if (!people.data) return <Loading />;
  return (
    <section aria-labelledby="tablet-title" className="at-tablet" data-ready="true">
      <h3 id="tablet-title">{t.tabletTitle}</h3>
      <fieldset>
        <legend>{t.tabletChoosePerson}</legend>
        <div className="at-people">
          {people.data.map((p) => (
            <label key={p.id} className="at-person-choice">
              <input type="radio" name="person" value={p.id} checked={person === p.id} onChange={() => setPerson(p.id)} />
              {p.name}
            </label>
          ))}
        </div>
      </fieldset>
      <PinField name="pin" autoComplete="off" pin={pin} onChange={setPin} />
      <div className="at-pad" role="group" aria-label={t.tabletPin}>
        {DIGITS.map((d) => (
          <button key={d} type="button" className="button secondary" onClick={() => setPin((p) => (p.length < 6 ? p + d : p))}>
            {d}
          </button>
        ))}
        <button type="button" className="button secondary" onClick={() => setPin('')}>
          {t.tabletClear}
        </button>
      </div>
      <div className="at-buttons">
        {(Object.keys(CLOCK_LABELS) as ClockKind[]).map((kind) => (
          <button key={kind} type="button" className="button at-press" disabled={sending || !person || pin.length < 4} onClick={() => void press(kind)}>
            {CLOCK_LABELS[kind]}
          </button>
        ))}
      </div>
      <NoticeLine notice={notice} />
    </section>
  );
}

/** A PIN of 4 to 6 digits, masked; anything but digits is dropped as it is typed. */
function PinField({ name, autoComplete, pin, onChange }: { name: string; autoComplete: string; pin: string; onChange: (pin: string) => void }) {
  return (
    <label className="field">
      {t.tabletPin}
      <input
        type="password"
        name={name}
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={6}
        value={pin}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      />
    </label>
  );
}

/** On one's own staff screen: set or replace the PIN for the store's tablet. It is never shown back. */
export function PinForm() {
  const [pin, setPin] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  async function save() {
    const r = await callJson('/api/staff/clock-pin', { method: 'PUT', body: { pin } });
    if (!r.ok) return setNotice({ kind: 'error', text: r.body.error ?? r.message ?? staffTexts.cannotReachServer });
    setPin('');
    setNotice({ kind: 'ok', text: t.pinSaved });
  }
  return (
    <form
      aria-labelledby="pin-title"
      className="at-pin"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 id="pin-title">{t.setPinTitle}</h3>
      <p className="hint">{t.setPinHint}</p>
      <PinField name="new-pin" autoComplete="new-password" pin={pin} onChange={setPin} />
      <button type="submit" className="button secondary">
        {t.setPin}
      </button>
      <NoticeLine notice={notice} />
    </form>
  );
}
