import type { Route } from './+types/api.admin.email-settings.notices';
import { listNotices } from '@moncafe/projections/email-notices/queries';
import { answer, json, reservationRuntime } from '../reservation/flow.server';

/** GET /api/admin/email-settings/notices: the active notices printed in mails and on the confirm and cancel pages. */
export async function loader({ context }: Route.LoaderArgs) {
  return answer(context, async () => {
    const { runtime } = reservationRuntime(context);
    const storeId = await reservationRuntime(context)
      .flow.storeId()
      .catch(() => null);
    const notices = await listNotices(runtime.db, { ...(storeId ? { storeId } : {}), activeOnly: true });
    return json({ notices });
  });
}
