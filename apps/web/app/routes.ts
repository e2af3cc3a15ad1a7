import { index, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';

// One flat list: each feature adds its own lines. Paths follow the spec's route and call tables.
export default [
  index('routes/redirect-home.ts', { id: 'root-index' }),

  // Public customer site
  route('moncafe', 'routes/home/route.tsx'),
  route('about', 'routes/about/route.tsx'),
  route('access', 'routes/access/route.tsx'),
  route('menu', 'routes/menu/route.tsx'),

  // JSON calls (resource routes)
  route('api/stores', 'routes/api/stores.ts'),
  route('api/stores/:id', 'routes/api/store.ts'),
  route('api/admin/homepage-settings', 'routes/api/homepage-settings.ts'),
  route('api/admin/menu', 'routes/api/menu.ts'),
  route('api/admin/business-hours', 'routes/api/business-hours.ts'),

  // Server-sent events for live screens
  route('live', 'routes/live.ts'),
  // Mails kept when no SMTP server is configured (development only)
  route('dev/mailbox', 'routes/dev/mailbox.tsx'),

  // Sign-in, sign-up and the operations areas (access: app/auth/route-access.ts)
  route('login', 'routes/login/route.tsx'),
  route('logout', 'routes/logout.ts'),
  route('auth/oidc', 'routes/auth/oidc.ts'),
  route('auth/callback', 'routes/auth/callback.tsx'),
  route('auth/success', 'routes/auth/success.tsx'),
  route('auth/error', 'routes/auth/error.tsx'),
  route('api/auth/login', 'routes/api/auth/login.ts'),
  route('api/auth/register', 'routes/api/auth/register.ts'),
  route('api/auth/status', 'routes/api/auth/status.ts'),
  route('api/auth/logout', 'routes/api/auth/logout.ts'),
  route('api/admin/users', 'routes/admin/users.api.ts'),
  route('api/admin/users/:id/roles', 'routes/admin/user-roles.api.ts'),
  route('admin', 'routes/admin/layout.tsx', [index('routes/admin/home.tsx'), route('users', 'routes/admin/users.tsx')]),
  route('monitor', 'routes/monitor/layout.tsx', [index('routes/monitor/home.tsx')]),
  route('staff', 'routes/staff/layout.tsx', [index('routes/staff/home.tsx')]),
  route('kitchen', 'routes/kitchen/layout.tsx', [index('routes/kitchen/home.tsx')]),

  // Reservation flow screens
  route('reservation', 'routes/reservation.tsx'),
  route('reservation/day', 'routes/reservation.day.tsx'),
  route('reservation-details', 'routes/reservation-details.tsx'),
  route('customer-information', 'routes/customer-information.tsx'),
  route('reservation-email-sent', 'routes/reservation-email-sent.tsx'),
  route('confirm-reservation', 'routes/confirm-reservation.tsx', { id: 'confirm-reservation' }),
  route('reservation-confirm', 'routes/confirm-reservation.tsx', { id: 'reservation-confirm' }),
  route('customer-confirm', 'routes/confirm-reservation.tsx', { id: 'customer-confirm' }),
  route('reservation/cancel', 'routes/reservation.cancel.tsx'),
  route('my-reservations', 'routes/my-reservations.tsx'),

  // Reservation flow calls (customer-site.md §7; `customery-day` is the spec's spelling)
  route('api/customer-detail', 'routes/api.customer-detail.ts'),
  route('api/customer/menu', 'routes/api.customer.menu.ts'),
  route('api/admin/menu-options/dependencies', 'routes/api.admin.menu-options.dependencies.ts'),
  route('api/admin/same-day-settings', 'routes/api.admin.same-day-settings.ts'),
  route('api/admin/email-settings/notices', 'routes/api.admin.email-settings.notices.ts'),
  route('api/customery-day/available-dates', 'routes/api.customery-day.available-dates.ts'),
  route('api/customery-day/is-closed', 'routes/api.customery-day.is-closed.ts'),
  route('api/customery-day/available-times', 'routes/api.customery-day.available-times.ts'),
  route('api/customery-day/deadline-hours', 'routes/api.customery-day.deadline-hours.ts'),
  route('api/customery-day/check-date', 'routes/api.customery-day.check-date.ts'),
  route('api/customery-day/allocate-seat', 'routes/api.customery-day.allocate-seat.ts'),
  route('api/customery-day/release-seat', 'routes/api.customery-day.release-seat.ts'),
  route('api/reservation-confirmation/send-confirmation', 'routes/api.reservation-confirmation.send-confirmation.ts'),
  route('api/reservation-confirmation/cancel', 'routes/api.reservation-confirmation.cancel.ts'),
  route('api/reservation-confirmation/:token', 'routes/api.reservation-confirmation.token.ts'),
  route('api/customer-cancel/check', 'routes/api.customer-cancel.check.ts'),
  route('api/customer-cancel/execute', 'routes/api.customer-cancel.execute.ts'),

  // Unknown calls answer JSON 404; unknown pages go home (spec).
  route('api/*', 'routes/api/not-found.ts'),
  route('*', 'routes/redirect-home.ts', { id: 'unknown-path' }),
] satisfies RouteConfig;
