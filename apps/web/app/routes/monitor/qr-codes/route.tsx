import { z } from 'zod';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { formAction } from '#app/http/form-action.server';
import { areaTexts } from '#app/areas/texts';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { seatOrderUrl, seatQrSvg } from '#app/table-order/seat-qr.server';
import { monitorTexts as t } from '#app/table-order/staff-texts';
import { useStoreQuery } from '#app/table-order/use-store-query';
import tableOrderCss from '#app/table-order/table-order.css?url';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.qrTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];

/**
 * Every seat of the chosen store with its QR code: the order page's URL with the seat's current
 * code (decision 150), opened from its sealed copy here only (SVG, made on the server by the
 * `qrcode` package). A seat with no code yet shows none.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRole(request, context, 'monitor', 'admin');
  const parsed = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  const isAdmin = user.roles.includes('admin');
  if (!parsed.success) return { storeId: null, storeName: null, seats: [], isAdmin };
  const { queries, services, runtime } = appOf(context);
  const [seats, store] = await Promise.all([queries.seats.ofStore(parsed.data), queries.stores.get(parsed.data)]);
  const codes = await services.seatCodes.printable(seats.map((s) => s.id));
  return {
    storeId: parsed.data,
    // Every printed card names its store (decision 407): two stores' cards look alike otherwise.
    storeName: store?.name ?? null,
    isAdmin,
    seats: await Promise.all(
      seats.map(async (seat) => {
        const code = codes[seat.id] ?? null;
        const url = code ? seatOrderUrl(runtime.config.publicUrl, seat.id, code) : null;
        return { id: seat.id, name: seat.name, url, svg: url ? await seatQrSvg(url) : null };
      }),
    ),
  };
}

const formSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('issue'), store_id: recordIdSchema }),
  z.object({ intent: z.literal('rotate-all'), store_id: recordIdSchema }),
  z.object({ intent: z.literal('rotate'), store_id: recordIdSchema, seat_id: recordIdSchema }),
]);

/**
 * Staff issue codes for the seats that have none; an admin rotates one seat's code or all of the
 * store's (the old cards stop working at once; the screen asks first).
 */
export const action = formAction({
  roles: ['monitor', 'admin'],
  form: formSchema,
  refused: (message) => data({ ok: false, message }, { status: 400 }),
  invalid: t.codesFailed,
  async handle({ form, user, queries, services, command }) {
    if (form.intent !== 'issue' && !user.roles.includes('admin')) return data({ ok: false, message: t.codesFailed }, { status: 403 });
    const storeSeats = (await queries.seats.ofStore(form.store_id)).map((s) => ({ id: s.id, storeId: form.store_id }));
    if (form.intent === 'issue') {
      await services.seatCodes.issueMissing(storeSeats, command);
      return { ok: true, message: t.codesIssued };
    }
    const chosen = form.intent === 'rotate' ? storeSeats.filter((s) => s.id === form.seat_id) : storeSeats;
    if (chosen.length === 0) return data({ ok: false, message: t.codesFailed }, { status: 404 });
    await services.seatCodes.rotate(chosen, command);
    return { ok: true, message: t.codesRotated };
  },
});

/** Asks before a rotation: the printed cards stop working at once. */
const confirmFirst = (question: string) => (e: React.FormEvent<HTMLFormElement>) => {
  if (!window.confirm(question)) e.preventDefault();
};

/** /monitor/qr-codes: a printable sheet of the chosen store's seat QR codes, each with its URL. */
export default function QrCodes({ loaderData, actionData }: Route.ComponentProps) {
  const storeId = useStoreQuery(loaderData.storeId);
  const busy = useNavigation().state !== 'idle';
  const missing = loaderData.seats.some((s) => !s.url);
  return (
    <section data-testid="qr-codes">
      <h2>{loaderData.storeName ? t.qrTitleOf(loaderData.storeName) : t.qrTitle}</h2>
      <p className="no-print">{t.qrIntro}</p>
      <p className="no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          {t.print}
        </button>
      </p>
      {actionData && (
        <p className={`no-print ${actionData.ok ? 'hint' : 'form-error'}`} role={actionData.ok ? 'status' : 'alert'} data-testid="qr-codes-message">
          {actionData.message}
        </p>
      )}
      {loaderData.storeId && (missing || loaderData.isAdmin) && (
        <div className="no-print">
          {missing && (
            <Form method="post" className="inline-form">
              <input type="hidden" name="store_id" value={loaderData.storeId} />
              <button type="submit" name="intent" value="issue" className="button" disabled={busy} data-testid="issue-codes">
                {t.issueCodes}
              </button>
            </Form>
          )}
          {loaderData.isAdmin && loaderData.seats.length > 0 && (
            <Form method="post" className="inline-form" onSubmit={confirmFirst(t.confirmRotateAll)}>
              <input type="hidden" name="store_id" value={loaderData.storeId} />
              <button type="submit" name="intent" value="rotate-all" className="button secondary" disabled={busy} data-testid="rotate-all">
                {t.rotateAll}
              </button>
            </Form>
          )}
        </div>
      )}
      {!storeId && <p className="hint">{areaTexts.chooseStoreFirst}</p>}
      {loaderData.storeId && loaderData.seats.length === 0 && <p className="empty">{t.noSeats}</p>}
      <ul className="qr-sheet">
        {loaderData.seats.map((seat) => (
          <li key={seat.id} className="qr-card panel" data-testid="qr-card" data-seat-id={seat.id}>
            <h3>{seat.name}</h3>
            {loaderData.storeName && (
              <p className="qr-store" data-testid="qr-store">
                {loaderData.storeName}
              </p>
            )}
            {seat.svg && seat.url ? (
              <>
                {/* The SVG is the qrcode package's rendering of our own URL. */}
                <div role="img" aria-label={`${seat.name} QR`} dangerouslySetInnerHTML={{ __html: seat.svg }} />
                <p className="qr-url">{seat.url}</p>
              </>
            ) : (
              <p className="hint">{t.noCode}</p>
            )}
            {loaderData.isAdmin && seat.url && loaderData.storeId && (
              <Form method="post" className="no-print" onSubmit={confirmFirst(t.confirmRotateOne(seat.name))}>
                <input type="hidden" name="store_id" value={loaderData.storeId} />
                <input type="hidden" name="seat_id" value={seat.id} />
                <button type="submit" name="intent" value="rotate" className="button secondary" disabled={busy} data-testid="rotate-seat">
                  {t.rotateOne}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
