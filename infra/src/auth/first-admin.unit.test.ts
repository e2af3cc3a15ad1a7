import { describe, expect, it } from 'vitest';
import { findAccountByEmail } from '@moncafe/domain/account/handlers';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { memoryEventStore } from '@moncafe/domain/testing/memory-event-store';
import { sha256Hex } from '../system';
import { ensureFirstAdmin, GENERATED_ADMIN_EMAIL } from './first-admin';
import { verifyPassword } from './password';

function runtime() {
  const logged: unknown[] = [];
  let n = 0;
  return {
    eventStore: memoryEventStore(),
    ids: { uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, token: () => `generated-secret-${++n}-abcdefgh` },
    clock: manualClock(new Date('2026-11-22T00:00:00Z')),
    logger: { info: (o: unknown) => void logged.push(o), warn: (o: unknown) => void logged.push(o) },
    logged,
  };
}

const keepNothing = () => Promise.resolve();
const accountDeps = (r: ReturnType<typeof runtime>) => ({ ...r, claimKey: sha256Hex });

/** The account, when the password signs it in (as the account service checks it). */
async function authenticate(r: ReturnType<typeof runtime>, email: string, password: string) {
  const account = await findAccountByEmail(accountDeps(r), email);
  return account && (await verifyPassword(account.passwordHash, password)) ? account : null;
}

describe('first admin', () => {
  it('is created once from ADMIN_EMAIL / ADMIN_PASSWORD, even when two processes start together', async () => {
    const r = runtime();
    const results = await Promise.all([
      ensureFirstAdmin(r, { email: 'Owner@Cafe.test', password: 'owner-password-1' }, keepNothing),
      ensureFirstAdmin(r, { email: 'Owner@Cafe.test', password: 'owner-password-1' }, keepNothing),
    ]);
    expect(results.filter((x) => x.created)).toHaveLength(1);
    expect((await ensureFirstAdmin(r, { email: 'owner@cafe.test', password: 'owner-password-1' }, keepNothing)).created).toBe(false);
    const admin = await authenticate(r, 'owner@cafe.test', 'owner-password-1');
    expect(admin?.roles).toEqual(['admin']);
  });

  it('keeps generated credentials once, before the account exists, never in the log, when none are configured', async () => {
    const r = runtime();
    const kept: { email: string; password: string; accountExisted: boolean }[] = [];
    const keep = async (c: { email: string; password: string }) => {
      kept.push({ ...c, accountExisted: (await findAccountByEmail(accountDeps(r), c.email)) !== null });
    };
    const result = await ensureFirstAdmin(r, {}, keep);
    expect(result.generatedPassword).toBeDefined();
    expect(kept).toEqual([{ email: GENERATED_ADMIN_EMAIL, password: result.generatedPassword!, accountExisted: false }]);
    expect(JSON.stringify(r.logged)).not.toContain(result.generatedPassword!);
    expect((await authenticate(r, GENERATED_ADMIN_EMAIL, result.generatedPassword!))?.roles).toEqual(['admin']);
    await ensureFirstAdmin(r, {}, keep);
    expect(kept).toHaveLength(1);
  });

  it('registers no admin when keeping the generated password fails, and a later start tries again', async () => {
    const r = runtime();
    await expect(ensureFirstAdmin(r, {}, () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await findAccountByEmail(accountDeps(r), GENERATED_ADMIN_EMAIL)).toBeNull();
    const kept: string[] = [];
    const result = await ensureFirstAdmin(r, {}, async (c) => void kept.push(c.password));
    expect(result.created).toBe(true);
    expect(kept).toEqual([result.generatedPassword]);
  });

  it('finishes the job when a start died between designating and registering the admin', async () => {
    const r = runtime();
    await r.eventStore.appendToStream(
      'accounts-first-admin',
      [
        {
          eventId: 'e1',
          type: 'FirstAdminDesignated',
          data: { accountId: 'admin-1' },
          metadata: { correlationId: 'c', causationId: null, actor: 'system', storeId: null },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    expect((await ensureFirstAdmin(r, { email: 'owner@cafe.test', password: 'owner-password-1' }, keepNothing)).created).toBe(true);
    expect((await findAccountByEmail(accountDeps(r), 'owner@cafe.test'))?.accountId).toBe('admin-1');
  });
});
