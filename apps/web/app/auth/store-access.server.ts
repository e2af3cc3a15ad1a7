import { data } from 'react-router';
import type { RouterContextProvider } from 'react-router';
import { z } from 'zod';
import type { SignedInUser } from '@moncafe/domain/account/account-service';
import { requireMonitorStore, requireStoreStaff, storesOpenTo } from '@moncafe/domain/account/store-membership';
import { DomainError } from '@moncafe/domain/decider';
import { audit } from '@moncafe/infra/auth/audit';
import type { Queries } from '@moncafe/projections/queries';
import { appOf, clientAddressContext, getRuntime } from '#app/context';
import { adminStaffTexts } from '#app/staff-area/texts';
import { isApiPath } from './require-role.server';
import { getUser } from './session.server';
import { storeBindingFor, type StoreArea, type StoreSource } from './store-bound';

/**
 * The store half of the server's access check (decision 400): after the route table let a role
 * in, a store-bound route (app/auth/store-bound.ts) is refused, 403, to a person the store's
 * membership does not allow. Both halves ask the domain's one rule; nothing here is a copy.
 */

const uuid = z.uuid();
/** The largest body a store-bound call takes (the editors' 256 KiB). */
const MAX_READ_BYTES = 256 * 1024;

function directoryOf(queries: Queries) {
  return { isStoreStaff: queries.storeStaff.includes, storesOf: queries.storeStaff.storesOf };
}

/** A copy of the body as text, at most MAX_READ_BYTES (null past that: the call refuses such a body itself). */
async function boundedText(request: Request): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_READ_BYTES) return null;
  const reader = request.clone().body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_READ_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A JSON or form body's field, read from a copy so the route still reads the body itself. A body
 * too large to read names no store and is refused by the call (its own size limit, below this one).
 */
async function bodyField(request: Request, field: string): Promise<string | null> {
  const type = request.headers.get('content-type') ?? '';
  const text = type.includes('application/json') || type.includes('form') ? await boundedText(request) : null;
  if (text === null) return null;
  try {
    if (type.includes('application/json')) {
      const body: unknown = JSON.parse(text);
      const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
      return typeof value === 'string' ? value : null;
    }
    if (type.includes('multipart/form-data')) {
      const value = (await request.clone().formData()).get(field);
      return typeof value === 'string' ? value : null;
    }
    return new URLSearchParams(text).get(field);
  } catch {
    // An unreadable body: the route answers its own 400.
  }
  return null;
}

/** The store a request acts at, by its binding; null when it names none the route would accept. */
async function storeOf(source: StoreSource, request: Request, params: Record<string, string | undefined>, queries: Queries): Promise<string | null> {
  const url = new URL(request.url);
  switch (source.from) {
    case 'query': {
      const named = url.searchParams.get('store_id');
      if (named) return named;
      return source.orDefault ? ((await queries.stores.default())?.store_id ?? null) : null;
    }
    case 'path':
      return params.id ?? null;
    case 'body':
      return bodyField(request, source.field);
  }
  const field = source.field ?? 'id';
  const id = source.in === 'path' ? (params[field] ?? null) : source.in === 'query' ? url.searchParams.get(field) : await bodyField(request, field);
  if (!id) return null;
  switch (source.from) {
    case 'reservation':
      return uuid.safeParse(id).success ? ((await queries.reservations.get(id))?.store_id ?? null) : null;
    case 'order':
      return queries.orders.storeOf(id);
    case 'receipt':
      return uuid.safeParse(id).success ? queries.receipts.storeOf(id) : null;
    case 'seat':
      return (await queries.seats.get(id))?.store_id ?? null;
    case 'menu':
      return (await queries.stock.menu({ ids: [id] }))[0]?.store_id ?? null;
  }
}

/** Whether `user` may act at `storeId` in `area`: the staff-list rule, or the monitor's limit. */
export async function mayUseStore(queries: Queries, user: SignedInUser, storeId: string, area: StoreArea): Promise<boolean> {
  const person = { accountId: user.id, admin: user.roles.includes('admin') };
  const directory = directoryOf(queries);
  try {
    await (area === 'staff' ? requireStoreStaff(directory, storeId, person) : requireMonitorStore(directory, storeId, person));
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_store_staff') return false;
    throw error;
  }
}

/** The stores `user` may use in `area`; null for every store (admins, an unlimited monitor). */
export function storeLimitOf(queries: Queries, user: SignedInUser, area: StoreArea): Promise<string[] | null> {
  return storesOpenTo(directoryOf(queries), { accountId: user.id, admin: user.roles.includes('admin') }, area);
}

/** The stores an area offers `user` to choose from (admins: all), in the list's order. */
export async function storesForArea<S extends { store_id: string }>(queries: Queries, user: SignedInUser, area: StoreArea, stores: S[]): Promise<S[]> {
  const open = await storeLimitOf(queries, user, area);
  return open === null ? stores : stores.filter((s) => open.includes(s.store_id));
}

/** The middleware's store check of a request already let in by the route table. Throws the 403. */
export async function requireStoreAccess(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  pattern: string;
  params: Record<string, string | undefined>;
  user: SignedInUser | null;
}): Promise<void> {
  const { request, context } = args;
  const binding = storeBindingFor(args.pattern, request.method);
  if (!binding) return;
  const url = new URL(request.url);
  // A guest's call is public to the route table, which then looks no one up: the store check does.
  // Whatever else the request carries — a table token, any Authorization header, a guest's
  // cookies — a staff or monitor session is checked against the store (decision 530): the call
  // itself lets a token act only as its guest, so nothing here may trust one.
  const user = args.user ?? (binding.staffMode ? await getUser(request, context) : null);
  if (!user || user.roles.includes('admin')) return;
  if (binding.staffMode && !user.roles.some((role) => role === 'monitor' || role === 'staff')) return;
  const { queries } = appOf(context);
  const storeId = await storeOf(binding.source, request, args.params, queries);
  if (storeId === null || (await mayUseStore(queries, user, storeId, binding.area))) return;
  audit(getRuntime(context).logger, 'authorization_denied', {
    accountId: user.id,
    ip: context.get(clientAddressContext),
    method: request.method,
    path: url.pathname,
    reason: `not a member of store ${storeId} (${binding.area})`,
  });
  if (isApiPath(url.pathname)) {
    throw Response.json({ success: false, error: adminStaffTexts.notStoreStaff }, { status: 403, headers: { 'Cache-Control': 'no-store' } });
  }
  throw data({ message: adminStaffTexts.notStoreStaff }, { status: 403 });
}
