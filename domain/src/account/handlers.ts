import { commandHandler, foldStream, metadataOf, type CommandContext, type HandlerDeps } from '../command-handler';
import { DomainError } from '../decider';
import { WrongExpectedRevisionError, type Clock, type RecordedEvent } from '../ports';
import { accountDecider, type AccountState } from './decider';
import {
  claimStreamName,
  normalizeEmail,
  parseClaimEvent,
  toStreamName as accountStreamId,
  type ClaimEvent,
  type ExternalIdentity,
  type StaffRole,
} from './events';

export interface AccountDeps extends HandlerDeps {
  clock: Clock;
  /**
   * Turns a unique value (a lower-cased e-mail, or `issuer subject`) into the key of its claim
   * stream. Infra passes a SHA-256 hex digest, so stream names carry no personal data.
   */
  claimKey(value: string): string;
}

export type RegistrationErrorCode = 'email_taken' | 'identity_taken' | 'claim_contended';

/**
 * A claim left behind by a registration that died between its two writes is taken over only
 * after this long, so a registration still in flight is never overtaken.
 */
export const ORPHAN_CLAIM_GRACE_MS = 5 * 60_000;

export function emailClaimStreamId(deps: Pick<AccountDeps, 'claimKey'>, email: string): string {
  return claimStreamName('email', deps.claimKey(normalizeEmail(email)));
}

function identityClaimStreamId(deps: Pick<AccountDeps, 'claimKey'>, identity: ExternalIdentity): string {
  return claimStreamName('oidc', deps.claimKey(`${identity.issuer} ${identity.subject}`));
}

function lastClaim(events: readonly RecordedEvent[]): { accountId: string; claimedAt: string } | null {
  const last = events.at(-1);
  return last ? (parseClaimEvent(last)?.data ?? null) : null;
}

/**
 * Claims a unique key for an account. The claim stream is written FIRST with `no_stream`, so of
 * two concurrent registrations with one e-mail exactly one wins; only then is the account
 * stream written. A claim whose account stream never got written (the process died in
 * between) is taken over once it is older than ORPHAN_CLAIM_GRACE_MS.
 */
