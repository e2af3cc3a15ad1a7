import { useEffect, useState } from 'react';
import type { Answer as HistoryAnswer } from '#app/routes/api/admin/attendance/history/route';
import type { Answer as SettingsAnswer } from '#app/routes/api/admin/labour-settings/route';
import { callJson } from '#app/http/api-client';
import { Loading } from '#app/staff-area/components';
import { dayLabel, hhmm, tokyoDateTimeLabel } from '#app/staff-area/presentation';
import { adminStaffTexts, staffTexts } from '#app/staff-area/texts';
import { recordTimesLabel } from './presentation';
import { attendanceTexts as t } from './texts';

/** The month's attendance corrections (before, after, reason, who), beside the shift corrections. */
export function CorrectionHistory({ history }: { history: HistoryAnswer | null }) {
  if (!history) return <Loading />;
  return (
    <>
      <section className="sa-history">
        <h3 id="attendance-history-title">{t.historyTitle}</h3>
        {history.corrections.length === 0 ? (
          <p className="empty">{t.noCorrections}</p>
        ) : (
          <div className="sa-scroll" role="region" aria-labelledby="attendance-history-title" tabIndex={0}>
            <table className="data-table" data-testid="attendance-history">
              <thead>
                <tr>
                  {t.historyCols.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {history.corrections.map((c) => (
                  <tr key={c.id}>
                    <td>{tokyoDateTimeLabel(new Date(c.timestamp).toISOString())}</td>
                    <td>{c.user_name ?? c.user_id}</td>
                    <td>{dayLabel(c.work_date).label}</td>
                    <td>{recordTimesLabel(c.before)}</td>
                    <td>{recordTimesLabel(c.after)}</td>
                    <td>{c.reason}</td>
                    <td>{c.changed_by_name ?? c.changed_by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="sa-history">
        <h3 id="attendance-shift-history-title">{t.shiftHistoryTitle}</h3>
        {history.shift_corrections.length === 0 ? (
          <p className="empty">{t.noCorrections}</p>
        ) : (
          <div className="sa-scroll" role="region" aria-labelledby="attendance-shift-history-title" tabIndex={0}>
            <table className="data-table">
              <tbody>
                {history.shift_corrections.map((h) => (
                  <tr key={h.id}>
                    <td>{tokyoDateTimeLabel(new Date(h.timestamp).toISOString())}</td>
                    <td>{h.user_name ?? h.user_id}</td>
                    <td>{dayLabel(h.shift_date).label}</td>
                    <td>{hhmm(h.before_value)}</td>
                    <td>{hhmm(h.after_value)}</td>
                    <td>{h.reason}</td>
                    <td>{h.changed_by_name ?? h.changed_by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

/** The store's labour settings: premium rates, the prefecture's minimum wage, presses from outside the fence. */
export function LabourSettingsForm({ storeId, onSaved }: { storeId: string; onSaved(): void }) {
  const [settings, setSettings] = useState<SettingsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void callJson<SettingsAnswer>(`/api/admin/labour-settings?store_id=${encodeURIComponent(storeId)}`, { noStore: true }).then((r) =>
      setSettings(r.ok ? r.body : null),
    );
  }, [storeId]);
  if (!settings) return <Loading />;
  async function save() {
    const { is_default: _default, ...data } = settings!;
    const r = await callJson('/api/admin/labour-settings', { method: 'PUT', body: data });
    if (!r.ok) return setError(t.saveFailed(r.body.error ?? r.message ?? staffTexts.cannotReachServer));
    setError(null);
    onSaved();
  }
  const percent = (key: 'late_night_premium_percent' | 'overtime_premium_percent', label: string) => (
    <label className="field">
      {label}
      <input type="number" min={25} max={100} required value={settings[key]} onChange={(e) => setSettings({ ...settings, [key]: Number(e.target.value) })} />
    </label>
  );
  return (
    <form
      className="sa-editor"
      aria-labelledby="labour-settings-title"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 id="labour-settings-title">{t.settingsTitle}</h3>
      <p className="hint">{t.settingsHint}</p>
      <div className="sa-editor-row">
        {percent('late_night_premium_percent', t.lateNightPercent)}
        {percent('overtime_premium_percent', t.overtimePercent)}
        <label className="field">
          {t.minimumWage}
          <input
            type="number"
            min={1}
            max={10000}
            value={settings.minimum_wage ?? ''}
            onChange={(e) => setSettings({ ...settings, minimum_wage: e.target.value === '' ? null : Number(e.target.value) })}
          />
        </label>
        <label className="field">
          {t.outsideFenceLabel}
          <select value={settings.outside_fence} onChange={(e) => setSettings({ ...settings, outside_fence: e.target.value as 'flag' | 'refuse' })}>
            <option value="flag">{t.outsideFenceFlag}</option>
            <option value="refuse">{t.outsideFenceRefuse}</option>
          </select>
        </label>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="sa-actions">
        <button type="submit" className="button">
          {adminStaffTexts.save}
        </button>
      </div>
    </form>
  );
}
