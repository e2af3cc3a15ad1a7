import { useState } from 'react';
import { z } from 'zod';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { formAction } from '#app/http/form-action.server';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { embeddedMapUrl } from '#app/shared/map-embed';
import { adminTableTexts as t } from '#app/table-order/staff-texts';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { adminPageTitle } from '#app/admin-area/title';
import { SaveOutcome } from '#app/admin-area/save-outcome';
import { InputField } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.coordinatesTitle, matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const parsed = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  const { queries, services } = appOf(context);
  const store = parsed.success ? await queries.stores.get(parsed.data) : null;
  return store
    ? {
        storeId: store.store_id,
        latitude: store.latitude,
        longitude: store.longitude,
        radius: store.geofence_radius_m,
        checkInMode: await services.table.checkInMode(store.store_id),
      }
    : { storeId: null, latitude: null, longitude: null, radius: 100, checkInMode: 'self' as const };
}

const coordinate = (min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : Number(v)))
    .pipe(z.number().min(min).max(max).nullable());

const formSchema = z
  .object({
    store_id: recordIdSchema,
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    geofence_radius_m: z.coerce.number().int().min(10).max(5000),
    table_check_in: z.enum(['self', 'staff']).optional(),
  })
  .refine((f) => (f.latitude === null) === (f.longitude === null), { path: ['longitude'] });

/** Saves the store's point and geofence radius, keeping the rest of the store record (decision 039). */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  store: (form) => form.store_id,
  refused: (error) => data({ ok: false, error }, { status: 400 }),
  invalid: t.invalidNumber,
  async handle({ form: f, services, command, readYourWrites }) {
    const saved = await services.storeLocation.save(
      { storeId: f.store_id, latitude: f.latitude, longitude: f.longitude, geofenceRadiusM: f.geofence_radius_m, tableCheckIn: f.table_check_in },
      command,
    );
    await readYourWrites(saved.position);
    return { ok: true, error: null };
  },
});

/**
 * /admin/store-coordinates: where the chosen store is and how far from it a phone may order, with
 * a map preview, and how guests at the table are seated (the seat's QR or staff only, decision 151). A store without coordinates cannot check a phone's position: the screen says
 * that its guests order only after staff's waiver.
 */
export default function StoreCoordinates({ loaderData, actionData }: Route.ComponentProps) {
  useStoreQuery(loaderData.storeId);
  if (!loaderData.storeId) return null;
  // Keyed by what was loaded: opened from the sidebar, the first render has no store yet, and the
  // fields must start from the store's saved point once it is loaded.
  const { storeId, latitude, longitude, radius, checkInMode } = loaderData;
  return (
    <CoordinatesForm
      key={`${storeId}:${latitude}:${longitude}:${radius}:${checkInMode}`}
      loaded={{ storeId, latitude, longitude, radius, checkInMode }}
      answer={actionData}
    />
  );
}

function CoordinatesForm({
  loaded: loaderData,
  answer: actionData,
}: {
  loaded: {
    storeId: string;
    latitude: number | null;
    longitude: number | null;
    radius: number;
    checkInMode: Route.ComponentProps['loaderData']['checkInMode'];
  };
  answer: { ok: boolean; error: string | null } | undefined;
}) {
  const busy = useNavigation().state !== 'idle';
  const [lat, setLat] = useState(loaderData.latitude === null ? '' : String(loaderData.latitude));
  const [lng, setLng] = useState(loaderData.longitude === null ? '' : String(loaderData.longitude));
  const point =
    lat !== '' && lng !== '' && Number.isFinite(Number(lat)) && Number.isFinite(Number(lng)) ? { latitude: Number(lat), longitude: Number(lng) } : null;
  return (
    <section data-testid="store-coordinates">
      <h2>{t.coordinatesTitle}</h2>
      {loaderData.latitude === null && (
        <p className="notice" role="note" data-testid="coordinates-unset">
          {t.coordinatesUnset}
        </p>
      )}
      <Form method="post" className="panel">
        <input type="hidden" name="store_id" value={loaderData.storeId} />
        <InputField label={t.latitude} name="latitude" inputMode="decimal" value={lat} onValue={setLat} />
        <InputField label={t.longitude} name="longitude" inputMode="decimal" value={lng} onValue={setLng} />
        <InputField label={t.radius} type="number" name="geofence_radius_m" min={10} max={5000} step={1} defaultValue={loaderData.radius} required />
        <fieldset className="field">
          <legend>{t.checkInMode}</legend>
          {(['self', 'staff'] as const).map((mode) => (
            <label key={mode}>
              <input type="radio" name="table_check_in" value={mode} defaultChecked={loaderData.checkInMode === mode} data-testid={`check-in-${mode}`} />{' '}
              {t.checkInModes[mode]}
            </label>
          ))}
        </fieldset>
        <p>
          <button type="submit" className="button" disabled={busy}>
            {t.save}
          </button>{' '}
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setLat('');
              setLng('');
            }}
          >
            {t.clearCoordinates}
          </button>
        </p>
        <SaveOutcome outcome={actionData} saved={t.saved} />
      </Form>
      {point && <iframe className="map" title={t.preview} src={embeddedMapUrl(point)} loading="lazy" referrerPolicy="no-referrer" />}
    </section>
  );
}
