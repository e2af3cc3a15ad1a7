import type { TableAuth } from '@moncafe/domain/table/visit-access';
import { refuse, type CallInput } from '#app/http/json.server';
import { pageLanguageOf, textsIn } from '#app/i18n/language';
import { localizedOrderTexts } from './texts';

/** The table-order token of `Authorization: Bearer …` ('' for a header without one), or null without such a header. */
export function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  if (!/^Bearer(\s|$)/i.test(header)) return null;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
}

/**
 * Who a guest call comes from (decision 064): a guest's phone sends its table-order token as
 * `Authorization: Bearer {reservationId}.{secret}`; signed-in staff (monitor, admin) act without
 * one. Anyone else is refused 401, which the order screen answers by renewing its token once.
 */
export async function tableAuthOf(input: Pick<CallInput<unknown, unknown>, 'request' | 'user'>): Promise<TableAuth> {
  const bearer = bearerOf(input.request);
  if (bearer !== null) return { kind: 'token', token: bearer };
  const user = await input.user();
  if (user && (user.roles.includes('admin') || user.roles.includes('monitor'))) return { kind: 'staff', actor: user.id };
  return refuse(401, 'invalid_token', { message: textsIn(localizedOrderTexts, pageLanguageOf(input.request)).authFailed });
}

/**
 * The signed-in staff member's id when a monitor or admin is calling, else null (a guest). A
 * request with a table token (any `Authorization: Bearer`) is a guest's, whatever its cookie says
 * (decision 530): the token never borrows the session's role.
 */
export async function staffOf(input: Pick<CallInput<unknown, unknown>, 'request' | 'user'>): Promise<string | null> {
  if (bearerOf(input.request) !== null) return null;
  const user = await input.user();
  return user && (user.roles.includes('admin') || user.roles.includes('monitor')) ? user.id : null;
}
