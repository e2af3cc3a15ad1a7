import type { TableAuth } from '@moncafe/domain/table/visit-access';
import { refuse, type CallInput } from '#app/http/json.server';
import { pageLanguageOf, textsIn } from '#app/i18n/language';
import { localizedOrderTexts } from './texts';

/**
 * Who a guest call comes from (decision 064): a guest's phone sends its table-order token as
 * `Authorization: Bearer {reservationId}.{secret}`; signed-in staff (monitor, admin) act without
 * one. Anyone else is refused 401, which the order screen answers by renewing its token once.
 */
export async function tableAuthOf(input: Pick<CallInput<unknown, unknown>, 'request' | 'user'>): Promise<TableAuth> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(input.request.headers.get('authorization') ?? '');
  if (bearer) return { kind: 'token', token: bearer[1]! };
  const user = await input.user();
  if (user && (user.roles.includes('admin') || user.roles.includes('monitor'))) return { kind: 'staff', actor: user.id };
  return refuse(401, 'invalid_token', { message: textsIn(localizedOrderTexts, pageLanguageOf(input.request)).authFailed });
}

/** The signed-in staff member's id when a monitor or admin is calling, else null (a guest). */
export async function staffOf(input: Pick<CallInput<unknown, unknown>, 'user'>): Promise<string | null> {
  const user = await input.user();
  return user && (user.roles.includes('admin') || user.roles.includes('monitor')) ? user.id : null;
}
