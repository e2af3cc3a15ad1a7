import type { Logger } from 'pino';

/**
 * Security-relevant happenings, logged as structured JSON with a stable `audit` field so they
 * can be filtered and alerted on. Callers pass ids and hashes of identifiers, never a password.
 */
export type AuditEvent =
  | 'login_succeeded'
  | 'login_failed'
  | 'logout'
  | 'account_registered'
  | 'registration_failed'
  | 'role_granted'
  | 'role_revoked'
  | 'authorization_denied'
  | 'csrf_refused'
  | 'rate_limited'
  | 'login_locked'
  | 'email_verified'
  | 'oidc_login_succeeded'
  | 'oidc_login_failed'
  | 'first_admin_created'
  // Privacy (decisions 180–186): who took the event log out, and when, how much.
  | 'event_log_exported';

export interface AuditFields {
  accountId?: string | null;
  /** SHA-256 of the lower-cased e-mail: correlates attempts on one account without logging the address. */
  emailHash?: string;
  ip?: string | null;
  path?: string;
  method?: string;
  reason?: string;
  role?: string;
  correlationId?: string;
  [key: string]: unknown;
}

export function audit(logger: Pick<Logger, 'info' | 'warn'>, event: AuditEvent, fields: AuditFields = {}): void {
  const level =
    event === 'login_succeeded' ||
    event === 'logout' ||
    event === 'account_registered' ||
    event === 'first_admin_created' ||
    event === 'oidc_login_succeeded' ||
    event === 'role_granted' ||
    event === 'role_revoked'
      ? 'info'
      : 'warn';
  logger[level]({ audit: event, ...fields }, `audit ${event}`);
}
