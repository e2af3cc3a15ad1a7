import { useId, useMemo, useState } from 'react';
import { useLoad } from '#app/shared/use-load';
import type { Route } from './+types/route';
import { adminPageTitle } from '#app/admin-area/title';
import { seatTexts as s } from '#app/admin-area/texts';
import type { Answer as SeatsAnswer } from '#app/routes/api/admin/seats/route';
import { FormButtons, LoadError, NumberField, Loading, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { ListEditor, type RecordForm, type RecordFormProps } from '#app/staff-area/list-editor';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts as t } from '#app/staff-area/texts';
import { errorOf, InputField, PageForm } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(s.title, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

type Seat = SeatsAnswer[number];
type SeatForm = Pick<Seat, 'name' | 'max_people' | 'reservation_hold_minutes' | 'adjacent_seat_ids' | 'is_reservable' | 'is_active'>;

const blank: SeatForm = { name: '', max_people: 2, reservation_hold_minutes: 90, adjacent_seat_ids: [], is_reservable: true, is_active: true };

/** The form of one seat; `others` are the seats it may be combined with. Its name, capacity and hold time show their own problem. */
function seatForm(others: readonly Seat[]): RecordForm<SeatForm> {
  function SeatEditForm({ initial, busy, refusal, onSave, onCancel }: RecordFormProps<SeatForm>) {
    const [v, setV] = useState<SeatForm>(initial ?? blank);
    const at = (field: string) => errorOf(refusal, field);
    const id = useId();
    const candidates = others.filter((o) => o.name !== initial?.name || !initial);
    return (
      <PageForm className="sa-editor-row" onSubmit={() => onSave(v)}>
        <InputField
          label={s.name}
          id={`${id}-name`}
          required
          maxLength={50}
          value={v.name}
          disabled={busy}
          error={at('name')}
          onValue={(name) => setV({ ...v, name })}
        />
        <NumberField
          id={`${id}-max`}
          label={s.maxPeople}
          min={1}
          max={50}
          value={v.max_people}
          busy={busy}
          error={at('max_people')}
          onChange={(max_people) => setV({ ...v, max_people })}
        />
        <NumberField
          id={`${id}-hold`}
          label={s.holdMinutes}
          min={5}
          max={1440}
          step={5}
          value={v.reservation_hold_minutes}
          busy={busy}
          error={at('reservation_hold_minutes')}
          onChange={(minutes) => setV({ ...v, reservation_hold_minutes: minutes })}
        />
        <fieldset className="field ticks sa-wide">
          <legend>{s.combinable}</legend>
          {candidates.length === 0 && <span className="hint">{s.noOtherSeats}</span>}
          {candidates.map((o) => (
            <label key={o.id} className="tick">
              <input
                type="checkbox"
                checked={v.adjacent_seat_ids.includes(o.id)}
                disabled={busy}
                onChange={(e) =>
                  setV({ ...v, adjacent_seat_ids: e.target.checked ? [...v.adjacent_seat_ids, o.id] : v.adjacent_seat_ids.filter((x) => x !== o.id) })
                }
              />{' '}
              {o.name}
            </label>
          ))}
        </fieldset>
        <label className="tick">
          <input type="checkbox" checked={v.is_reservable} disabled={busy} onChange={(e) => setV({ ...v, is_reservable: e.target.checked })} /> {s.isReservable}
        </label>
        <label className="tick">
          <input type="checkbox" checked={v.is_active} disabled={busy} onChange={(e) => setV({ ...v, is_active: e.target.checked })} /> {s.isActive}
        </label>
        <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
      </PageForm>
    );
  }
  return Object.assign(SeatEditForm, { fields: ['name', 'max_people', 'reservation_hold_minutes'] });
}

/** /admin/seats: the chosen store's seats — name, capacity, hold time, order, which seats combine, active (decision 120). */
export default function SeatsEditor() {
  const { storeId, ready } = useAreaStore();
  const loaded = useLoad<SeatsAnswer>(storeId ? `/api/admin/seats?store_id=${encodeURIComponent(storeId)}` : null);
  const seats: Seat[] | null = loaded.data;
  const { failed, reload: load } = loaded;
  const Form = useMemo(() => seatForm(seats ?? []), [seats]);
  const names = useMemo(() => new Map((seats ?? []).map((x) => [x.id, x.name])), [seats]);

  if (ready && !storeId) return <StoreRequired home="/admin" />;
  return (
    <div className="sa-page" data-testid="seats-editor" data-ready={ready && seats ? 'true' : undefined}>
      <h2>{s.title}</h2>
      <p className="hint">{s.intro}</p>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {!seats && !failed && <Loading />}
      {storeId && seats && (
        <ListEditor
          kind="seat"
          storeId={storeId}
          items={seats}
          collectionUrl="/api/admin/seats"
          itemUrl={(id) => `/api/admin/seats/${encodeURIComponent(id)}`}
          name={(x) => x.name}
          view={(x) => (
            <div data-testid="seat-row">
              <strong>{x.name}</strong> {!x.is_active && <span className="sa-badge">{s.inactive}</span>}{' '}
              {!x.is_reservable && <span className="sa-badge">{s.notReservable}</span>}
              <div className="hint">{s.summary(x.max_people, x.reservation_hold_minutes)}</div>
              {x.adjacent_seat_ids.length > 0 && <div className="hint">{s.combinedWith(x.adjacent_seat_ids.map((a) => names.get(a) ?? a).join('、'))}</div>}
            </div>
          )}
          toForm={(x) => ({
            name: x.name,
            max_people: x.max_people,
            reservation_hold_minutes: x.reservation_hold_minutes,
            adjacent_seat_ids: x.adjacent_seat_ids,
            is_reservable: x.is_reservable,
            is_active: x.is_active,
          })}
          Form={Form}
          empty={s.empty}
          addTitle={s.addTitle}
          reload={load}
        />
      )}
    </div>
  );
}
