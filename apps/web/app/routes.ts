import { index, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';

// One flat list: each feature adds its own lines. Paths follow the spec's route and call tables.
// A route module lives at `routes/<its URL path>/route.ts(x)`, a `:param` segment as `$param`,
// a layout's index page at `_index/route.tsx` (apps/web/README.md). Every route is also listed
// in app/auth/route-access.ts.
export default [
  index('routes/$/route.ts', { id: 'root-index' }),

  // Public customer site
  route('moncafe', 'routes/moncafe/route.tsx'),
  route('about', 'routes/about/route.tsx'),
  route('access', 'routes/access/route.tsx'),
  route('menu', 'routes/menu/route.tsx'),
  // What browsers, crawlers and the tablets' home screens ask every site for (the icons are in public/)
  route('robots.txt', 'routes/robots.txt/route.ts'),
  route('manifest.webmanifest', 'routes/manifest.webmanifest/route.ts'),

  // JSON calls (resource routes)
  route('api/stores', 'routes/api/stores/route.ts'),
  route('api/stores/:id', 'routes/api/stores/$id/route.ts'),
  route('api/admin/homepage-settings', 'routes/api/admin/homepage-settings/route.ts'),
  route('api/admin/menu', 'routes/api/admin/menu/route.ts'),
  route('api/admin/business-hours', 'routes/api/admin/business-hours/route.ts'),

  // Server-sent events for live screens
  route('live', 'routes/live/route.ts'),
  // Mails kept when no SMTP server is configured (development only)
  route('dev/mailbox', 'routes/dev/mailbox/route.tsx'),

  // Sign-in, sign-up and the operations areas (access: app/auth/route-access.ts)
  route('login', 'routes/login/route.tsx'),
  route('logout', 'routes/logout/route.ts'),
  route('auth/oidc', 'routes/auth/oidc/route.ts'),
  route('auth/callback', 'routes/auth/callback/route.tsx'),
  route('auth/success', 'routes/auth/success/route.tsx'),
  route('auth/error', 'routes/auth/error/route.tsx'),
  route('verify-email', 'routes/verify-email/route.tsx'),
  route('api/auth/login', 'routes/api/auth/login/route.ts'),
  route('api/auth/register', 'routes/api/auth/register/route.ts'),
  route('api/auth/status', 'routes/api/auth/status/route.ts'),
  route('api/auth/logout', 'routes/api/auth/logout/route.ts'),
  route('api/my-store', 'routes/api/my-store/route.ts'),
  // Second factors (decision 540)
  route('api/auth/mfa/totp/setup', 'routes/api/auth/mfa/totp/setup/route.ts'),
  route('api/auth/mfa/totp/confirm', 'routes/api/auth/mfa/totp/confirm/route.ts'),
  route('api/auth/mfa/totp/remove', 'routes/api/auth/mfa/totp/remove/route.ts'),
  route('api/auth/mfa/verify', 'routes/api/auth/mfa/verify/route.ts'),
  route('api/auth/mfa/status', 'routes/api/auth/mfa/status/route.ts'),
  route('api/auth/mfa/passkeys', 'routes/api/auth/mfa/passkeys/route.ts'),
  route('api/auth/mfa/passkeys/options', 'routes/api/auth/mfa/passkeys/options/route.ts'),
  route('api/auth/mfa/passkeys/remove', 'routes/api/auth/mfa/passkeys/remove/route.ts'),
  route('api/auth/passkey/options', 'routes/api/auth/passkey/options/route.ts'),
  route('api/auth/passkey/verify', 'routes/api/auth/passkey/verify/route.ts'),
  route('api/admin/users/:id/mfa-reset', 'routes/api/admin/users/$id/mfa-reset/route.ts'),
  route('api/admin/users/:id/leave', 'routes/api/admin/users/$id/leave/route.ts'),
  route('api/admin/users/:id/forget', 'routes/api/admin/users/$id/forget/route.ts'),
  route('account/security', 'routes/account/security/route.tsx'),
  route('api/admin/users', 'routes/api/admin/users/route.ts'),
  route('api/admin/users/:id/roles', 'routes/api/admin/users/$id/roles/route.ts'),
  // Privacy (decisions 180–186): forgetting a guest.
  route('api/admin/guests/erase', 'routes/api/admin/guests/erase/route.ts'),
  route('api/admin/guests/data', 'routes/api/admin/guests/data/route.ts'),
  route('api/my-data', 'routes/api/my-data/route.ts'),
  // The daily close and sales (decisions 250–251)
  route('api/admin/daily-close', 'routes/api/admin/daily-close/route.ts'),
  route('api/admin/sales/export/:kind', 'routes/api/admin/sales/export/$kind/route.ts'),
  route('api/admin/sales/summary', 'routes/api/admin/sales/summary/route.ts'),
  // The time clock (decisions 565–568)
  route('api/staff/clock', 'routes/api/staff/clock/route.ts'),
  route('api/staff/clock/tablet', 'routes/api/staff/clock/tablet/route.ts'),
  route('api/staff/clock-pin', 'routes/api/staff/clock-pin/route.ts'),
  route('api/staff/attendance', 'routes/api/staff/attendance/route.ts'),
  route('api/admin/attendance', 'routes/api/admin/attendance/route.ts'),
  route('api/admin/attendance/history', 'routes/api/admin/attendance/history/route.ts'),
  route('api/admin/attendance/export.csv', 'routes/api/admin/attendance/export.csv/route.ts'),
  route('api/admin/attendance/:record_id', 'routes/api/admin/attendance/$record_id/route.ts'),
  route('api/admin/labour-settings', 'routes/api/admin/labour-settings/route.ts'),
  route('admin', 'routes/admin/route.tsx', [
    index('routes/admin/_index/route.tsx'),
    route('users', 'routes/admin/users/route.tsx'),
    // Staff area editors (decisions 080–085)
    route('shifts', 'routes/admin/shifts/route.tsx'),
    route('opening-prep', 'routes/admin/opening-prep/route.tsx'),
    route('close-prep', 'routes/admin/close-prep/route.tsx'),
    route('order', 'routes/admin/order/route.tsx'),
    route('recipe-manager', 'routes/admin/recipe-manager/route.tsx'),
    route('serve-method-manager', 'routes/admin/serve-method-manager/route.tsx'),
    route('tax-management', 'routes/admin/tax-management/route.tsx'),
    route('store-coordinates', 'routes/admin/store-coordinates/route.tsx'),
    route('order-limits', 'routes/admin/order-limits/route.tsx'),
    route('discount-presets', 'routes/admin/discount-presets/route.tsx'),
    // Seats editor and cost management (decisions 120, 122)
    route('seats', 'routes/admin/seats/route.tsx'),
    // A second store (decision 320)
    route('stores', 'routes/admin/stores/route.tsx'),
    route('cost-management', 'routes/admin/cost-management/route.tsx'),
    // Admin history and database (decisions 140–142)
    route('history', 'routes/admin/history/route.tsx'),
    route('database', 'routes/admin/database/route.tsx'),
    // Privacy (decisions 180–186)
    route('privacy', 'routes/admin/privacy/route.tsx'),
    // Menu editor (decision 090)
    route('menu-add', 'routes/admin/menu-add/route.tsx'),
    route('menu-manager', 'routes/admin/menu-manager/route.tsx'),
    // Site settings (decisions 130–135)
    route('business-hours', 'routes/admin/business-hours/route.tsx'),
    route('homepage-settings', 'routes/admin/homepage-settings/route.tsx'),
    route('email-settings', 'routes/admin/email-settings/route.tsx'),
    route('notifications', 'routes/admin/notifications/route.tsx'),
    route('disclaimer', 'routes/admin/disclaimer/route.tsx'),
    // The daily close and sales (decisions 250–251)
    route('daily-close', 'routes/admin/daily-close/route.tsx'),
    route('sales', 'routes/admin/sales/route.tsx'),
    // The time clock (decisions 565–568)
    route('attendance', 'routes/admin/attendance/route.tsx'),
  ]),
  route('monitor', 'routes/monitor/route.tsx', [
    index('routes/monitor/_index/route.tsx'),
    route('order', 'routes/monitor/order/route.tsx'),
    // The kitchen's own screens, for the monitor's chosen store.
    route('kitchen', 'routes/kitchen/_index/route.tsx', { id: 'monitor-kitchen' }),
    route('stock', 'routes/kitchen/stock/route.tsx', { id: 'monitor-stock' }),
    route('checkout', 'routes/monitor/checkout/route.tsx'),
    route('qr-codes', 'routes/monitor/qr-codes/route.tsx'),
    // Monitor reservation schedule (decision 110)
    route('reservation', 'routes/monitor/reservation/route.tsx'),
  ]),
  route('staff', 'routes/staff/route.tsx', [
    index('routes/staff/_index/route.tsx'),
    route('shift-submit', 'routes/staff/shift-submit/route.tsx'),
    route('view-shift', 'routes/staff/view-shift/route.tsx'),
    route('opening-prep', 'routes/staff/opening-prep/route.tsx'),
    route('close-prep', 'routes/staff/close-prep/route.tsx'),
    route('order', 'routes/staff/order/route.tsx'),
    route('recipe', 'routes/staff/recipe/route.tsx'),
    route('serve-method', 'routes/staff/serve-method/route.tsx'),
    // The store's shared tablet for the time clock (decision 612)
    route('clock', 'routes/staff/clock/route.tsx'),
  ]),
  route('kitchen', 'routes/kitchen/route.tsx', [
    index('routes/kitchen/_index/route.tsx'),
    route('history', 'routes/kitchen/history/route.tsx'),
    route('stock', 'routes/kitchen/stock/route.tsx'),
  ]),

  // The guest at the table (QR ordering and checkout)
  route('order/top', 'routes/order/top/route.tsx'),
  // A one-time pass: staff seating's QR or a friend's invite (decisions 151, 152)
  route('order/join', 'routes/order/join/route.tsx'),
  route('order/food', 'routes/order/food/route.tsx'),
  route('order', 'routes/order/route.tsx'),
  route('checkout', 'routes/checkout/route.tsx'),

  // Reservation flow screens
  route('reservation', 'routes/reservation/route.tsx'),
  route('reservation/day', 'routes/reservation/day/route.tsx'),
  route('reservation-details', 'routes/reservation-details/route.tsx'),
  route('customer-information', 'routes/customer-information/route.tsx'),
  route('reservation-email-sent', 'routes/reservation-email-sent/route.tsx'),
  route('confirm-reservation', 'routes/confirm-reservation/route.tsx', { id: 'confirm-reservation' }),
  route('reservation-confirm', 'routes/confirm-reservation/route.tsx', { id: 'reservation-confirm' }),
  route('customer-confirm', 'routes/confirm-reservation/route.tsx', { id: 'customer-confirm' }),
  route('reservation/cancel', 'routes/reservation/cancel/route.tsx'),
  route('my-reservations', 'routes/my-reservations/route.tsx'),
  // Privacy (decisions 180–186): a guest's own data, readable.
  route('my-data', 'routes/my-data/route.tsx'),

  // Reservation flow calls (customer-site.md §7; `customery-day` is the spec's spelling)
  route('api/customer-detail', 'routes/api/customer-detail/route.ts'),
  route('api/customer/menu', 'routes/api/customer/menu/route.ts'),
  route('api/admin/menu-options/dependencies', 'routes/api/admin/menu-options/dependencies/route.ts'),
  route('api/admin/same-day-settings', 'routes/api/admin/same-day-settings/route.ts'),
  route('api/admin/email-settings/notices', 'routes/api/admin/email-settings/notices/route.ts'),
  route('api/customery-day/available-dates', 'routes/api/customery-day/available-dates/route.ts'),
  route('api/customery-day/is-closed', 'routes/api/customery-day/is-closed/route.ts'),
  route('api/customery-day/available-times', 'routes/api/customery-day/available-times/route.ts'),
  route('api/customery-day/deadline-hours', 'routes/api/customery-day/deadline-hours/route.ts'),
  route('api/customery-day/check-date', 'routes/api/customery-day/check-date/route.ts'),
  route('api/customery-day/allocate-seat', 'routes/api/customery-day/allocate-seat/route.ts'),
  route('api/customery-day/release-seat', 'routes/api/customery-day/release-seat/route.ts'),
  route('api/reservation-images', 'routes/api/reservation-images/route.ts'),
  route('api/reservation-images/:id', 'routes/api/reservation-images/$id/route.ts'),
  route('api/reservation-confirmation/send-confirmation', 'routes/api/reservation-confirmation/send-confirmation/route.ts'),
  route('api/reservation-confirmation/cancel', 'routes/api/reservation-confirmation/cancel/route.ts'),
  route('api/reservation-confirmation/:token', 'routes/api/reservation-confirmation/$token/route.ts'),
  route('api/customer-cancel/check', 'routes/api/customer-cancel/check/route.ts'),
  route('api/customer-cancel/execute', 'routes/api/customer-cancel/execute/route.ts'),

  // Staff area calls (operations.md §7 "Shifts and staff"; decisions 080–085)
  route('api/users', 'routes/api/users/route.ts'),
  route('api/users/:id', 'routes/api/users/$id/route.ts'),
  route('api/admin/shift-recruit-time', 'routes/api/admin/shift-recruit-time/route.ts'),
  route('api/shift/submit', 'routes/api/shift/submit/route.ts'),
  route('api/shift/history-log', 'routes/api/shift/history-log/route.ts'),
  route('api/admin/shifts', 'routes/api/admin/shifts/route.ts'),
  route('api/admin/shifts/all', 'routes/api/admin/shifts/all/route.ts'),
  route('api/admin/shifts/import', 'routes/api/admin/shifts/import/route.ts'),
  route('api/admin/shifts/:id', 'routes/api/admin/shifts/$id/route.ts'),
  route('api/admin/shift-submissions', 'routes/api/admin/shift-submissions/route.ts'),
  route('api/store-opening-tasks/:id', 'routes/api/store-opening-tasks/$id/route.ts'),
  route('api/store-close-tasks/:id', 'routes/api/store-close-tasks/$id/route.ts'),
  route('api/admin/checklist-tasks', 'routes/api/admin/checklist-tasks/route.ts'),
  route('api/admin/checklist-tasks/:id', 'routes/api/admin/checklist-tasks/$id/route.ts'),
  route('api/admin/display-order', 'routes/api/admin/display-order/route.ts'),
  route('api/order-rules', 'routes/api/order-rules/route.ts'),
  route('api/order-rules/:id', 'routes/api/order-rules/$id/route.ts'),
  route('api/order-management', 'routes/api/order-management/route.ts'),
  route('api/order-management/:id', 'routes/api/order-management/$id/route.ts'),
  route('api/order-management/:id/reveal-password', 'routes/api/order-management/$id/reveal-password/route.ts'),
  route('api/purchase-management', 'routes/api/purchase-management/route.ts'),
  route('api/purchase-management/:id', 'routes/api/purchase-management/$id/route.ts'),
  route('api/recipes', 'routes/api/recipes/route.ts'),
  route('api/recipes/:id', 'routes/api/recipes/$id/route.ts'),
  route('api/serve-methods', 'routes/api/serve-methods/route.ts'),
  route('api/serve-methods/serve-method-steps', 'routes/api/serve-methods/serve-method-steps/route.ts'),
  route('api/serve-methods/:id', 'routes/api/serve-methods/$id/route.ts'),
  route('api/staff-photos', 'routes/api/staff-photos/route.ts'),
  route('api/staff-photos/:id', 'routes/api/staff-photos/$id/route.ts'),
  // The guest at the table: QR check-in, orders, stock, kitchen and checkout (operations.md §7 "Orders and QR", "Menu and stock")
  route('api/orders/qr-checkin', 'routes/api/orders/qr-checkin/route.ts'),
  // Staff seating, invites and passes (decisions 151, 152)
  route('api/orders/join', 'routes/api/orders/join/route.ts'),
  route('api/orders/invite', 'routes/api/orders/invite/route.ts'),
  route('api/orders/seat-party', 'routes/api/orders/seat-party/route.ts'),
  // Merged parties (decision 370)
  route('api/orders/merge', 'routes/api/orders/merge/route.ts'),
  route('api/orders/merge/undo', 'routes/api/orders/merge/undo/route.ts'),
  // Floor view (decisions 280–283): the guest's staff call and its answer, staff bookings.
  route('api/orders/call-staff', 'routes/api/orders/call-staff/route.ts'),
  route('api/monitor/staff-calls/acknowledge', 'routes/api/monitor/staff-calls/acknowledge/route.ts'),
  route('api/monitor/staff-bookings', 'routes/api/monitor/staff-bookings/route.ts'),
  route('api/qr-token', 'routes/api/qr-token/route.ts'),
  route('api/orders', 'routes/api/orders/route.ts'),
  route('api/orders/menu', 'routes/api/orders/menu/route.ts'),
  route('api/orders/ready', 'routes/api/orders/ready/route.ts'),
  route('api/orders/completed', 'routes/api/orders/completed/route.ts'),
  route('api/orders/checkout', 'routes/api/orders/checkout/route.ts'),
  route('api/orders/by-reservation/:id', 'routes/api/orders/by-reservation/$id/route.ts'),
  route('api/orders/party', 'routes/api/orders/party/route.ts'),
  route('api/orders/:id/complete', 'routes/api/orders/$id/complete/route.ts'),
  route('api/orders/:id/restore', 'routes/api/orders/$id/restore/route.ts'),
  route('api/orders/:id/void', 'routes/api/orders/$id/void/route.ts'),
  route('api/orders/course-line', 'routes/api/orders/course-line/route.ts'),
  route('api/orders/discount', 'routes/api/orders/discount/route.ts'),
  route('api/orders/discount/remove', 'routes/api/orders/discount/remove/route.ts'),
  route('api/admin/menu/menu-category', 'routes/api/admin/menu/menu-category/route.ts'),
  route('api/admin/menu-stock', 'routes/api/admin/menu-stock/route.ts'),
  route('api/admin/menu-stock/:id', 'routes/api/admin/menu-stock/$id/route.ts'),
  route('api/admin/reservations/:id/grant-token', 'routes/api/admin/reservations/$id/grant-token/route.ts'),
  // Admin database (decisions 140–142): read-model status and rebuilds, export and import of the event log
  route('api/admin/database', 'routes/api/admin/database/route.ts'),
  route('api/admin/database/export', 'routes/api/admin/database/export/route.ts'),
  route('api/admin/database/import', 'routes/api/admin/database/import/route.ts'),

  // Seats editor, admin home, orders by day, cost management (decisions 120–123)
  route('api/admin/seats', 'routes/api/admin/seats/route.ts'),
  route('api/admin/seats/:id', 'routes/api/admin/seats/$id/route.ts'),
  route('api/admin/stores', 'routes/api/admin/stores/route.ts'),
  route('api/admin/stores/:id', 'routes/api/admin/stores/$id/route.ts'),
  route('api/admin/stores/:id/close', 'routes/api/admin/stores/$id/close/route.ts'),
  route('api/admin/day-summary', 'routes/api/admin/day-summary/route.ts'),
  route('api/admin/orders/export.csv', 'routes/api/admin/orders/export.csv/route.ts'),
  route('api/admin/cost-lines', 'routes/api/admin/cost-lines/route.ts'),
  route('api/admin/cost-lines/:id', 'routes/api/admin/cost-lines/$id/route.ts'),

  // Menu editor calls (decision 090; docs/decisions/090-menu-editor.md)
  route('api/admin/menu-items', 'routes/api/admin/menu-items/route.ts'),
  route('api/admin/menu-items/order', 'routes/api/admin/menu-items/order/route.ts'),
  route('api/admin/menu-items/:id', 'routes/api/admin/menu-items/$id/route.ts'),
  route('api/admin/menu-items/:id/hide', 'routes/api/admin/menu-items/$id/hide/route.ts'),
  route('api/admin/menu-items/:id/options', 'routes/api/admin/menu-items/$id/options/route.ts'),
  route('api/admin/menu-items/:id/options/order', 'routes/api/admin/menu-items/$id/options/order/route.ts'),
  route('api/admin/menu-items/:id/options/:optionId', 'routes/api/admin/menu-items/$id/options/$optionId/route.ts'),
  route('api/admin/menu-items/:id/dependencies', 'routes/api/admin/menu-items/$id/dependencies/route.ts'),
  route('api/admin/menu-items/:id/dependencies/:dependencyId', 'routes/api/admin/menu-items/$id/dependencies/$dependencyId/route.ts'),
  route('api/admin/menu-images', 'routes/api/admin/menu-images/route.ts'),
  route('api/menu-images/:id', 'routes/api/menu-images/$id/route.ts'),

  // Site settings calls (decisions 130–135)
  route('api/admin/disclaimer', 'routes/api/admin/disclaimer/route.ts'),
  route('api/admin/homepage-settings/images', 'routes/api/admin/homepage-settings/images/route.ts'),
  route('api/admin/homepage-settings/images/:id', 'routes/api/admin/homepage-settings/images/$id/route.ts'),
  // Monitor reservation schedule calls (decision 110; operations.md §7 "Reservations and business hours")
  route('api/admin/reservations/status', 'routes/api/admin/reservations/status/route.ts'),
  route('api/admin/reservations/update', 'routes/api/admin/reservations/update/route.ts'),
  route('api/admin/reservations/:id', 'routes/api/admin/reservations/$id/route.ts'),
  route('api/admin/menu-options/:menuId', 'routes/api/admin/menu-options/$menuId/route.ts'),
  route('api/admin/business-hours/date/:date', 'routes/api/admin/business-hours/date/$date/route.ts'),

  // No-shows (decision 156)
  route('api/admin/reservations/:id/no-show', 'routes/api/admin/reservations/$id/no-show/route.ts'),
  route('api/admin/reservations/:id/revert-no-show', 'routes/api/admin/reservations/$id/revert-no-show/route.ts'),

  // Receipts and split bills (decision 240)
  route('receipts/:id', 'routes/receipts/$id/route.tsx'),
  route('receipts/:id/pdf', 'routes/receipts/$id/pdf/route.ts'),
  route('api/receipts/:id', 'routes/api/receipts/$id/route.ts'),
  route('api/receipts/:id/reissue', 'routes/api/receipts/$id/reissue/route.ts'),
  route('api/receipts/:id/cancel', 'routes/api/receipts/$id/cancel/route.ts'),
  route('api/receipts/:id/correct', 'routes/api/receipts/$id/correct/route.ts'),
  route('api/orders/split', 'routes/api/orders/split/route.ts'),
  route('api/orders/split/pay', 'routes/api/orders/split/pay/route.ts'),

  // The described API: every JSON call above as OpenAPI 3.1 (decision 665)
  route('api/openapi.json', 'routes/api/openapi.json/route.ts'),

  // Unknown calls answer JSON 404; unknown pages go home (spec).
  route('api/*', 'routes/api/$/route.ts'),
  route('*', 'routes/$/route.ts', { id: 'unknown-path' }),
] satisfies RouteConfig;