async function claim(deps: AccountDeps, streamId: string, accountId: string, context: CommandContext): Promise<{ ownedBy: string | null }> {
  const maxAttempts = deps.maxAttempts ?? 5;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const events = await deps.eventStore.readStream(streamId);
    const current = lastClaim(events);
    if (current) {
      if (current.accountId === accountId) return { ownedBy: null };
      const owner = await deps.eventStore.readStream(accountStreamId(current.accountId));
      const age = deps.clock.now().getTime() - Date.parse(current.claimedAt);
      if (owner.length > 0 || age < ORPHAN_CLAIM_GRACE_MS) return { ownedBy: current.accountId };
    }
    const event: ClaimEvent = { type: 'KeyClaimed', data: { accountId, claimedAt: deps.clock.now().toISOString() } };
    try {
      await deps.eventStore.appendToStream(streamId, [{ eventId: deps.ids.uuid(), ...event, metadata: metadataOf(context) }], {
        expectedRevision: events.length === 0 ? 'no_stream' : events.length - 1,
      });
      return { ownedBy: null };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  throw new DomainError<RegistrationErrorCode>('claim_contended');
}

export interface RegisterInput {
  name: string;
  email: string;
  passwordHash: string | null;
  roles: StaffRole[];
  externalIdentity?: ExternalIdentity | null;
  /** The e-mail is known to be the holder's (the first admin's from configuration, a provider's verified one). */
  emailVerified?: boolean;
  /** Lets a caller that must retry (the first admin) reuse the id it recorded. */
  accountId?: string;
}

/** Registers an account with a unique e-mail (and external identity, when given). */
export async function registerAccount(deps: AccountDeps, input: RegisterInput, context: CommandContext) {
  const accountId = input.accountId ?? deps.ids.uuid();
  const email = normalizeEmail(input.email);
  const emailClaim = await claim(deps, emailClaimStreamId(deps, email), accountId, context);
  if (emailClaim.ownedBy) throw new DomainError<RegistrationErrorCode>('email_taken');
  if (input.externalIdentity) {
    const identityClaim = await claim(deps, identityClaimStreamId(deps, input.externalIdentity), accountId, context);
    if (identityClaim.ownedBy) throw new DomainError<RegistrationErrorCode>('identity_taken');
  }
  const { handle } = commandHandler(accountDecider, deps);
  const result = await handle(
    accountStreamId(accountId),
    {
      type: 'RegisterAccount',
      data: {
        accountId,
        name: input.name,
        email,
        passwordHash: input.passwordHash,
        roles: input.roles,
        externalIdentity: input.externalIdentity ?? null,
        emailVerified: input.emailVerified ?? false,
        now: deps.clock.now(),
      },
    },
    context,
  );
  return { accountId, position: result.position };
}

/** The account that owns a claim stream, if its registration completed. */
async function ownerOf(deps: Pick<AccountDeps, 'eventStore'>, claimStreamId: string): Promise<(AccountState & { status: 'registered' }) | null> {
  const current = lastClaim(await deps.eventStore.readStream(claimStreamId));
  if (!current) return null;
  const account = await loadAccount(deps, current.accountId);
  return account.status === 'registered' ? account : null;
}

/**
 * Finds an account by e-mail from the event store itself (not a read model), so a user can sign
 * in the moment registration returns.
 */
export function findAccountByEmail(deps: Pick<AccountDeps, 'eventStore' | 'claimKey'>, email: string) {
  return ownerOf(deps, emailClaimStreamId(deps, email));
}

export function findAccountByIdentity(deps: Pick<AccountDeps, 'eventStore' | 'claimKey'>, identity: ExternalIdentity) {
  return ownerOf(deps, identityClaimStreamId(deps, identity));
}

export async function loadAccount(deps: Pick<AccountDeps, 'eventStore'>, accountId: string): Promise<AccountState> {
  return foldStream(accountDecider, await deps.eventStore.readStream(accountStreamId(accountId)));
}

/** Grants or revokes a staff role; both are events, so every change of who may do what is on record. */
export async function changeRole(deps: AccountDeps, input: { accountId: string; role: StaffRole; grant: boolean }, context: CommandContext) {
  const { handle } = commandHandler(accountDecider, deps);
  const now = deps.clock.now();
  return handle(
    accountStreamId(input.accountId),
    input.grant ? { type: 'GrantRole', data: { role: input.role, now } } : { type: 'RevokeRole', data: { role: input.role, now } },
    context,
  );
}

export async function changePassword(deps: AccountDeps, input: { accountId: string; passwordHash: string }, context: CommandContext) {
  const { handle } = commandHandler(accountDecider, deps);
  return handle(accountStreamId(input.accountId), { type: 'ChangePassword', data: { passwordHash: input.passwordHash, now: deps.clock.now() } }, context);
}

export async function linkExternalIdentity(deps: AccountDeps, input: { accountId: string; identity: ExternalIdentity }, context: CommandContext) {
  const claimed = await claim(deps, identityClaimStreamId(deps, input.identity), input.accountId, context);
  if (claimed.ownedBy) throw new DomainError<RegistrationErrorCode>('identity_taken');
  const { handle } = commandHandler(accountDecider, deps);
  return handle(accountStreamId(input.accountId), { type: 'LinkExternalIdentity', data: { identity: input.identity, now: deps.clock.now() } }, context);
}

/**
 * Who a passkey belongs to, from its claim stream (one per credential id, so a sign-in without a
 * password finds the account without a read model). With `claimFor`, the passkey is claimed for
 * that account first: the answer is then that account, or the one that claimed it before.
 */
export async function passkeyOwner(deps: AccountDeps, claimStreamId: string, claimFor: string | null, context: CommandContext): Promise<string | null> {
  if (claimFor) return (await claim(deps, claimStreamId, claimFor, context)).ownedBy ?? claimFor;
  return lastClaim(await deps.eventStore.readStream(claimStreamId))?.accountId ?? null;
}
