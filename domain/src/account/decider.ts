import { assertNever, DomainError, type Decider } from '../decider';
import { ERASED_TEXT } from '../privacy/personal-data';
import { parseAccountEvent, type AccountEvent, type AccountRegistration, type ExternalIdentity, type StaffRole } from './events';

export type AccountState =
  | { status: 'none' }
  | ({
      status: 'registered';
      accountId: string;
      name: string;
      email: string;
      passwordHash: string | null;
      roles: StaffRole[];
      identities: ExternalIdentity[];
      emailVerified: boolean;
      /** The mailed verification link still open, if any. */
      verification: { tokenHash: string; expiresAt: string } | null;
      /** The store last chosen in an operations area (decision 576), null until one is. */
      chosenStoreId: string | null;
      /** When an admin removed the staff member (decision 620): from then on the account signs in no more. */
      leftAt: string | null;
      /** Whether the removed staff member has been forgotten (their name reads as a pseudonym). */
      forgotten: boolean;
    } & SecondFactors);

/** What an account holds to prove it is its holder beyond the password (decision 540). */
export interface SecondFactors {
  /** `pending` until a code from the app confirms it; `lastTimeStep` is the newest step used (no replay). */
  totp: { status: 'pending' | 'confirmed'; secretSealed: string; lastTimeStep: number } | null;
  /** Hashes of the recovery codes not used yet. */
  recoveryCodeHashes: string[];
  passkeys: Passkey[];
  /** When a required second factor was first asked for and found missing: the end of its grace. */
  secondFactorDeadline: string | null;
}

export interface Passkey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

const noFactors: SecondFactors = { totp: null, recoveryCodeHashes: [], passkeys: [], secondFactorDeadline: null };

/** Whether the account signs in with a second factor: a confirmed authenticator app or a passkey. */
export function hasSecondFactor(account: SecondFactors): boolean {
  return account.totp?.status === 'confirmed' || account.passkeys.length > 0;
}

export type AccountCommand =
  | { type: 'RegisterAccount'; data: AccountRegistration & { now: Date } }
  | { type: 'GrantRole'; data: { role: StaffRole; now: Date } }
  | { type: 'RevokeRole'; data: { role: StaffRole; now: Date } }
  | { type: 'ChangePassword'; data: { passwordHash: string; now: Date } }
  | { type: 'LinkExternalIdentity'; data: { identity: ExternalIdentity; now: Date } }
  | { type: 'IssueEmailVerification'; data: { tokenHash: string; expiresAt: Date; now: Date } }
  | { type: 'VerifyEmail'; data: { tokenHash: string; now: Date } }
  | { type: 'ChooseStore'; data: { storeId: string; now: Date } }
  | { type: 'StartTotpSetup'; data: { secretSealed: string; now: Date } }
  | { type: 'ConfirmTotp'; data: { timeStep: number; recoveryCodeHashes: string[]; now: Date } }
  | { type: 'UseTotpCode'; data: { timeStep: number; now: Date } }
  | { type: 'UseRecoveryCode'; data: { codeHash: string; now: Date } }
  | { type: 'RemoveTotp'; data: { now: Date } }
  | { type: 'ResealTotpSecret'; data: { secretSealed: string; now: Date } }
  | { type: 'AddPasskey'; data: Passkey & { now: Date } }
  | { type: 'UsePasskey'; data: { credentialId: string; counter: number; now: Date } }
  | { type: 'RemovePasskey'; data: { credentialId: string; now: Date } }
  | { type: 'ResetSecondFactors'; data: { by: string; reason: string; now: Date } }
  | { type: 'AskForSecondFactor'; data: { deadline: Date; now: Date } }
  | { type: 'RemoveStaff'; data: { by: string; now: Date } }
  /** `keepUntil`: the end of the wage records' retention, worked out by the service from the records and the stores' setting. */
  | { type: 'ForgetStaff'; data: { by: string; pseudonym: string; keepUntil: Date; now: Date } };

/** `invalid_token`: not this account's open link (or already used); `token_expired`: the link's time is over. */
/**
 * Second factors: `totp_exists` (remove the app first), `no_totp_setup` (confirm before setup),
 * `no_totp`, `code_reused` (a code of a step already used), `invalid_code` (not a recovery code
 * left), `unknown_passkey`, `passkey_counter` (the authenticator's counter went back: a copied key).
 */
