import { normalizePattern } from './route-access';

/**
 * Which routes and calls act at one store, and where the store is found (decision 400): the
 * root middleware finds it before the route runs and asks the one membership rule
 * (domain/src/account/store-membership.ts) — `requireStoreStaff` for the staff area,
 * `requireMonitorStore` for the monitor and kitchen areas. Admins pass everywhere. A store the
 * request does not name (or a record that does not exist) is left to the route, which answers
 * its own 400 or 404.
 *
 * tests/security/store-scope.int.test.ts tries every entry as a member of store 2 only against
 * store 3, and fails for a staff or monitor call that reads `store_id` and is not listed here.
 */
export type StoreArea = 'staff' | 'monitor';

/**
 * Where the store is: the query's `store_id`, a path parameter, a body field, or the record an id
 * names — in the path (`field` is the parameter's name, `id` unless given), the query or the body.
 */
export type StoreSource =
  | { from: 'query'; orDefault?: boolean }
  | { from: 'path' }
  | { from: 'body'; field: string }
  | { from: 'reservation' | 'order' | 'seat' | 'menu' | 'receipt'; in: 'path' | 'query' | 'body'; field?: string };

export interface StoreBinding {
  area: StoreArea;
  /**
   * A guest's call that a monitor may also make as staff: the store is checked whenever the
   * request carries a staff or monitor account's session, whatever token or header it also
   * carries; a guest's table token alone is the call's own check (decisions 400, 530).
   */
  staffMode?: boolean;
  /** GET and HEAD. */
  read?: StoreSource;
  /** POST, PUT, PATCH, DELETE. */
  write?: StoreSource;
}

const query: StoreSource = { from: 'query' };
/** Monitor calls that mean the first store when none is named. */
const queryOrDefault: StoreSource = { from: 'query', orDefault: true };
const bodyStore: StoreSource = { from: 'body', field: 'store_id' };
const reservationIn = (where: 'path' | 'query' | 'body', field = 'reservation_id'): StoreSource => ({ from: 'reservation', in: where, field });

const staffRead = (read: StoreSource): StoreBinding => ({ area: 'staff', read });
const monitorBoth = (read: StoreSource, write?: StoreSource): StoreBinding => ({ area: 'monitor', read, ...(write ? { write } : {}) });
const monitorWrite = (write: StoreSource): StoreBinding => ({ area: 'monitor', write });

