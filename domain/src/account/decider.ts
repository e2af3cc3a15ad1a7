import { assertNever, DomainError, type Decider } from '../decider';
import { parseAccountEvent, type AccountEvent, type AccountRegistration, type ExternalIdentity, type StaffRole } from './events';

export type AccountState =
  | { status: 'none' }
  | {
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
    };

export type AccountCommand =
  | { type: 'RegisterAccount'; data: AccountRegistration & { now: Date } }
  | { type: 'GrantRole'; data: { role: StaffRole; now: Date } }
  | { type: 'RevokeRole'; data: { role: StaffRole; now: Date } }
  | { type: 'ChangePassword'; data: { passwordHash: string; now: Date } }
  | { type: 'LinkExternalIdentity'; data: { identity: ExternalIdentity; now: Date } }
  | { type: 'IssueEmailVerification'; data: { tokenHash: string; expiresAt: Date; now: Date } }
  | { type: 'VerifyEmail'; data: { tokenHash: string; now: Date } }
  | { type: 'ChooseStore'; data: { storeId: string; now: Date } };

/** `invalid_token`: not this account's open link (or already used); `token_expired`: the link's time is over. */
export type AccountErrorCode = 'account_exists' | 'account_not_found' | 'invalid_token' | 'token_expired';

function registered(state: AccountState) {
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
        ? { ...state, name: event.data.name, email: event.data.email, passwordHash: null, identities: [], emailVerified: false, verification: null }
        : state;
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
