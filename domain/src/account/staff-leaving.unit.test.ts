import { describe, expect, it } from 'vitest';
import type { DomainError } from '../decider';
import { ERASED_TEXT } from '../privacy/personal-data';
import { deciderSpecification } from '../testing/decider-specification';
import { accountDecider } from './decider';
import type { AccountEvent } from './events';
import { yearsAfter } from './staff-leaving-service';

const now = new Date('2026-12-01T01:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpecification(accountDecider);
const code = (c: string) => (e: DomainError) => e.code === c;
const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    accountId: 'a1',
    name: '山田',
    email: 'yamada@example.com',
    passwordHash: '$argon2id$h',
    roles: ['staff', 'monitor'],
    externalIdentity: null,
    registeredAt: at,
  },
};
const customer: AccountEvent = { type: 'AccountRegistered', data: { ...registered.data, roles: [] } } as AccountEvent;
const removed: AccountEvent = { type: 'StaffRemoved', data: { accountId: 'a1', by: 'admin-1', roles: ['staff', 'monitor'], removedAt: at } };
const keepUntil = new Date('2031-11-30T15:00:00.000Z');
const later = new Date('2031-12-01T00:00:00.000Z');
const forget = (when: Date) => ({ type: 'ForgetStaff' as const, data: { by: 'admin-1', pseudonym: 'staff-1a2b3c4d', keepUntil, now: when } });
const forgotten: AccountEvent = {
  type: 'StaffForgotten',
  data: { accountId: 'a1', by: 'admin-1', pseudonym: 'staff-1a2b3c4d', forgottenAt: later.toISOString() },
};

describe('staff who leave', () => {
  describe('when the person works here', () => {
    it('removes them with the roles they held', () => {
      spec
        .given([registered])
        .when({ type: 'RemoveStaff', data: { by: 'admin-1', now } })
        .then([removed]);
    });
    it('refuses to remove an account that holds no staff role', () => {
      spec
        .given([customer])
        .when({ type: 'RemoveStaff', data: { by: 'admin-1', now } })
        .thenThrows<DomainError>(code('not_staff'));
    });
    it('refuses to forget someone not removed', () => {
      spec.given([registered]).when(forget(later)).thenThrows<DomainError>(code('staff_not_removed'));
    });
    it('refuses to remove an account that does not exist', () => {
      spec
        .given([])
        .when({ type: 'RemoveStaff', data: { by: 'admin-1', now } })
        .thenThrows<DomainError>(code('account_not_found'));
    });
  });

  describe('when removed', () => {
    it('holds no role, and records nothing for a resent removal', () => {
      const state = [registered, removed].reduce(accountDecider.evolve, accountDecider.initialState());
      expect(state).toMatchObject({ roles: [], leftAt: at });
      spec
        .given([registered, removed])
        .when({ type: 'RemoveStaff', data: { by: 'admin-1', now } })
        .thenNothingHappens();
    });
    it('gets no role back', () => {
      spec
        .given([registered, removed])
        .when({ type: 'GrantRole', data: { role: 'staff', now } })
        .thenThrows<DomainError>(code('staff_left'));
    });
    it('refuses to forget them before the retention ends, saying until when', () => {
      spec
        .given([registered, removed])
        .when(forget(new Date(keepUntil.getTime() - 1)))
        .thenThrows<DomainError>((e) => e.code === 'retention_not_over' && (e.details as { until: string }).until === keepUntil.toISOString());
    });
    it('forgets them once it has ended, under the pseudonym', () => {
      spec.given([registered, removed]).when(forget(later)).then([forgotten]);
      spec
        .given([registered, removed])
        .when(forget(keepUntil))
        .then([{ ...forgotten, data: { ...forgotten.data, forgottenAt: keepUntil.toISOString() } }]);
    });
  });

  describe('when forgotten', () => {
    it('reads under the pseudonym with nothing to sign in with, and records nothing again', () => {
      const state = [registered, removed, forgotten].reduce(accountDecider.evolve, accountDecider.initialState());
      expect(state).toMatchObject({ name: 'staff-1a2b3c4d', email: ERASED_TEXT, passwordHash: null, forgotten: true, totp: null, passkeys: [] });
      spec.given([registered, removed, forgotten]).when(forget(later)).thenNothingHappens();
    });
  });
});

describe('the retention end', () => {
  it('is the same day years later, 29 February moving to 1 March', () => {
    expect(yearsAfter('2026-12-01', 5)).toBe('2031-12-01');
    expect(yearsAfter('2028-02-29', 5)).toBe('2033-03-01');
    expect(yearsAfter('2028-02-29', 4)).toBe('2032-02-29');
  });
});
