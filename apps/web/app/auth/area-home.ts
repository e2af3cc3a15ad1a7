import type { Role } from '@moncafe/domain/account/events';

/**
 * Where a person lands after signing in when no page asked for them: the home of the area they
 * work in (the owner's area first, then the monitor's, then the staff's), else the public site.
 */
export function areaHomeOf(roles: readonly Role[]): string {
  if (roles.includes('admin')) return '/admin';
  if (roles.includes('monitor')) return '/monitor';
  if (roles.includes('staff')) return '/staff';
  return '/moncafe';
}