export type AccountErrorCode =
  | 'account_exists'
  | 'account_not_found'
  | 'invalid_token'
  | 'token_expired'
  | 'totp_exists'
  | 'no_totp_setup'
  | 'no_totp'
  | 'code_reused'
  | 'invalid_code'
  | 'unknown_passkey'
  | 'passkey_counter'
  | StaffLeavingErrorCode;

/**
 * Staff who leave (decision 620): `not_staff` (an account with no staff role is not removed here),
 * `staff_left` (a removed account gets no role back: a returning person gets a new account),
 * `staff_not_removed` (forgetting comes after removal), `retention_not_over` (the wage records
 * must be kept until `details.until`).
 */
export type StaffLeavingErrorCode = 'not_staff' | 'staff_left' | 'staff_not_removed' | 'retention_not_over';

const fail = (code: AccountErrorCode): never => {
  throw new DomainError<AccountErrorCode>(code);
};

type RegisteredState = AccountState & { status: 'registered' };

function registered(state: AccountState): RegisteredState {
  if (state.status !== 'registered') throw new DomainError<AccountErrorCode>('account_not_found');
  return state;
}

function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'RegisterAccount': {
      if (state.status !== 'none') throw new DomainError<AccountErrorCode>('account_exists');
      const { now, ...data } = command.data;
      return [{ type: 'AccountRegistered', data: { ...data, roles: [...new Set(data.roles)], registeredAt: now.toISOString() } }];
    }
    case 'GrantRole': {
      const account = registered(state);
      if (account.leftAt !== null) return fail('staff_left');
      // Granting a role the account already holds changes nothing, so it records nothing.
      if (account.roles.includes(command.data.role)) return [];
      return [{ type: 'RoleGranted', data: { accountId: account.accountId, role: command.data.role, grantedAt: command.data.now.toISOString() } }];
    }
    case 'RevokeRole': {
      const account = registered(state);
      if (!account.roles.includes(command.data.role)) return [];
      return [{ type: 'RoleRevoked', data: { accountId: account.accountId, role: command.data.role, revokedAt: command.data.now.toISOString() } }];
    }
    case 'ChangePassword': {
      const account = registered(state);
      return [
        { type: 'PasswordChanged', data: { accountId: account.accountId, passwordHash: command.data.passwordHash, changedAt: command.data.now.toISOString() } },
      ];
    }
    case 'LinkExternalIdentity': {
      const account = registered(state);
      const { identity } = command.data;
      if (account.identities.some((i) => i.issuer === identity.issuer && i.subject === identity.subject)) return [];
      return [{ type: 'ExternalIdentityLinked', data: { accountId: account.accountId, identity, linkedAt: command.data.now.toISOString() } }];
    }
    case 'IssueEmailVerification': {
      const account = registered(state);
      if (account.emailVerified) return [];
      const { tokenHash, expiresAt, now } = command.data;
      return [
        { type: 'EmailVerificationIssued', data: { accountId: account.accountId, tokenHash, expiresAt: expiresAt.toISOString(), issuedAt: now.toISOString() } },
      ];
    }
    case 'VerifyEmail': {
      const account = registered(state);
      // Single use: once verified the link is gone, and only the latest link counts.
      if (!account.verification || account.verification.tokenHash !== command.data.tokenHash) throw new DomainError<AccountErrorCode>('invalid_token');
      if (Date.parse(account.verification.expiresAt) <= command.data.now.getTime()) throw new DomainError<AccountErrorCode>('token_expired');
      return [{ type: 'EmailVerified', data: { accountId: account.accountId, verifiedAt: command.data.now.toISOString() } }];
    }
    case 'ChooseStore': {
      const account = registered(state);
      // Choosing the store already kept records nothing, so a resent choice is harmless.
      if (account.chosenStoreId === command.data.storeId) return [];
      return [{ type: 'StoreChosen', data: { accountId: account.accountId, storeId: command.data.storeId, chosenAt: command.data.now.toISOString() } }];
    }
    case 'RemoveStaff': {
      const account = registered(state);
      // Removed once: a resent removal records nothing.
      if (account.leftAt !== null) return [];
      if (account.roles.length === 0) return fail('not_staff');
      const data = { accountId: account.accountId, by: command.data.by, roles: account.roles, removedAt: command.data.now.toISOString() };
      return [{ type: 'StaffRemoved', data }];
    }
    case 'ForgetStaff': {
      const account = registered(state);
      if (account.forgotten) return [];
      if (account.leftAt === null) return fail('staff_not_removed');
      const { by, pseudonym, keepUntil, now } = command.data;
      if (now.getTime() < keepUntil.getTime()) {
        throw new DomainError<AccountErrorCode>('retention_not_over', `wage records are kept until ${keepUntil.toISOString()}`, {
          until: keepUntil.toISOString(),
        });
      }
      return [{ type: 'StaffForgotten', data: { accountId: account.accountId, by, pseudonym, forgottenAt: now.toISOString() } }];
    }
    default:
      return decideSecondFactor(command, registered(state));
  }
}

