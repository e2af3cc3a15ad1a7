import { describe, expect, it } from 'vitest';
import { toStreamName as catalogStream } from '../catalog/events';
import { metadataOf } from '../command-handler';
import { manualClock } from '../testing/manual-clock';
import { memoryEventStore } from '../testing/memory-event-store';
import { testHashing, testIds } from '../testing/test-ids';
import { toStreamName } from './events';
import { SECOND_FACTOR_GRACE_DAYS, secondFactorService } from './second-factor-service';

/**
 * Who must have a second factor (decision 540), at the service: admins in production only, staff
 * and monitors where a store says so, and the grace that starts at the first sign-in asked.
 */
const start = new Date('2026-12-01T03:00:00.000Z');
const context = { correlationId: 'c1', actor: 'a1' };
const unused = () => {
  throw new Error('not used here');
};

function system() {
  const clock = manualClock(start);
  const eventStore = memoryEventStore(clock.now);
  const service = secondFactorService({
    eventStore,
    ids: testIds,
    clock,
    hashing: testHashing,
    passwords: { hash: async () => 'h', verify: async () => true },
    secrets: { seal: (plain) => plain, open: (sealed) => sealed, sealedWithNewest: () => true },
    oneTimeCodes: { newSecret: unused, address: unused, stepOf: unused, recoveryCodes: unused },
    passkeyCeremonies: {
      registrationOptions: unused,
      verifyRegistration: unused,
      authenticationOptions: unused,
      credentialIdOf: unused,
      verifyAuthentication: unused,
    },
    openStoreIds: async () => ['s1', 's2'],
    signOut: async () => {},
  });
  async function register(accountId: string) {
    const data = {
      accountId,
      name: '山田',
      email: `${accountId}@example.com`,
      passwordHash: 'h',
      roles: ['admin'],
      externalIdentity: null,
      registeredAt: start.toISOString(),
    };
    await eventStore.appendToStream(toStreamName(accountId), [{ eventId: testIds.uuid(), type: 'AccountRegistered', data, metadata: metadataOf(context) }], {
      expectedRevision: 'no_stream',
    });
  }
  async function store(id: string, secondFactorForStaff: boolean) {
    const data = { kind: 'store', id, data: { name: id, address: '東京都', phone: '03-0000-0000', second_factor_for_staff: secondFactorForStaff } };
    await eventStore.appendToStream(catalogStream('store', id), [{ eventId: testIds.uuid(), type: 'RecordSaved', data, metadata: metadataOf(context) }], {
      expectedRevision: 'any',
    });
  }
  return { clock, service, register, store };
}

describe('who must have a second factor', () => {
  it('asks it of admins in production only', async () => {
    const { service } = system();
    expect(await service.mustHaveSecondFactor({ roles: ['customer', 'admin'], storeIds: [], production: true })).toBe(true);
    expect(await service.mustHaveSecondFactor({ roles: ['customer', 'admin'], storeIds: [], production: false })).toBe(false);
    expect(await service.mustHaveSecondFactor({ roles: ['customer'], storeIds: [], production: true })).toBe(false);
  });

  it('asks it of staff and monitors where a store they work at says so; a monitor on no list works at every open store', async () => {
    const { service, store } = system();
    await store('s1', false);
    await store('s2', true);
    expect(await service.mustHaveSecondFactor({ roles: ['customer', 'staff'], storeIds: ['s1'], production: true })).toBe(false);
    expect(await service.mustHaveSecondFactor({ roles: ['customer', 'staff'], storeIds: ['s1', 's2'], production: false })).toBe(true);
    expect(await service.mustHaveSecondFactor({ roles: ['customer', 'staff'], storeIds: [], production: true }), 'staff on no list').toBe(false);
    expect(await service.mustHaveSecondFactor({ roles: ['customer', 'monitor'], storeIds: [], production: false })).toBe(true);
  });

  it('gives an admin without one a grace of 7 days from the first sign-in asked, which does not start again, then is overdue', async () => {
    const { clock, service, register } = system();
    await register('a1');
    const first = await service.askForSecondFactor('a1', context);
    expect(first).toEqual({ deadline: new Date(start.getTime() + SECOND_FACTOR_GRACE_DAYS * 86_400_000).toISOString(), overdue: false });
    expect(SECOND_FACTOR_GRACE_DAYS).toBe(7);
    clock.advance(6 * 24 * 60);
    expect(await service.askForSecondFactor('a1', context)).toEqual(first);
    clock.advance(24 * 60);
    expect(await service.askForSecondFactor('a1', context)).toEqual({ deadline: first.deadline, overdue: true });
  });
});
