import { createHash } from 'node:crypto';
import type { CommandContext } from '@moncafe/domain/command-handler';
import type { AccountState } from '@moncafe/domain/account/decider';
import type { Role } from '@moncafe/domain/account/events';
import { findAccountByEmail, loadAccount, registerAccount, type AccountDeps } from '@moncafe/domain/account/handlers';
import type { Clock, EventStore, IdGenerator } from '@moncafe/domain/ports';
import { hashPassword, verifyPassword } from './password';

export type RegisteredAccount = AccountState & { status: 'registered' };

/** The signed-in user as loaders, actions and `/api/auth/status` see them. Never holds the hash. */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  /** Always includes `customer`; staff roles come on top. */
  roles: Role[];
}

export interface AccountRuntime {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function accountDeps(runtime: AccountRuntime): AccountDeps {
  return { eventStore: runtime.eventStore, ids: runtime.ids, clock: runtime.clock, claimKey: sha256Hex };
}

export function toSignedInUser(account: RegisteredAccount): SignedInUser {
  return { id: account.accountId, name: account.name, email: account.email, roles: ['customer', ...account.roles] };
}

/** Registers a customer account; the password is hashed here and never leaves this function in clear. */
export async function signUp(runtime: AccountRuntime, input: { name: string; email: string; password: string }, context: CommandContext) {
  const passwordHash = await hashPassword(input.password);
  return registerAccount(accountDeps(runtime), { name: input.name, email: input.email, passwordHash, roles: [] }, context);
}

/**
 * Checks an e-mail and password against the event store. An unknown e-mail costs the same
 * argon2 work as a wrong password, so timing does not tell which accounts exist.
 */
export async function authenticate(runtime: AccountRuntime, email: string, password: string): Promise<RegisteredAccount | null> {
  const account = await findAccountByEmail(accountDeps(runtime), email);
  const ok = await verifyPassword(account?.passwordHash ?? null, password);
  return ok && account ? account : null;
}

export async function findSignedInUser(runtime: AccountRuntime, accountId: string): Promise<SignedInUser | null> {
  const account = await loadAccount(accountDeps(runtime), accountId);
  return account.status === 'registered' ? toSignedInUser(account) : null;
}