type SecondFactorCommand = Exclude<
  AccountCommand,
  {
    type:
      | 'RegisterAccount'
      | 'GrantRole'
      | 'RevokeRole'
      | 'ChangePassword'
      | 'LinkExternalIdentity'
      | 'IssueEmailVerification'
      | 'VerifyEmail'
      | 'ChooseStore'
      | 'RemoveStaff'
      | 'ForgetStaff';
  }
>;

function decideSecondFactor(command: SecondFactorCommand, account: RegisteredState): AccountEvent[] {
  const { accountId } = account;
  const at = command.data.now.toISOString();
  switch (command.type) {
    case 'StartTotpSetup':
      if (account.totp?.status === 'confirmed') return fail('totp_exists');
      return [{ type: 'TotpSetupStarted', data: { accountId, secretSealed: command.data.secretSealed, startedAt: at } }];
    case 'ConfirmTotp':
      if (account.totp?.status !== 'pending') return fail(account.totp ? 'totp_exists' : 'no_totp_setup');
      return [
        { type: 'TotpConfirmed', data: { accountId, timeStep: command.data.timeStep, recoveryCodeHashes: command.data.recoveryCodeHashes, confirmedAt: at } },
      ];
    case 'UseTotpCode':
      if (account.totp?.status !== 'confirmed') return fail('no_totp');
      // A code seen once (or an older one) is refused: whoever watched it being typed cannot reuse it.
      if (command.data.timeStep <= account.totp.lastTimeStep) return fail('code_reused');
      return [{ type: 'TotpCodeUsed', data: { accountId, timeStep: command.data.timeStep, usedAt: at } }];
    case 'UseRecoveryCode':
      if (!account.recoveryCodeHashes.includes(command.data.codeHash)) return fail('invalid_code');
      return [{ type: 'RecoveryCodeUsed', data: { accountId, codeHash: command.data.codeHash, usedAt: at } }];
    case 'RemoveTotp':
      return account.totp ? [{ type: 'TotpRemoved', data: { accountId, removedAt: at } }] : [];
    case 'ResealTotpSecret':
      if (!account.totp || account.totp.secretSealed === command.data.secretSealed) return [];
      return [{ type: 'TotpSecretResealed', data: { accountId, secretSealed: command.data.secretSealed, resealedAt: at } }];
    case 'AddPasskey': {
      const { now, ...passkey } = command.data;
      if (account.passkeys.some((p) => p.credentialId === passkey.credentialId)) return [];
      return [{ type: 'PasskeyAdded', data: { accountId, ...passkey, addedAt: now.toISOString() } }];
    }
    case 'UsePasskey': {
      const passkey = account.passkeys.find((p) => p.credentialId === command.data.credentialId) ?? fail('unknown_passkey');
      // Authenticators that count (not all do: both 0) must count up; going back means a copy.
      if ((passkey.counter > 0 || command.data.counter > 0) && command.data.counter <= passkey.counter) return fail('passkey_counter');
      return [{ type: 'PasskeyUsed', data: { accountId, credentialId: passkey.credentialId, counter: command.data.counter, usedAt: at } }];
    }
    case 'RemovePasskey':
      if (!account.passkeys.some((p) => p.credentialId === command.data.credentialId)) return [];
      return [{ type: 'PasskeyRemoved', data: { accountId, credentialId: command.data.credentialId, removedAt: at } }];
    case 'ResetSecondFactors':
      if (!account.totp && account.passkeys.length === 0) return [];
      return [{ type: 'SecondFactorsReset', data: { accountId, by: command.data.by, reason: command.data.reason, resetAt: at } }];
    case 'AskForSecondFactor':
      if (account.secondFactorDeadline !== null) return [];
      return [{ type: 'SecondFactorAsked', data: { accountId, deadline: command.data.deadline.toISOString(), askedAt: at } }];
    default:
      return assertNever(command);
  }
}

