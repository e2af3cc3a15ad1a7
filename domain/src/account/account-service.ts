import type { CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import { commandHandler } from '../command-handler';
import type { Clock, EventStore, Hashing, IdGenerator, Logger, Mailer, MailMessage } from '../ports';
import { accountDecider, type AccountState } from './decider';
import { normalizeEmail, toStreamName, type ExternalIdentity, type Role, type StaffRole } from './events';
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

/** The language a mail is written in: the visitor's on the page that asked for it (decision 394); absent = Japanese. */
export type MailLanguage = 'ja' | 'en';

/** The account mails' wording (apps/web/app/auth/mails.ts): Japanese and English live in the web app. */
export interface AccountMails {
  /** The single-use link that proves the address is the holder's. */
  verifyEmail(input: { to: string; name: string; token: string; language?: MailLanguage }): MailMessage;
  /** Someone signed up with an address that already has an account: its holder hears of it, the visitor does not. */
  alreadyRegistered(input: { to: string; language?: MailLanguage }): MailMessage;
}

export interface AccountPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hashing: Hashing;
  passwords: Passwords;
  mailer: Mailer;
  accountMails: AccountMails;
  logger: Logger;
}

/** How long a mailed verification link stays valid. */
const EMAIL_VERIFICATION_MINUTES = 30;

export type RegisteredAccount = AccountState & { status: 'registered' };

/** The signed-in user as loaders, actions and `/api/auth/status` see them. Never holds the hash. */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  /** Always includes `customer`; staff roles come on top. */
  roles: Role[];
  /** Whether the e-mail is proven the holder's (a mailed link was opened): only then are reservations made with it theirs to see. */
  emailVerified: boolean;
}

/** `own_admin_role`: an admin may not take their own admin role away (no lock-out). */
export type AccountServiceErrorCode = 'own_admin_role';

function toSignedInUser(account: RegisteredAccount): SignedInUser {
  return { id: account.accountId, name: account.name, email: account.email, roles: ['customer', ...account.roles], emailVerified: account.emailVerified };
}

export function accountService(ports: AccountPorts) {
  const deps: AccountDeps = { eventStore: ports.eventStore, ids: ports.ids, clock: ports.clock, claimKey: ports.hashing.sha256Hex };
  const accounts = commandHandler(accountDecider, deps);

  /** Mails and records a new single-use link (`{accountId}.{secret}`, ≥128 random bits, only the hash kept). */
  async function mailVerification(accountId: string, to: string, name: string, context: CommandContext, language?: MailLanguage) {
    const secret = ports.ids.token();
    const now = ports.clock.now();
    const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_MINUTES * 60_000);
    await accounts.handle(
      toStreamName(accountId),
      { type: 'IssueEmailVerification', data: { tokenHash: ports.hashing.sha256Hex(secret), expiresAt, now } },
      context,
    );
    await ports.mailer.send(ports.accountMails.verifyEmail({ to, name, token: `${accountId}.${secret}`, ...(language ? { language } : {}) }));
  }

  return {
    /**
     * Customer sign-up. Answers the same whether or not the address already has an account, so
     * sign-up tells nobody which addresses exist (decision 051): a new account is
     * registered with its address unverified and a verification link is mailed; an address that
     * is taken gets a mail telling its holder instead. Nobody is signed in by signing up. What
     * happened (`accountId`, null for a taken address) is for the audit log, never the answer.
     */
    async register(
      input: { name: string; email: string; password: string; language?: MailLanguage },
      context: CommandContext,
    ): Promise<{ accountId: string | null }> {
      // Hashed either way, so both answers take the same time.
      const passwordHash = await ports.passwords.hash(input.password);
      const email = normalizeEmail(input.email);
      try {
        const { accountId } = await registerAccount(deps, { name: input.name, email, passwordHash, roles: [] }, context);
        await mailVerification(accountId, email, input.name, context, input.language);
        return { accountId };
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'email_taken')) throw error;
        await ports.mailer.send(ports.accountMails.alreadyRegistered({ to: email, ...(input.language ? { language: input.language } : {}) }));
        return { accountId: null };
      }
    },

    /** Opens a verification link: the address becomes the holder's. Throws 'invalid_token', 'token_expired' or 'account_not_found'. */
    async verifyEmail(token: string, context: CommandContext): Promise<{ accountId: string }> {
      const dot = token.indexOf('.');
      if (dot <= 0) throw new DomainError('invalid_token');
      const accountId = token.slice(0, dot);
      const tokenHash = ports.hashing.sha256Hex(token.slice(dot + 1));
      await accounts.handle(toStreamName(accountId), { type: 'VerifyEmail', data: { tokenHash, now: ports.clock.now() } }, context);
      return { accountId };
    },

    /** A new link for a signed-in account whose address is not verified yet (the old link stops working), in the language of the page that asked. */
    async resendVerification(accountId: string, context: CommandContext, language?: MailLanguage): Promise<void> {
      const account = await loadAccount(deps, accountId);
      if (account.status !== 'registered' || account.emailVerified) return;
      await mailVerification(accountId, account.email, account.name, context, language);
    },

    /**
     * Checks an e-mail and password against the event store (not a read model, so a user can sign
     * in the moment registration returns). An unknown e-mail costs the same work as a wrong password.
     */
    async authenticate(email: string, password: string): Promise<SignedInUser | null> {
      const account = await findAccountByEmail(deps, email);
      const ok = await ports.passwords.verify(account?.passwordHash ?? null, password);
      // A staff member who left signs in no more (decision 620), with the same answer as a wrong password.
      return ok && account && account.leftAt === null ? toSignedInUser(account) : null;
    },

    async signedInUser(accountId: string): Promise<SignedInUser | null> {
      const account = await loadAccount(deps, accountId);
      return account.status === 'registered' && account.leftAt === null ? toSignedInUser(account) : null;
    },

    /**
     * Keeps the store a person chose to work on (decision 576); choosing the kept one again
     * records nothing. The caller has checked that the person may work there.
     */
    async chooseStore(input: { accountId: string; storeId: string }, context: CommandContext) {
      const result = await accounts.handle(
        toStreamName(input.accountId),
        { type: 'ChooseStore', data: { storeId: input.storeId, now: ports.clock.now() } },
        context,
      );
      return { changed: result.events.length > 0, position: result.position };
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
        {
          name: input.name,
          email: accountEmail,
          passwordHash: null,
          roles: [],
          externalIdentity: input.identity,
          emailVerified: Boolean(email && input.emailVerified),
        },
        context,
      );
      return { accountId };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
