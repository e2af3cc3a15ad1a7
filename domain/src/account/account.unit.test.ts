import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryEventStore } from '../testing/memory-event-store';
import type { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { accountDecider } from './decider';
import type { AccountEvent } from './events';
import { emailClaimStreamId, findAccountByEmail, loadAccount, ORPHAN_CLAIM_GRACE_MS, registerAccount, changeRole, type AccountDeps } from './handlers';

const now = new Date('2026-11-22T01:00:00.000Z');
const spec = deciderSpecification(accountDecider);
const account = {
  accountId: 'a1',
  name: '山田',
  email: 'yamada@example.com',
  passwordHash: '$argon2id$hash',
  roles: [],
  externalIdentity: null,
  emailVerified: false,
};
const register = { type: 'RegisterAccount' as const, data: { ...account, now } };
const registered: AccountEvent = { type: 'AccountRegistered', data: { ...account, registeredAt: now.toISOString() } };

describe('account decider', () => {
  describe('when nothing is registered', () => {
    it('registers an account', () => {
      spec.given([]).when(register).then([registered]);
    });
    it('refuses a store choice', () => {
      spec
        .given([])
        .when({ type: 'ChooseStore', data: { storeId: 's1', now } })
        .thenThrows<DomainError>((e) => e.code === 'account_not_found');
    });
    it('refuses role changes', () => {
      spec
        .given([])
        .when({ type: 'GrantRole', data: { role: 'admin', now } })
        .thenThrows<DomainError>((e) => e.code === 'account_not_found');
    });
  });

  describe('when registered', () => {
    it('refuses a second registration', () => {
      spec
        .given([registered])
        .when(register)
        .thenThrows<DomainError>((e) => e.code === 'account_exists');
    });
    it('grants a role once', () => {
      spec
        .given([registered])
        .when({ type: 'GrantRole', data: { role: 'staff', now } })
        .then([{ type: 'RoleGranted', data: { accountId: 'a1', role: 'staff', grantedAt: now.toISOString() } }]);
      spec
        .given([registered, { type: 'RoleGranted', data: { accountId: 'a1', role: 'staff', grantedAt: now.toISOString() } }])
        .when({ type: 'GrantRole', data: { role: 'staff', now } })
        .thenNothingHappens();
    });
    it('keeps the chosen store, and records nothing when the same store is chosen again', () => {
      const chosen: AccountEvent = { type: 'StoreChosen', data: { accountId: 'a1', storeId: 's1', chosenAt: now.toISOString() } };
      spec
        .given([registered])
        .when({ type: 'ChooseStore', data: { storeId: 's1', now } })
        .then([chosen]);
      spec
        .given([registered, chosen])
        .when({ type: 'ChooseStore', data: { storeId: 's1', now } })
        .thenNothingHappens();
      spec
        .given([registered, chosen])
        .when({ type: 'ChooseStore', data: { storeId: 's2', now } })
        .then([{ type: 'StoreChosen', data: { accountId: 'a1', storeId: 's2', chosenAt: now.toISOString() } }]);
    });
    it('revokes only a held role', () => {
      spec
        .given([registered])
        .when({ type: 'RevokeRole', data: { role: 'admin', now } })
        .thenNothingHappens();
      spec
        .given([registered, { type: 'RoleGranted', data: { accountId: 'a1', role: 'admin', grantedAt: now.toISOString() } }])
        .when({ type: 'RevokeRole', data: { role: 'admin', now } })
        .then([{ type: 'RoleRevoked', data: { accountId: 'a1', role: 'admin', revokedAt: now.toISOString() } }]);
    });
  });
});

function deps(clock = { now: () => now }): AccountDeps {
  let n = 0;
  return {
    eventStore: memoryEventStore(),
    ids: { uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, token: () => `t${++n}` },
    clock,
    claimKey: (v) => createHash('sha256').update(v).digest('hex'),
  };
}
const ctx = { correlationId: 'c1', actor: 'customer' };

describe('registration', () => {
  it('keeps e-mail addresses unique regardless of case', async () => {
    const d = deps();
    await registerAccount(d, { name: 'A', email: 'Someone@Example.com', passwordHash: 'h', roles: [] }, ctx);
    await expect(registerAccount(d, { name: 'B', email: 'someone@example.COM ', passwordHash: 'h', roles: [] }, ctx)).rejects.toMatchObject({
      code: 'email_taken',
    });
    const found = await findAccountByEmail(d, 'SOMEONE@example.com');
    expect(found?.name).toBe('A');
    expect(found?.email).toBe('someone@example.com');
  });

  it('lets exactly one of two concurrent registrations with one e-mail win', async () => {
    const d = deps();
    const results = await Promise.allSettled([
      registerAccount(d, { name: 'A', email: 'race@example.com', passwordHash: 'h', roles: [] }, ctx),
      registerAccount(d, { name: 'B', email: 'race@example.com', passwordHash: 'h', roles: [] }, ctx),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const all = await d.eventStore.readAll();
    expect(all.filter((e) => e.type === 'AccountRegistered')).toHaveLength(1);
  });

  it('takes over a claim whose account was never written, but only after the grace period', async () => {
    let clockNow = now;
    const d = deps({ now: () => clockNow });
    const stream = emailClaimStreamId(d, 'orphan@example.com');
    await d.eventStore.appendToStream(
      stream,
      [
        {
          eventId: 'e',
          type: 'KeyClaimed',
          data: { accountId: 'ghost', claimedAt: now.toISOString() },
          metadata: { correlationId: 'x', causationId: null, actor: 'customer', storeId: null },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await expect(registerAccount(d, { name: 'A', email: 'orphan@example.com', passwordHash: 'h', roles: [] }, ctx)).rejects.toMatchObject({
      code: 'email_taken',
    });
    clockNow = new Date(now.getTime() + ORPHAN_CLAIM_GRACE_MS + 1);
    const { accountId } = await registerAccount(d, { name: 'A', email: 'orphan@example.com', passwordHash: 'h', roles: [] }, ctx);
    expect((await findAccountByEmail(d, 'orphan@example.com'))?.accountId).toBe(accountId);
  });

  it('records role changes as events', async () => {
    const d = deps();
    const { accountId } = await registerAccount(d, { name: 'A', email: 'a@example.com', passwordHash: 'h', roles: [] }, ctx);
    await changeRole(d, { accountId, role: 'staff', grant: true }, { correlationId: 'c2', actor: 'admin-1' });
    const state = await loadAccount(d, accountId);
    expect(state.status === 'registered' && state.roles).toEqual(['staff']);
    const events = await d.eventStore.readStream(`account-${accountId}`);
    expect(events.map((e) => e.type)).toEqual(['AccountRegistered', 'RoleGranted']);
    expect(events[1]?.metadata.actor).toBe('admin-1');
  });
});

describe('account e-mail verification (docs/security.md, finding 1)', () => {
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const issued: AccountEvent = {
    type: 'EmailVerificationIssued',
    data: { accountId: 'a1', tokenHash: 'hash-1', expiresAt: later(30).toISOString(), issuedAt: now.toISOString() },
  };
  const verify = (tokenHash: string, at: Date) => ({ type: 'VerifyEmail' as const, data: { tokenHash, now: at } });

  it('verifies the address with the latest link, within its time, once', () => {
    spec
      .given([registered, issued])
      .when(verify('hash-1', later(29)))
      .then([{ type: 'EmailVerified', data: { accountId: 'a1', verifiedAt: later(29).toISOString() } }]);
    spec
      .given([registered, issued, { type: 'EmailVerified', data: { accountId: 'a1', verifiedAt: later(1).toISOString() } }])
      .when(verify('hash-1', later(2)))
      .thenThrows<DomainError>((e) => e.code === 'invalid_token');
  });

  it('refuses a wrong, replaced or expired link', () => {
    spec
      .given([registered, issued])
      .when(verify('hash-2', later(1)))
      .thenThrows<DomainError>((e) => e.code === 'invalid_token');
    spec
      .given([registered, issued, { ...issued, data: { ...issued.data, tokenHash: 'hash-2' } }])
      .when(verify('hash-1', later(1)))
      .thenThrows<DomainError>((e) => e.code === 'invalid_token');
    spec
      .given([registered, issued])
      .when(verify('hash-1', later(30)))
      .thenThrows<DomainError>((e) => e.code === 'token_expired');
  });

  it('issues no link for an address already verified', () => {
    spec
      .given([{ ...registered, data: { ...registered.data, emailVerified: true } } as AccountEvent])
      .when({ type: 'IssueEmailVerification', data: { tokenHash: 'hash-1', expiresAt: later(30), now } })
      .thenNothingHappens();
  });
});