function evolve(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountRegistered':
      return {
        status: 'registered',
        accountId: event.data.accountId,
        name: event.data.name,
        email: event.data.email,
        passwordHash: event.data.passwordHash,
        roles: event.data.roles,
        identities: event.data.externalIdentity ? [event.data.externalIdentity] : [],
        emailVerified: event.data.emailVerified ?? false,
        verification: null,
        chosenStoreId: null,
        leftAt: null,
        forgotten: false,
        ...noFactors,
      };
    case 'RoleGranted':
      return state.status === 'registered' ? { ...state, roles: [...state.roles, event.data.role] } : state;
    case 'RoleRevoked':
      return state.status === 'registered' ? { ...state, roles: state.roles.filter((r) => r !== event.data.role) } : state;
    case 'PasswordChanged':
      return state.status === 'registered' ? { ...state, passwordHash: event.data.passwordHash } : state;
    case 'ExternalIdentityLinked':
      return state.status === 'registered' && event.data.identity ? { ...state, identities: [...state.identities, event.data.identity] } : state;
    case 'EmailVerificationIssued':
      return state.status === 'registered' ? { ...state, verification: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } } : state;
    case 'EmailVerified':
      return state.status === 'registered' ? { ...state, emailVerified: true, verification: null } : state;
    case 'StoreChosen':
      return state.status === 'registered' ? { ...state, chosenStoreId: event.data.storeId } : state;
    case 'AccountForgotten':
      return state.status === 'registered'
        ? {
            ...state,
            name: event.data.name,
            email: event.data.email,
            passwordHash: null,
            identities: [],
            emailVerified: false,
            verification: null,
            ...noFactors,
          }
        : state;
    case 'StaffRemoved':
      return state.status === 'registered' ? { ...state, roles: [], leftAt: event.data.removedAt } : state;
    case 'StaffForgotten':
      return state.status === 'registered'
        ? {
            ...state,
            name: event.data.pseudonym,
            email: ERASED_TEXT,
            passwordHash: null,
            identities: [],
            emailVerified: false,
            verification: null,
            forgotten: true,
            ...noFactors,
          }
        : state;
    default:
      return state.status === 'registered' ? evolveSecondFactor(state, event) : state;
  }
}

type SecondFactorEvent = Exclude<
  AccountEvent,
  {
    type:
      | 'AccountRegistered'
      | 'RoleGranted'
      | 'RoleRevoked'
      | 'PasswordChanged'
      | 'ExternalIdentityLinked'
      | 'EmailVerificationIssued'
      | 'EmailVerified'
      | 'StoreChosen'
      | 'AccountForgotten'
      | 'StaffRemoved'
      | 'StaffForgotten';
  }
>;

function evolveSecondFactor(state: RegisteredState, event: SecondFactorEvent): RegisteredState {
  switch (event.type) {
    case 'TotpSetupStarted':
      // A forgotten holder's secret reads as null: nothing to sign in with.
      return event.data.secretSealed ? { ...state, totp: { status: 'pending', secretSealed: event.data.secretSealed, lastTimeStep: -1 } } : state;
    case 'TotpConfirmed':
      return state.totp
        ? { ...state, totp: { ...state.totp, status: 'confirmed', lastTimeStep: event.data.timeStep }, recoveryCodeHashes: event.data.recoveryCodeHashes }
        : state;
    case 'TotpCodeUsed':
      return state.totp ? { ...state, totp: { ...state.totp, lastTimeStep: event.data.timeStep } } : state;
    case 'RecoveryCodeUsed':
      return { ...state, recoveryCodeHashes: state.recoveryCodeHashes.filter((h) => h !== event.data.codeHash) };
    case 'TotpRemoved':
      return { ...state, totp: null, recoveryCodeHashes: [] };
    case 'TotpSecretResealed':
      return state.totp && event.data.secretSealed ? { ...state, totp: { ...state.totp, secretSealed: event.data.secretSealed } } : state;
    case 'PasskeyAdded': {
      const { credentialId, publicKey, counter, transports } = event.data;
      return { ...state, passkeys: [...state.passkeys, { credentialId, publicKey, counter, transports }] };
    }
    case 'PasskeyUsed':
      return { ...state, passkeys: state.passkeys.map((p) => (p.credentialId === event.data.credentialId ? { ...p, counter: event.data.counter } : p)) };
    case 'PasskeyRemoved':
      return { ...state, passkeys: state.passkeys.filter((p) => p.credentialId !== event.data.credentialId) };
    case 'SecondFactorsReset':
      // The grace starts again: the holder adds a new factor at their next sign-in.
      return { ...state, ...noFactors };
    case 'SecondFactorAsked':
      return { ...state, secondFactorDeadline: event.data.deadline };
    default:
      return assertNever(event);
  }
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
  parseEvent: parseAccountEvent,
};
