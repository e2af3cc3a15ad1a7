import { z } from 'zod';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

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
const externalIdentitySchema = z.object({ issuer: z.string().min(1), subject: z.string().min(1) });
export type ExternalIdentity = z.infer<typeof externalIdentitySchema>;

const accountRegistrationSchema = z.object({
  accountId: z.string(),
  name: z.string(),
  email: z.string(),
  /** argon2id PHC string; null for accounts that only sign in through an OIDC provider. */
  passwordHash: z.string().nullable(),
  roles: z.array(staffRoleSchema),
  externalIdentity: externalIdentitySchema.nullable(),
  /** Whether the e-mail is known to be the account holder's (the first admin's, a provider's verified one); older events: no. */
  emailVerified: z.boolean().optional(),
});
/** What a registration records, as the command asks for it and the event keeps it. */
export type AccountRegistration = z.output<typeof accountRegistrationSchema>;

export const accountEventSchemas = {
  AccountRegistered: accountRegistrationSchema.extend({ registeredAt: z.string() }),
  RoleGranted: z.object({ accountId: z.string(), role: staffRoleSchema, grantedAt: z.string() }),
  RoleRevoked: z.object({ accountId: z.string(), role: staffRoleSchema, revokedAt: z.string() }),
  /** The hash reads as null once its holder is forgotten (decisions 180–186: sealed with the account's key). */
  PasswordChanged: z.object({ accountId: z.string(), passwordHash: z.string().nullable(), changedAt: z.string() }),
  /** The identity reads as null once its holder is forgotten (decisions 180–186). */
  ExternalIdentityLinked: z.object({ accountId: z.string(), identity: externalIdentitySchema.nullable(), linkedAt: z.string() }),
  /** A single-use link was mailed to the account's address; only the SHA-256 of its secret is kept. */
  EmailVerificationIssued: z.object({ accountId: z.string(), tokenHash: z.string(), expiresAt: z.string(), issuedAt: z.string() }),
  /** The link was opened: the address is the account holder's, and reservations made with it are theirs to see. */
  EmailVerified: z.object({ accountId: z.string(), verifiedAt: z.string() }),
  /**
   * The store the person last chose to work on (decision 576): a new browser opens their areas on
   * it. Kept per account on the server, not only in one browser.
   */
  StoreChosen: z.object({ accountId: z.string(), storeId: z.string(), chosenAt: z.string() }),
  /**
   * A staff member left (decision 620): an admin took every staff role away, and the account signs
   * in no more; their shifts and attendance stay. `roles` are the ones it held.
   */
  StaffRemoved: z.object({ accountId: z.string(), by: z.string(), roles: z.array(staffRoleSchema), removedAt: z.string() }),
  /**
   * A removed staff member forgotten once the wage records' retention had passed (decision 620):
   * their data key is destroyed, so name, e-mail and secrets read as erased everywhere; their shifts
   * and attendance stay, shown under `pseudonym` (not personal: a random code, never their name).
   */
  StaffForgotten: z.object({ accountId: z.string(), by: z.string(), pseudonym: z.string(), forgottenAt: z.string() }),
  /** A customer account's holder was forgotten with their reservations (decisions 180–186): name and e-mail read as erased, no sign-in is left. */
  AccountForgotten: z.object({ accountId: z.string(), name: z.string(), email: z.string(), forgottenAt: z.string() }),
  // Second factors (decision 540). Secrets never travel in clear: the TOTP secret is sealed with
  // SECRETS_KEY (decision 083), recovery codes are kept as password hashes.
  /** An authenticator app's secret was handed out; it counts once a code from it is confirmed. Null once its holder is forgotten. */
  TotpSetupStarted: z.object({ accountId: z.string(), secretSealed: z.string().nullable(), startedAt: z.string() }),
  /** A code from the app proved the secret is in it; ten single-use recovery codes were made (their hashes kept). */
  TotpConfirmed: z.object({ accountId: z.string(), timeStep: z.number().int(), recoveryCodeHashes: z.array(z.string()), confirmedAt: z.string() }),
  /** A sign-in used the app's code of this 30-second step: no code of it or before it is taken again. */
  TotpCodeUsed: z.object({ accountId: z.string(), timeStep: z.number().int(), usedAt: z.string() }),
  /** A sign-in used one recovery code: it no longer works. */
  RecoveryCodeUsed: z.object({ accountId: z.string(), codeHash: z.string(), usedAt: z.string() }),
  TotpRemoved: z.object({ accountId: z.string(), removedAt: z.string() }),
  /** The TOTP secret sealed again with the newest SECRETS_KEY (`secrets:reseal`, decision 178). */
  TotpSecretResealed: z.object({ accountId: z.string(), secretSealed: z.string().nullable(), resealedAt: z.string() }),
  /** A passkey (WebAuthn credential): its id and public key as base64url, its signature counter. */
  PasskeyAdded: z.object({
    accountId: z.string(),
    credentialId: z.string(),
    publicKey: z.string(),
    counter: z.number().int().nonnegative(),
    transports: z.array(z.string()),
    addedAt: z.string(),
  }),
  PasskeyUsed: z.object({ accountId: z.string(), credentialId: z.string(), counter: z.number().int().nonnegative(), usedAt: z.string() }),
  PasskeyRemoved: z.object({ accountId: z.string(), credentialId: z.string(), removedAt: z.string() }),
  /** An admin removed every second factor of another account (a lost phone), saying why. */
  SecondFactorsReset: z.object({ accountId: z.string(), by: z.string(), reason: z.string(), resetAt: z.string() }),
  /** A sign-in that needs a second factor found none: its holder may go on without one until `deadline`. */
  SecondFactorAsked: z.object({ accountId: z.string(), deadline: z.string(), askedAt: z.string() }),
};
export type AccountEvent = EventsOf<typeof accountEventSchemas>;
export type AccountEventType = AccountEvent['type'];
export const parseAccountEvent = eventParser(accountEventSchemas);

/**
 * Events of a claim stream: the one place that says which account owns a unique key
 * (an e-mail address, or an external identity). See docs/decisions/010-account-email-uniqueness.md.
 */
export const claimEventSchemas = { KeyClaimed: z.object({ accountId: z.string(), claimedAt: z.string() }) };
export type ClaimEvent = EventsOf<typeof claimEventSchemas>;
export const parseClaimEvent = eventParser(claimEventSchemas);

/** `account-{accountId}`: one stream per account. */
export const ACCOUNT_CATEGORY = 'account';
/** `accountclaim-{email|oidc|passkey}~{sha256 hex}`: who owns an e-mail address, an external identity or a passkey. */
const ACCOUNT_CLAIM_CATEGORY = 'accountclaim';

export function toStreamName(accountId: string): string {
  return streamName(ACCOUNT_CATEGORY, accountId);
}

export function fromStreamName(streamId: string): { accountId: string } | null {
  const parts = streamParts(ACCOUNT_CATEGORY, streamId, 1);
  return parts ? { accountId: parts[0]! } : null;
}

export function claimStreamName(key: 'email' | 'oidc' | 'passkey', digest: string): string {
  return streamName(ACCOUNT_CLAIM_CATEGORY, key, digest);
}
