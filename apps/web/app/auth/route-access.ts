import type { Role } from '@moncafe/domain/account/events';

/**
 * Who may use each route and call: the one table every loader and action is checked against
 * (by the root middleware, and by `requireRole` in route modules). Keys are route patterns as
 * in app/routes.ts, with a leading slash; parameter names do not matter (`:id` and `:storeId`
 * are the same key). A route that is not listed here is refused to everyone but admins, and
 * tests/security/route-access.int.test.ts fails until it is listed.
 *
 * Spec, operations section 6 and the issue: customer pages are public; monitor, kitchen,
 * schedule, checkout, stock and token grants need admin or monitor; staff screens need staff or
 * admin; the admin area needs admin. Several `/api/admin/...` reads are made by the public
 * customer site (spec customer-site section 7), so they are public to read and admin to change.
 */
export type Allowed = 'public' | 'signed-in' | readonly Role[];

export interface RouteRule {
  /** GET and HEAD. */
  read: Allowed;
  /** POST, PUT, PATCH, DELETE. Defaults to `read`. */
  write?: Allowed;
}

const ADMIN = ['admin'] as const satisfies readonly Role[];
const MONITOR = ['admin', 'monitor'] as const satisfies readonly Role[];
const STAFF = ['staff', 'admin'] as const satisfies readonly Role[];
const pub: RouteRule = { read: 'public' };
const admin: RouteRule = { read: ADMIN };
const monitor: RouteRule = { read: MONITOR };
const staff: RouteRule = { read: STAFF };
/** Reference data the customer site reads; only admins change it. */
const publicReadAdminWrite: RouteRule = { read: 'public', write: ADMIN };
/** Reference data staff screens read; only admins change it. */
const staffReadAdminWrite: RouteRule = { read: STAFF, write: ADMIN };

const adminAreaChildren = [
  'menu-add',
  'menu-manager',
  'recipe-manager',
  'serve-method-manager',
  'seats',
  'business-hours',
  'database',
  'opening-prep',
  'close-prep',
  'users',
  'shifts',
  'history',
  'order',
  'disclaimer',
  'email-settings',
  'notifications',
  'homepage-settings',
  'cost-management',
  'tax-management',
  'store-coordinates',
  'order-limits',
  // The register's preset discounts (decision 642)
  'discount-presets',
  // A second store (decision 320)
  'stores',
  // Privacy (decisions 180–186)
  'privacy',
  // The daily close and sales (decisions 250–251)
  'daily-close',
  'sales',
  // The time clock (decisions 565–568)
  'attendance',
] as const;

const monitorAreaChildren = ['order', 'kitchen', 'stock', 'reservation', 'checkout'] as const;
const staffAreaChildren = ['shift-submit', 'view-shift', 'opening-prep', 'close-prep', 'order', 'recipe', 'serve-method', 'clock'] as const;

