import { commandHandler, foldStream, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore, Hashing, IdGenerator } from '../ports';
import type { SecretBox } from '../purchasing/supplier-service';
import type { Passwords } from './account-service';
import { accountDecider, hasSecondFactor, type AccountCommand, type Passkey } from './decider';
import { catalogDecider } from '../catalog/decider';
import { toStreamName as catalogStream } from '../catalog/events';
import type { StoreData } from '../catalog/kinds';
import { claimStreamName, toStreamName, type Role } from './events';
import { loadAccount, passkeyOwner, type AccountDeps } from './handlers';

/**
 * Second factors (decision 540): an authenticator app (TOTP, RFC 6238) with ten single-use
 * recovery codes, and passkeys (WebAuthn). The cryptography lives behind two ports (infra's
 * otplib and @simplewebauthn/server); what the account holds, and every change of it, is the
 * account stream's.
 */
export interface OneTimeCodes {
  /** A new random secret, base32 as authenticator apps read it. */
  newSecret(): string;
  /** The `otpauth://` address an app reads from the QR. */
  address(input: { secret: string; label: string }): string;
  /** The 30-second step `code` belongs to at `now` (or one step either side, for a phone's clock), or null. */
  stepOf(secret: string, code: string, now: Date): Promise<number | null>;
  /** `count` new recovery codes, as the holder types them. */
  recoveryCodes(count: number): string[];
}

/** A WebAuthn ceremony's options for the browser, and the challenge the answer must sign. */
export interface Ceremony {
  options: Record<string, unknown>;
  challenge: string;
}

export interface PasskeyCeremonies {
  registrationOptions(input: { userId: string; userName: string; displayName: string; exclude: readonly Passkey[] }): Promise<Ceremony>;
  /** The new passkey when the browser's answer is a valid registration for `challenge`; null otherwise. */
  verifyRegistration(input: { response: unknown; challenge: string }): Promise<Passkey | null>;
  /** `allow` empty: any passkey of this site (a sign-in without a password names nobody first). */
  authenticationOptions(input: { allow: readonly Passkey[] }): Promise<Ceremony>;
  /** The credential id the browser's answer claims, unchecked (to find whose passkey it is). */
  credentialIdOf(response: unknown): string | null;
  /** The authenticator's new counter when the answer is valid for `challenge` and `passkey`; null otherwise. */
  verifyAuthentication(input: { response: unknown; challenge: string; passkey: Passkey }): Promise<{ counter: number } | null>;
}

export interface SecondFactorPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hashing: Hashing;
  passwords: Passwords;
  secrets: SecretBox;
  oneTimeCodes: OneTimeCodes;
  passkeyCeremonies: PasskeyCeremonies;
  /** Read port (decision 391): the ids of the stores not closed. */
  openStoreIds(): Promise<string[]>;
  /** Ends an account's sessions (infra/src/auth/sessions.ts). */
  signOut(accountId: string): Promise<void>;
}

export const RECOVERY_CODE_COUNT = 10;
/** How long a holder who must have a second factor may still sign in without one (decision 540). */
export const SECOND_FACTOR_GRACE_DAYS = 7;

/**
 * `wrong_password`: adding or removing a factor asks for the password again; `no_password`: an
 * account that signs in only through a provider has none to ask (its provider's own factors
 * protect it); `invalid_code`: neither the app's code nor an unused recovery code;
 * `passkey_not_verified`: the browser's answer did not prove the passkey; `passkey_taken`: the
 * passkey is another account's; `own_factors`: an admin resets others' factors, their own they remove with the password.
 */
export type SecondFactorErrorCode = 'wrong_password' | 'no_password' | 'invalid_code' | 'passkey_not_verified' | 'passkey_taken' | 'own_factors';

/** Proof that the holder is at the keyboard: the password again, or a sign-in whose password was checked moments ago. */
export type Proof = { password: string } | { passwordJustChecked: true };

