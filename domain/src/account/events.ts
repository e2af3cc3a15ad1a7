import { z } from 'zod';

/**
 * The account context: who may sign in, and with which roles. Every account is at least a
 * signed-in customer; the staff roles below are granted on top of that.
 */
export const staffRoles = ['admin', 'monitor', 'staff'] as const;
export const staffRoleSchema = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** What authorization reasons about: a staff role, or `customer` for any signed-in account. */
export type Role = StaffRole | 'customer';

/** Passwords between 8 and 128 characters (the UI asks for at least 15). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** E-mail addresses are compared case-insensitively, so they are stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((e) => normalizeEmail(e));

/** An external sign-in (OpenID Connect): the issuer and the subject it gives the user. */
export const externalIdentitySchema = z.object({ issuer: z.string().min(1), subject: z.string().min(1) });
export type ExternalIdentity = z.infer<typeof externalIdentitySchema>;

/** What a registration records, as the command asks for it and the event keeps it. */
export interface AccountRegistration {
  accountId: string;
  name: string;
  email: string;
  /** argon2id PHC string; null for accounts that only sign in through an OIDC provider. */
  passwordHash: string | null;
  roles: StaffRole[];
  externalIdentity: ExternalIdentity | null;
}

export type AccountEvent =
  | { type: 'AccountRegistered'; data: AccountRegistration & { registeredAt: string } }
  | { type: 'RoleGranted'; data: { accountId: string; role: StaffRole; grantedAt: string } }
  | { type: 'RoleRevoked'; data: { accountId: string; role: StaffRole; revokedAt: string } }
  | { type: 'PasswordChanged'; data: { accountId: string; passwordHash: string; changedAt: string } }
  | { type: 'ExternalIdentityLinked'; data: { accountId: string; identity: ExternalIdentity; linkedAt: string } };

export type AccountEventType = AccountEvent['type'];
export const accountEventTypes: readonly AccountEventType[] = ['AccountRegistered', 'RoleGranted', 'RoleRevoked', 'PasswordChanged', 'ExternalIdentityLinked'];

/**
 * Events of a claim stream: the one place that says which account owns a unique key
 * (an e-mail address, or an external identity). See docs/decisions/010-account-email-uniqueness.md.
 */
export type ClaimEvent = { type: 'KeyClaimed'; data: { accountId: string; claimedAt: string } };

export function accountStreamId(accountId: string): string {
  return `account-${accountId}`;
}