export const routeAccess: Readonly<Record<string, RouteRule>> = {
  // Customer site (public)
  '/': pub,
  '/*': pub,
  '/moncafe': pub,
  '/about': pub,
  '/access': pub,
  '/menu': pub,
  '/robots.txt': pub,
  '/manifest.webmanifest': pub,
  '/reservation': pub,
  '/reservation/day': pub,
  '/reservation-details': pub,
  '/customer-information': pub,
  '/reservation-email-sent': pub,
  '/reservation-confirm': pub,
  '/customer-confirm': pub,
  '/confirm-reservation': pub,
  '/reservation/cancel': pub,
  '/my-reservations': pub,
  '/my-data': pub,
  // Privacy (decisions 180–186): a signed-in guest's own data (the call checks the verified e-mail).
  '/api/my-data': { read: 'signed-in' },
  // Sign-in
  '/login': pub,
  '/logout': pub,
  '/auth/callback': pub,
  '/auth/success': pub,
  '/auth/error': pub,
  '/auth/oidc': pub,
  '/verify-email': pub,
  // QR ordering and customer checkout (guarded by the reservation's own token)
  '/order/top': pub,
  '/order/join': pub,
  '/order/food': pub,
  '/order': pub,
  '/checkout': pub,
  // Live feed: filters by role itself; mailbox: development only
  '/live': pub,
  '/dev/mailbox': pub,

  // Kitchen and monitor (admin or monitor)
  '/kitchen': monitor,
  '/kitchen/history': monitor,
  '/kitchen/stock': monitor,
  '/monitor': monitor,
  ...Object.fromEntries(monitorAreaChildren.map((c) => [`/monitor/${c}`, monitor])),
  // Printable seat QR codes for the floor (decisions 060, 150; not in the spec's route table)
  '/monitor/qr-codes': monitor,

  // Staff (staff or admin)
  '/staff': staff,
  ...Object.fromEntries(staffAreaChildren.map((c) => [`/staff/${c}`, staff])),

  // Admin
  '/admin': admin,
  ...Object.fromEntries(adminAreaChildren.map((c) => [`/admin/${c}`, admin])),

  // JSON calls: auth
  '/api/auth/login': pub,
  '/api/auth/register': pub,
  '/api/auth/status': pub,
  // The store a person last chose to work on, kept on their account (decision 576).
  '/api/my-store': { read: ['admin', 'monitor', 'staff'] },
  '/api/auth/logout': pub,
  // Second factors (decision 540): the sign-in's second step comes before any session, and a
  // sign-in past its grace adds a factor before one; each call checks its own cookie or session.
  '/api/auth/mfa/totp/setup': pub,
  '/api/auth/mfa/totp/confirm': pub,
  '/api/auth/mfa/verify': pub,
  '/api/auth/mfa/passkeys': pub,
  '/api/auth/mfa/passkeys/options': pub,
  '/api/auth/passkey/options': pub,
  '/api/auth/passkey/verify': pub,
  '/api/auth/mfa/totp/remove': { read: 'signed-in' },
  '/api/auth/mfa/passkeys/remove': { read: 'signed-in' },
  '/api/auth/mfa/status': { read: 'signed-in' },
  '/account/security': pub,
  '/api/admin/users/:id/mfa-reset': admin,
  // Staff who leave (decision 620)
  '/api/admin/users/:id/leave': admin,
  '/api/admin/users/:id/forget': admin,

  // JSON calls: stores and reference data the customer site reads
  '/api/stores': publicReadAdminWrite,
  '/api/stores/:id': publicReadAdminWrite,
  '/api/admin/homepage-settings': publicReadAdminWrite,
  '/api/admin/homepage-settings/:id': publicReadAdminWrite,
  '/api/admin/business-hours': publicReadAdminWrite,
  '/api/admin/business-hours/date/:date': publicReadAdminWrite,
  '/api/admin/menu': publicReadAdminWrite,
  '/api/admin/menu/:id': publicReadAdminWrite,
  '/api/admin/menu/menu-category': publicReadAdminWrite,
  '/api/admin/menu-options/dependencies': publicReadAdminWrite,
  '/api/admin/same-day-settings': publicReadAdminWrite,
  '/api/admin/email-settings/notices': publicReadAdminWrite,
  '/api/admin/disclaimer': publicReadAdminWrite,
  '/api/customer/menu': pub,
  '/api/holidays': pub,

  // JSON calls: reservation flow (public; confirmation mails are rate limited)
  '/api/customer-detail': pub,
  '/api/customery-day/available-dates': pub,
  '/api/customery-day/is-closed': pub,
  '/api/customery-day/available-times': pub,
  '/api/customery-day/deadline-hours': pub,
  '/api/customery-day/allocate-seat': pub,
  '/api/customery-day/check-date': pub,
  '/api/customery-day/release-seat': pub,
  // Pictures for image options: uploaded by the reservation session; who may read one is decided by the call (decision 032)
  '/api/reservation-images': pub,
  '/api/reservation-images/:id': pub,
  '/api/reservation-confirmation/send-confirmation': pub,
  '/api/reservation-confirmation/cancel': pub,
  '/api/reservation-confirmation/:token': pub,
  '/api/customer-cancel/check': pub,
  '/api/customer-cancel/execute': pub,

  // JSON calls: QR ordering (the reservation's QR token is checked by the call itself)
  '/api/qr-token': pub,
  '/api/orders': pub,
  '/api/orders/qr-checkin': pub,
  // A pass or a guest's token is checked by the call itself (decisions 151, 152)
  '/api/orders/join': pub,
  '/api/orders/invite': pub,
  '/api/orders/by-reservation/:id': pub,
  '/api/orders/party': pub,
  '/api/orders/checkout': pub,
  '/api/orders/menu': pub,

  // JSON calls: kitchen, stock, schedule, checkout, token grants (admin or monitor)
  '/api/orders/seat-party': monitor,
  '/api/orders/merge': monitor,
  '/api/orders/merge/undo': monitor,
  // Floor view (decisions 280–283): a guest's call proves itself with its table-order token.
  '/api/orders/call-staff': pub,
  '/api/monitor/staff-calls/acknowledge': monitor,
  '/api/monitor/staff-bookings': monitor,
  '/api/orders/:id/void': monitor,
  '/api/orders/course-line': monitor,
  '/api/orders/discount': monitor,
  '/api/orders/discount/remove': monitor,
  '/api/orders/ready': monitor,
  '/api/orders/completed': monitor,
  '/api/orders/:id/complete': monitor,
  '/api/orders/:id/restore': monitor,
  '/api/admin/reservations/status': monitor,
  '/api/admin/reservations/update': monitor,
  '/api/admin/reservations/:id': monitor,
  '/api/admin/reservations/:id/grant-token': monitor,
  '/api/admin/reservations/:id/checkout': monitor,
  '/api/admin/menu-options/:menuId': monitor,
  '/api/admin/menu-stock': monitor,
  '/api/admin/menu-stock/:id': monitor,

  // JSON calls: staff (staff or admin); the staff area's reference data is written by admins only
  '/api/users': staffReadAdminWrite,
  '/api/users/:id': admin,
  '/api/admin/shift-recruit-time': staffReadAdminWrite,
  '/api/shift/submit': staff,
  '/api/admin/shifts/all': staff,
  '/api/admin/shifts/:id': staff,
  '/api/shift/history-log': staff,
  '/api/store-opening-tasks/:id': staff,
  '/api/store-close-tasks/:id': staff,
  '/api/order-rules': staffReadAdminWrite,
  '/api/order-rules/:id': admin,
  '/api/order-management': staffReadAdminWrite,
  '/api/order-management/:id': admin,
  // Revealing a supplier's password is a staff read with an effect (it is recorded): a POST staff may make.
  '/api/order-management/:id/reveal-password': staff,
  '/api/purchase-management': staffReadAdminWrite,
  '/api/purchase-management/:id': admin,
  '/api/recipes': staffReadAdminWrite,
  '/api/recipes/:id': staffReadAdminWrite,
  '/api/serve-methods': staffReadAdminWrite,
  '/api/serve-methods/:id': admin,
  '/api/serve-methods/serve-method-steps': staffReadAdminWrite,
  '/api/staff-photos': admin,
  '/api/staff-photos/:id': staff,

  // JSON calls: admin
  '/api/admin/users': admin,
  '/api/admin/users/:id/roles': admin,
  // Privacy (decisions 180–186): forgetting a guest.
  '/api/admin/guests/erase': admin,
  '/api/admin/guests/data': admin,
  '/api/admin/catalog/:kind': admin,
  '/api/admin/catalog/:kind/:id': admin,
  '/api/admin/shifts': admin,
  '/api/admin/shifts/import': admin,
  '/api/admin/shift-submissions': admin,
  '/api/admin/checklist-tasks': admin,
  '/api/admin/checklist-tasks/:id': admin,
  '/api/admin/display-order': admin,
  // Seats editor, admin home, orders by day, cost management (decisions 120–123)
  '/api/admin/seats': admin,
  '/api/admin/seats/:id': admin,
  '/api/admin/stores': admin,
  '/api/admin/stores/:id': admin,
  '/api/admin/stores/:id/close': admin,
  '/api/admin/day-summary': admin,
  '/api/admin/orders/export.csv': admin,
  '/api/admin/cost-lines': admin,
  '/api/admin/cost-lines/:id': admin,
  // The daily close and sales (decisions 250–251)
  '/api/admin/daily-close': admin,
  '/api/admin/sales/export/:kind': admin,
  '/api/admin/sales/summary': admin,
  // The time clock (decisions 565–568): each person clocks and reads their own; the owner the rest.
  '/api/staff/clock': staff,
  '/api/staff/clock/tablet': staff,
  '/api/staff/clock-pin': staff,
  '/api/staff/attendance': staff,
  '/api/admin/attendance': admin,
  '/api/admin/attendance/history': admin,
  '/api/admin/attendance/export.csv': admin,
  '/api/admin/attendance/:record_id': admin,
  '/api/admin/labour-settings': admin,
  // Admin database (decision 142); /admin/history and /admin/database are adminAreaChildren
  '/api/admin/database': admin,
  '/api/admin/database/export': admin,
  '/api/admin/database/import': admin,
  // Menu editor (decision 090): admin writes and reads; the pictures are public (they are on /menu)
  '/api/admin/menu-items': admin,
  '/api/admin/menu-items/order': admin,
  '/api/admin/menu-items/:id': admin,
  '/api/admin/menu-items/:id/hide': admin,
  '/api/admin/menu-items/:id/options': admin,
  '/api/admin/menu-items/:id/options/order': admin,
  '/api/admin/menu-items/:id/options/:optionId': admin,
  '/api/admin/menu-items/:id/dependencies': admin,
  '/api/admin/menu-items/:id/dependencies/:dependencyId': admin,
  '/api/admin/menu-images': admin,
  '/api/menu-images/:id': pub,
  // Site settings (decisions 130–135): card pictures are public to see, admins upload them
  '/api/admin/homepage-settings/images': admin,
  '/api/admin/homepage-settings/images/:id': pub,
  // No-shows (decision 156): monitors record one, only admins take one back
  '/api/admin/reservations/:id/no-show': monitor,
  '/api/admin/reservations/:id/revert-no-show': admin,

  // The described API (decision 665): what the calls are is no secret; who may use each is enforced here.
  '/api/openapi.json': pub,
  // Unknown calls answer a JSON 404 to everyone
  '/api/*': pub,
  // Receipts and split bills (decision 240): the print view, its PDF and the JSON are
  // guarded inside (staff, the guest link's key, or the visit's own token); reprints and 赤伝 are staff's.
  '/receipts/:id': pub,
  '/receipts/:id/pdf': pub,
  '/api/receipts/:id': pub,
  '/api/receipts/:id/reissue': monitor,
  '/api/receipts/:id/cancel': monitor,
  '/api/receipts/:id/correct': monitor,
  '/api/orders/split': pub,
  '/api/orders/split/pay': pub,
};

/** `admin/users/:accountId` → `/admin/users/:`: leading slash, parameter names dropped. */
export function normalizePattern(pattern: string): string {
  const path = `/${pattern.replace(/^\/+/, '')}`.replace(/\/+$/, '') || '/';
  return path.replace(/:[^/]+/g, ':');
}

const table = new Map(Object.entries(routeAccess).map(([pattern, rule]) => [normalizePattern(pattern), rule]));

/** Unlisted routes: admins only, so a forgotten entry fails closed. */
const unlistedRule: RouteRule = { read: ADMIN };

export function ruleFor(pattern: string): { rule: RouteRule; listed: boolean } {
  const rule = table.get(normalizePattern(pattern));
  return rule ? { rule, listed: true } : { rule: unlistedRule, listed: false };
}

export function isWriteMethod(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

export function allowedFor(rule: RouteRule, method: string): Allowed {
  return isWriteMethod(method) ? (rule.write ?? rule.read) : rule.read;
}

/** Whether someone with these roles (none when anonymous) passes. */
export function permits(allowed: Allowed, roles: readonly Role[] | null): boolean {
  if (allowed === 'public') return true;
  if (roles === null) return false;
  if (allowed === 'signed-in') return true;
  return allowed.some((r) => roles.includes(r));
}