export interface SecondFactorStatus {
  totp: 'none' | 'pending' | 'confirmed';
  recoveryCodesLeft: number;
  passkeys: { credentialId: string }[];
  /** Whether the account signs in with a second factor. */
  enabled: boolean;
  /** The end of the grace to add one, when one was asked for and is still missing. */
  deadline: string | null;
}

/** Recovery codes are compared without case, spaces or hyphens. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

const fail = (code: SecondFactorErrorCode): never => {
  throw new DomainError<SecondFactorErrorCode>(code);
};

export function secondFactorService(ports: SecondFactorPorts) {
  const deps: AccountDeps = { eventStore: ports.eventStore, ids: ports.ids, clock: ports.clock, claimKey: ports.hashing.sha256Hex };
  const accounts = commandHandler(accountDecider, deps);
  const handle = (accountId: string, command: AccountCommand, context: CommandContext) => accounts.handle(toStreamName(accountId), command, context);

  async function registeredAccount(accountId: string) {
    const account = await loadAccount(deps, accountId);
    if (account.status !== 'registered') throw new DomainError('account_not_found');
    return account;
  }

  /** The account, once its holder proved they are at the keyboard. */
  async function proven(accountId: string, proof: Proof) {
    const account = await registeredAccount(accountId);
    if ('passwordJustChecked' in proof) return account;
    if (account.passwordHash === null) return fail('no_password');
    if (!(await ports.passwords.verify(account.passwordHash, proof.password))) return fail('wrong_password');
    return account;
  }

  const passkeyClaim = (credentialId: string) => claimStreamName('passkey', deps.claimKey(credentialId));

  return {
    async status(accountId: string): Promise<SecondFactorStatus> {
      const account = await registeredAccount(accountId);
      const enabled = hasSecondFactor(account);
      return {
        totp: account.totp?.status ?? 'none',
        recoveryCodesLeft: account.totp?.status === 'confirmed' ? account.recoveryCodeHashes.length : 0,
        passkeys: account.passkeys.map((p) => ({ credentialId: p.credentialId })),
        enabled,
        deadline: enabled ? null : account.secondFactorDeadline,
      };
    },

    /**
     * Whether an account must have a second factor (decision 540): every admin in production;
     * staff and monitors when a store they work at says so (`second_factor_for_staff`) — a
     * monitor on no store's list works at every open store.
     */
    async mustHaveSecondFactor(input: { roles: readonly Role[]; storeIds: readonly string[]; production: boolean }): Promise<boolean> {
      if (input.roles.includes('admin')) return input.production;
      if (!input.roles.includes('staff') && !input.roles.includes('monitor')) return false;
      const storeIds = input.storeIds.length > 0 ? input.storeIds : input.roles.includes('monitor') ? await ports.openStoreIds() : [];
      for (const storeId of storeIds) {
        const store = foldStream(catalogDecider, await ports.eventStore.readStream(catalogStream('store', storeId)));
        if (store.status === 'saved' && (store.data as StoreData).second_factor_for_staff) return true;
      }
      return false;
    },

    /**
     * A sign-in of an account that must have a second factor and has none: the grace starts at
     * the first such sign-in (recorded once) and `overdue` says whether it is over.
     */
    async askForSecondFactor(accountId: string, context: CommandContext): Promise<{ deadline: string; overdue: boolean }> {
      const now = ports.clock.now();
      await handle(
        accountId,
        { type: 'AskForSecondFactor', data: { deadline: new Date(now.getTime() + SECOND_FACTOR_GRACE_DAYS * 86_400_000), now } },
        context,
      );
      const account = await registeredAccount(accountId);
      const deadline = account.secondFactorDeadline!;
      return { deadline, overdue: Date.parse(deadline) <= now.getTime() };
    },

    /** POST /api/auth/mfa/totp/setup: a new secret, sealed in the account stream until a code confirms it. */
    async startTotp(input: { accountId: string; proof: Proof }, context: CommandContext): Promise<{ secret: string; otpauthUrl: string }> {
      const account = await proven(input.accountId, input.proof);
      const secret = ports.oneTimeCodes.newSecret();
      await handle(account.accountId, { type: 'StartTotpSetup', data: { secretSealed: ports.secrets.seal(secret), now: ports.clock.now() } }, context);
      return { secret, otpauthUrl: ports.oneTimeCodes.address({ secret, label: account.email }) };
    },

    /** POST /api/auth/mfa/totp/confirm: a code from the app turns it on; the recovery codes are shown this once. */
    async confirmTotp(input: { accountId: string; code: string }, context: CommandContext): Promise<{ recoveryCodes: string[]; position: number | null }> {
      const account = await registeredAccount(input.accountId);
      if (account.totp?.status !== 'pending') throw new DomainError(account.totp ? 'totp_exists' : 'no_totp_setup');
      const now = ports.clock.now();
      const timeStep = await ports.oneTimeCodes.stepOf(ports.secrets.open(account.totp.secretSealed), input.code, now);
      if (timeStep === null) return fail('invalid_code');
      const recoveryCodes = ports.oneTimeCodes.recoveryCodes(RECOVERY_CODE_COUNT);
      const recoveryCodeHashes = await Promise.all(recoveryCodes.map((code) => ports.passwords.hash(normalizeRecoveryCode(code))));
      const result = await handle(account.accountId, { type: 'ConfirmTotp', data: { timeStep, recoveryCodeHashes, now } }, context);
      return { recoveryCodes, position: result.position };
    },

    /**
     * The second step of a sign-in: the app's current code (each step's code once), or a recovery
     * code (each once). Throws 'invalid_code' or 'code_reused'; the caller counts failures.
     */
    async verifyCode(input: { accountId: string; code: string }, context: CommandContext): Promise<{ method: 'totp' | 'recovery_code' }> {
      const account = await registeredAccount(input.accountId);
      const now = ports.clock.now();
      const code = input.code.trim();
      if (/^\d{6}$/.test(code)) {
        if (account.totp?.status !== 'confirmed') return fail('invalid_code');
        const timeStep = await ports.oneTimeCodes.stepOf(ports.secrets.open(account.totp.secretSealed), code, now);
        if (timeStep === null) return fail('invalid_code');
        await handle(account.accountId, { type: 'UseTotpCode', data: { timeStep, now } }, context);
        return { method: 'totp' };
      }
      const typed = normalizeRecoveryCode(code);
      for (const codeHash of account.recoveryCodeHashes) {
        if (await ports.passwords.verify(codeHash, typed)) {
          await handle(account.accountId, { type: 'UseRecoveryCode', data: { codeHash, now } }, context);
          return { method: 'recovery_code' };
        }
      }
      return fail('invalid_code');
    },

    async removeTotp(input: { accountId: string; proof: Proof }, context: CommandContext) {
      const account = await proven(input.accountId, input.proof);
      return handle(account.accountId, { type: 'RemoveTotp', data: { now: ports.clock.now() } }, context);
    },

    /** The options of a passkey registration for a proven holder; the web edge keeps the challenge. */
    async passkeyRegistration(input: { accountId: string; proof: Proof }): Promise<Ceremony> {
      const account = await proven(input.accountId, input.proof);
      return ports.passkeyCeremonies.registrationOptions({
        userId: account.accountId,
        userName: account.email,
        displayName: account.name,
        exclude: account.passkeys,
      });
    },

    /** The browser's answer to `passkeyRegistration`: the passkey is claimed for this account and added. */
    async addPasskey(input: { accountId: string; response: unknown; challenge: string }, context: CommandContext) {
      const account = await registeredAccount(input.accountId);
      const passkey =
        (await ports.passkeyCeremonies.verifyRegistration({ response: input.response, challenge: input.challenge })) ?? fail('passkey_not_verified');
      const owner = await passkeyOwner(deps, passkeyClaim(passkey.credentialId), account.accountId, context);
      if (owner !== account.accountId) return fail('passkey_taken');
      const { position } = await handle(account.accountId, { type: 'AddPasskey', data: { ...passkey, now: ports.clock.now() } }, context);
      return { credentialId: passkey.credentialId, position };
    },

    async removePasskey(input: { accountId: string; credentialId: string; proof: Proof }, context: CommandContext) {
      const account = await proven(input.accountId, input.proof);
      return handle(account.accountId, { type: 'RemovePasskey', data: { credentialId: input.credentialId, now: ports.clock.now() } }, context);
    },

    /** A passkey sign-in's options: the account's own passkeys after its password, any of this site's without one. */
    async passkeySignIn(input: { accountId: string | null }): Promise<Ceremony> {
      const allow = input.accountId ? (await registeredAccount(input.accountId)).passkeys : [];
      return ports.passkeyCeremonies.authenticationOptions({ allow });
    },

    /**
     * The browser's answer to `passkeySignIn`: the account whose passkey signed the challenge
     * (which must be `accountId` when the password named one). Throws 'passkey_not_verified',
     * 'unknown_passkey' or 'passkey_counter'.
     */
    async signInWithPasskey(
      input: { accountId: string | null; response: unknown; challenge: string },
      context: CommandContext,
    ): Promise<{ accountId: string }> {
      const credentialId = ports.passkeyCeremonies.credentialIdOf(input.response) ?? fail('passkey_not_verified');
      const accountId = input.accountId ?? (await passkeyOwner(deps, passkeyClaim(credentialId), null, context));
      if (!accountId) return fail('passkey_not_verified');
      const account = await registeredAccount(accountId);
      // A staff member who left signs in with nothing (decision 620).
      if (account.leftAt !== null) return fail('passkey_not_verified');
      const passkey = account.passkeys.find((p) => p.credentialId === credentialId) ?? fail('passkey_not_verified');
      const verified = await ports.passkeyCeremonies.verifyAuthentication({ response: input.response, challenge: input.challenge, passkey });
      if (!verified) return fail('passkey_not_verified');
      await handle(accountId, { type: 'UsePasskey', data: { credentialId, counter: verified.counter, now: ports.clock.now() } }, context);
      return { accountId };
    },

    /** An admin removes every factor of another account (a lost phone), with the reason on record. */
    async reset(input: { accountId: string; by: string; reason: string }, context: CommandContext) {
      if (input.accountId === input.by) return fail('own_factors');
      await registeredAccount(input.accountId);
      const result = await handle(
        input.accountId,
        { type: 'ResetSecondFactors', data: { by: input.by, reason: input.reason, now: ports.clock.now() } },
        context,
      );
      // Whoever holds a session of the account now held it with the factors just reset.
      if (result.position !== null) await ports.signOut(input.accountId);
      return result;
    },
  };
}

export type SecondFactorService = ReturnType<typeof secondFactorService>;

/**
 * `secrets:reseal` after a SECRETS_KEY rotation: every TOTP secret still sealed with an older key
 * is sealed again with the newest (an event each), so the old key can be dropped.
 */
export async function resealTotpSecrets(
  ports: Pick<SecondFactorPorts, 'eventStore' | 'ids' | 'clock' | 'secrets'>,
  accountIds: readonly string[],
  context: CommandContext,
): Promise<{ resealed: number; current: number }> {
  const accounts = commandHandler(accountDecider, ports);
  let resealed = 0;
  let current = 0;
  for (const accountId of accountIds) {
    const account = await loadAccount(ports, accountId);
    if (account.status !== 'registered' || !account.totp) continue;
    if (ports.secrets.sealedWithNewest(account.totp.secretSealed)) {
      current += 1;
      continue;
    }
    const secretSealed = ports.secrets.seal(ports.secrets.open(account.totp.secretSealed));
    await accounts.handle(toStreamName(accountId), { type: 'ResealTotpSecret', data: { secretSealed, now: ports.clock.now() } }, context);
    resealed += 1;
  }
  return { resealed, current };
}