export const storeBound: Readonly<Record<string, StoreBinding>> = {
  // Staff area: the staff list of the store (decision 162); the screens read these calls.
  '/api/users': staffRead(query),
  '/api/admin/shift-recruit-time': staffRead(query),
  '/api/admin/shifts/all': staffRead(query),
  '/api/admin/shifts/:id': { area: 'staff', write: bodyStore },
  '/api/shift/submit': { area: 'staff', write: bodyStore },
  '/api/shift/history-log': staffRead(query),
  // The time clock: a press names its store in the body, a person's month in the query.
  '/api/staff/clock': { area: 'staff', write: bodyStore },
  '/api/staff/clock/tablet': { area: 'staff', write: bodyStore },
  '/api/staff/attendance': staffRead(query),
  // GET names the store in the path; PUT names a task, whose store the checklist service checks.
  '/api/store-opening-tasks/:id': staffRead({ from: 'path' }),
  '/api/store-close-tasks/:id': staffRead({ from: 'path' }),
  '/api/order-rules': staffRead(query),
  '/api/order-management': staffRead(query),
  '/api/purchase-management': staffRead(query),
  '/api/recipes': staffRead(query),
  '/api/serve-methods': staffRead(query),

  // Monitor and kitchen: the pages that read a store (the floor, seating, checkout, QR cards) …
  '/monitor': monitorBoth(query),
  '/monitor/order': monitorBoth(query),
  '/monitor/checkout': monitorBoth(query),
  '/monitor/qr-codes': monitorBoth(query, bodyStore),
  // … and their calls.
  '/api/orders/ready': monitorBoth(queryOrDefault),
  '/api/orders/completed': monitorBoth(queryOrDefault),
  '/api/admin/reservations/status': monitorBoth(queryOrDefault),
  '/api/admin/menu-stock': monitorBoth(queryOrDefault, bodyStore),
  '/api/admin/menu-stock/:id': monitorBoth({ from: 'menu', in: 'path' }, { from: 'menu', in: 'path' }),
  '/api/admin/menu-options/:menuId': monitorBoth({ from: 'menu', in: 'path', field: 'menuId' }),
  '/api/orders/:id/complete': monitorWrite({ from: 'order', in: 'path' }),
  '/api/orders/:id/restore': monitorWrite({ from: 'order', in: 'path' }),
  '/api/orders/:id/void': monitorWrite({ from: 'order', in: 'path' }),
  '/api/orders/course-line': monitorWrite(reservationIn('body')),
  '/api/orders/discount': monitorWrite(reservationIn('body')),
  '/api/orders/discount/remove': monitorWrite(reservationIn('body')),
  '/api/orders/seat-party': monitorWrite({ from: 'seat', in: 'body', field: 'seat_id' }),
  '/api/orders/merge': monitorWrite(reservationIn('body')),
  '/api/orders/merge/undo': monitorWrite(reservationIn('body')),
  '/api/monitor/staff-calls/acknowledge': monitorWrite(reservationIn('body')),
  '/api/monitor/staff-bookings': monitorWrite(bodyStore),
  '/api/admin/reservations/update': monitorWrite(reservationIn('body', 'id')),
  '/api/admin/reservations/:id': monitorBoth(reservationIn('path', 'id')),
  '/api/admin/reservations/:id/grant-token': monitorWrite(reservationIn('path', 'id')),
  '/api/admin/reservations/:id/no-show': monitorWrite(reservationIn('path', 'id')),
  '/api/receipts/:id/reissue': monitorWrite({ from: 'receipt', in: 'path' }),
  '/api/receipts/:id/cancel': monitorWrite({ from: 'receipt', in: 'path' }),
  '/api/receipts/:id/correct': monitorWrite({ from: 'receipt', in: 'path' }),

  // The guest's table calls and receipts, when a monitor makes them as staff (decisions 151, 240).
  '/api/orders': { ...monitorWrite(reservationIn('body')), staffMode: true },
  '/api/orders/qr-checkin': { ...monitorWrite({ from: 'seat', in: 'body', field: 'seat_id' }), staffMode: true },
  '/api/orders/by-reservation/:id': { ...monitorBoth(reservationIn('path', 'id')), staffMode: true },
  '/api/orders/checkout': { ...monitorBoth(reservationIn('query'), reservationIn('body')), staffMode: true },
  '/api/orders/split': { ...monitorWrite(reservationIn('body')), staffMode: true },
  '/api/orders/split/pay': { ...monitorWrite(reservationIn('body')), staffMode: true },
  '/api/receipts/:id': { ...monitorBoth({ from: 'receipt', in: 'path' }), staffMode: true },
  '/receipts/:id': { ...monitorBoth({ from: 'receipt', in: 'path' }), staffMode: true },
  '/receipts/:id/pdf': { ...monitorBoth({ from: 'receipt', in: 'path' }), staffMode: true },
};

const table = new Map(Object.entries(storeBound).map(([pattern, binding]) => [normalizePattern(pattern), binding]));

/** The store binding of a route pattern for a method, or null when the route is not store-bound that way. */
export function storeBindingFor(pattern: string, method: string): { area: StoreArea; source: StoreSource; staffMode: boolean } | null {
  const binding = table.get(normalizePattern(pattern));
  if (!binding) return null;
  const reading = ['GET', 'HEAD'].includes(method.toUpperCase());
  const source = reading ? binding.read : binding.write;
  return source ? { area: binding.area, source, staffMode: binding.staffMode ?? false } : null;
}
