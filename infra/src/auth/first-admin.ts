import type { Logger } from 'pino';
import { PASSWORD_MIN, normalizeEmail } from '@moncafe/domain/account/events';
import { loadAccount, registerAccount, type AccountDeps } from '@moncafe/domain/account/handlers';
import { WrongExpectedRevisionError } from '@moncafe/domain/ports';
import { sha256Hex } from '../system';
import { audit } from './audit';
import { hashPassword } from './password';

/** Records which account became the first admin, so that happens once per system. */
export const FIRST_ADMIN_STREAM = 'accounts-first-admin';
export const GENERATED_ADMIN_EMAIL = 'admin@moncafe.local';

export interface FirstAdminResult {
  created: boolean;
  email?: string;
  /** Only when no ADMIN_PASSWORD was configured: kept by `keepGenerated`, never in the JSON log. */
  generatedPassword?: string;
}

/**
 * On an empty system, creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with
 * generated credentials, which `keepGenerated` stores (the credentials file in DATA_DIR) BEFORE the
 * account is registered: no start can leave an admin whose password nobody has. Safe to call
 * from several processes at once: the first to append to FIRST_ADMIN_STREAM (expected
 * `no_stream`) does it. If a process dies after that append but before the account is written,
 * the next start finishes the job (with a fresh password, kept again).
 */
export async function ensureFirstAdmin(
  runtime: Omit<AccountDeps, 'claimKey'> & { logger: Pick<Logger, 'info' | 'warn'> },
  options: { email?: string | undefined; password?: string | undefined },
  keepGenerated: (credentials: { email: string; password: string }) => Promise<void>,
): Promise<FirstAdminResult> {
  const deps: AccountDeps = { eventStore: runtime.eventStore, ids: runtime.ids, clock: runtime.clock, claimKey: sha256Hex };
  const context = { correlationId: runtime.ids.uuid(), actor: 'system' };
  const existing = await runtime.eventStore.readStream(FIRST_ADMIN_STREAM);
  let accountId: string;
  if (existing.length > 0) {
    accountId = (existing[0]!.data as { accountId: string }).accountId;
    if ((await loadAccount(deps, accountId)).status === 'registered') return { created: false };
  } else {
    accountId = runtime.ids.uuid();
    try {
      await runtime.eventStore.appendToStream(
        FIRST_ADMIN_STREAM,
        [{ eventId: runtime.ids.uuid(), type: 'FirstAdminDesignated', data: { accountId }, metadata: { ...context, causationId: null, storeId: null } }],
        { expectedRevision: 'no_stream' },
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return { created: false };
      throw error;
    }
  }

  const email = normalizeEmail(options.email || GENERATED_ADMIN_EMAIL);
  const generated = options.password ? undefined : runtime.ids.token();
  const password = options.password ?? generated!;
  if (password.length < PASSWORD_MIN) throw new Error(`ADMIN_PASSWORD must have at least ${PASSWORD_MIN} characters`);
  if (generated) await keepGenerated({ email, password: generated });
  await registerAccount(deps, { accountId, name: '管理者', email, passwordHash: await hashPassword(password), roles: ['admin'], emailVerified: true }, context);
  audit(runtime.logger, 'first_admin_created', { accountId, generatedCredentials: generated !== undefined });
  return { created: true, email, ...(generated ? { generatedPassword: generated } : {}) };
}
