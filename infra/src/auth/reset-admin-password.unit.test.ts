import { describe, expect, it } from 'vitest';
import { findAccountByEmail, registerAccount } from '@moncafe/domain/account/handlers';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { memoryEventStore } from '@moncafe/domain/testing/memory-event-store';
import { testIds } from '@moncafe/domain/testing/test-ids';
import { sha256Hex } from '../system';
import { ensureFirstAdmin, GENERATED_ADMIN_EMAIL } from './first-admin';
import { verifyPassword } from './password';
import { AdminResetError, resetAdminPassword } from './reset-admin-password';

function system() {
  const ended: string[] = [];
  return {
    eventStore: memoryEventStore(),
    ids: testIds,
    clock: manualClock(new Date('2026-11-23T00:00:00Z')),
    logger: { info: () => {}, warn: () => {} },
    ended,
    endSessionsOf: async (accountId: string) => void ended.push(accountId),
  };
}
const signsIn = async (s: ReturnType<typeof system>, email: string, password: string) => {
  const account = await findAccountByEmail({ ...s, claimKey: sha256Hex }, email);
  return account !== null && (await verifyPassword(account.passwordHash, password));
};

describe('resetting the admin password', () => {
  it('gives the first admin a new password that signs in (the old one no longer does) and ends its sessions', async () => {
    const s = system();
    let first = '';
    await ensureFirstAdmin(s, {}, async (c) => void (first = c.password));
    const reset = await resetAdminPassword(s);
    expect(reset.email).toBe(GENERATED_ADMIN_EMAIL);
    expect(reset.password).not.toBe(first);
    expect(await signsIn(s, GENERATED_ADMIN_EMAIL, reset.password)).toBe(true);
    expect(await signsIn(s, GENERATED_ADMIN_EMAIL, first)).toBe(false);
    expect(s.ended).toEqual([reset.accountId]);
  });

  it('refuses before any admin exists, and for an e-mail that is no admin', async () => {
    const s = system();
    await expect(resetAdminPassword(s)).rejects.toBeInstanceOf(AdminResetError);
    await registerAccount(
      { ...s, claimKey: sha256Hex },
      { name: '客', email: 'guest@example.jp', passwordHash: null, roles: [] },
      { correlationId: 'c', actor: 'test' },
    );
    await expect(resetAdminPassword(s, { email: 'guest@example.jp' })).rejects.toThrow('is not an admin');
    await expect(resetAdminPassword(s, { email: 'nobody@example.jp' })).rejects.toThrow('no account');
  });
});
