import type { CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore, Hashing, IdGenerator } from '../ports';
import type { AccountState } from './decider';
import { normalizeEmail, type ExternalIdentity, type Role, type StaffRole } from './events';
import { changeRole, findAccountByEmail, findAccountByIdentity, linkExternalIdentity, loadAccount, registerAccount, type AccountDeps } from './handlers';

/**
 * The account context's use cases: sign-up, sign-in by password or by an OpenID Connect
 * provider, and staff roles. Passwords are hashed by a port (argon2id in infra), so a password
 * never reaches an event or a log in clear.
 */
export interface Passwords {
  hash(password: string): Promise<string>;
  /** Costs the same work for a null hash (an unknown account) as for a wrong password. */
  verify(hash: string | null, password: string): Promise<boolean>;
}

export interface AccountPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hashing: Hashing;
  passwords: Passwords;
}

export type RegisteredAccount = AccountState & { status: 'registered' };

/** The signed-in user as loaders, actions and `/api/auth/status` see them. Never holds the hash. */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  /** Always includes `customer`; staff roles come on top. */
  roles: Role[];
}

/** `own_admin_role`: an admin may not take their own admin role away (no lock-out). */
export type AccountServiceErrorCode = 'own_admin_role';

export function toSignedInUser(account: RegisteredAccount): SignedInUser {
  return { id: account.accountId, name: account.name, email: account.email, roles: ['customer', ...account.roles] };
}

export function accountService(ports: AccountPorts) {
  const deps: AccountDeps = { eventStore: ports.eventStore, ids: ports.ids, clock: ports.clock, claimKey: ports.hashing.sha256Hex };

  return {
    /** Registers a customer account; throws 'email_taken'. */
    async register(input: { name: string; email: string; password: string }, context: CommandContext) {
      const passwordHash = await ports.passwords.hash(input.password);
      return registerAccount(deps, { name: input.name, email: input.email, passwordHash, roles: [] }, context);
    },

    /**
     * Checks an e-mail and password against the event store (not a read model, so a user can sign
     * in the moment registration returns). An unknown e-mail costs the same work as a wrong password.
     */
    async authenticate(email: string, password: string): Promise<SignedInUser | null> {
      const account = await findAccountByEmail(deps, email);
      const ok = await ports.passwords.verify(account?.passwordHash ?? null, password);
      return ok && account ? toSignedInUser(account) : null;
    },

    async signedInUser(accountId: string): Promise<SignedInUser | null> {
      const account = await loadAccount(deps, accountId);
      return account.status === 'registered' ? toSignedInUser(account) : null;
    },

    /**
     * Grants or revokes a staff role (both are events, so every change of who may do what is on
     * record); `changed` is false when the account already was that way. Throws 'own_admin_role'
     * or 'account_not_found'.
     */
    async changeRole(input: { by: string; accountId: string; role: StaffRole; grant: boolean }, context: CommandContext) {
      if (!input.grant && input.role === 'admin' && input.accountId === input.by) throw new DomainError<AccountServiceErrorCode>('own_admin_role');
      const result = await changeRole(deps, input, context);
      return { changed: result.events.length > 0, position: result.position };
    },

    /**
     * The account an external sign-in belongs to: the one linked to the identity, else the one
     * with the provider's verified e-mail (and the identity is linked to it), else a new account.
     * Providers such as LINE may not share an e-mail: a placeholder keeps e-mails unique without one.
     */
    async signInWithIdentity(
      /** `name` as the account shows it (the web app words a default when the provider gives none). */
      input: { identity: ExternalIdentity; email: string | null; emailVerified: boolean; name: string },
      context: CommandContext,
    ): Promise<{ accountId: string }> {
      const linked = await findAccountByIdentity(deps, input.identity);
      if (linked) return { accountId: linked.accountId };
      const email = input.email ? normalizeEmail(input.email) : null;
      if (email && input.emailVerified) {
        const existing = await findAccountByEmail(deps, email);
        if (existing) {
          await linkExternalIdentity(deps, { accountId: existing.accountId, identity: input.identity }, context);
          return { accountId: existing.accountId };
        }
      }
      const accountEmail = email ?? `oidc-${ports.hashing.sha256Hex(`${input.identity.issuer} ${input.identity.subject}`).slice(0, 24)}@users.invalid`;
      const { accountId } = await registerAccount(
        deps,
        { name: input.name, email: accountEmail, passwordHash: null, roles: [], externalIdentity: input.identity },
        context,
      );
      return { accountId };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
