import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountEvent } from '@moncafe/domain/account/events';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { openReadModelTestDb, type ReadModelTestDb } from '../testing/read-model-db';
import { accountsProjector } from './projector';
import { findAccount, listAccounts } from './queries';

let position = 0;
function recorded(event: AccountEvent | { type: 'KeyClaimed'; data: { accountId: string; claimedAt: string } }, streamId: string): RecordedEvent {
  position++;
  return {
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId,
    revision: 0,
    position,
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'c', causationId: null, actor: 'system', storeId: null },
    recordedAt: new Date(0),
  };
}

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    accountId: 'a1',
    name: '花子',
    email: 'hanako@example.com',
    passwordHash: '$argon2id$v=19$secret-hash',
    roles: [],
    externalIdentity: null,
    registeredAt: '2026-11-22T01:00:00.000Z',
  },
};

describe('accounts read model', () => {
  let t: ReadModelTestDb;
  beforeAll(async () => {
    t = await openReadModelTestDb();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('given registration and role changes, then one row with the current roles and no hash', async () => {
    await t.project(
      [accountsProjector],
      [
        recorded({ type: 'KeyClaimed', data: { accountId: 'a1', claimedAt: '2026-11-22T01:00:00.000Z' } }, 'account-email-abc'),
        recorded(registered, 'account-a1'),
        recorded({ type: 'RoleGranted', data: { accountId: 'a1', role: 'staff', grantedAt: '2026-11-22T02:00:00.000Z' } }, 'account-a1'),
        recorded({ type: 'RoleGranted', data: { accountId: 'a1', role: 'admin', grantedAt: '2026-11-22T02:00:00.000Z' } }, 'account-a1'),
        recorded({ type: 'RoleRevoked', data: { accountId: 'a1', role: 'staff', revokedAt: '2026-11-22T03:00:00.000Z' } }, 'account-a1'),
      ],
    );
    expect(await listAccounts(t.db)).toEqual([
      {
        accountId: 'a1',
        name: '花子',
        email: 'hanako@example.com',
        roles: ['admin'],
        hasPassword: true,
        registeredAt: new Date('2026-11-22T01:00:00.000Z'),
        leftAt: null,
        forgotten: false,
      },
    ]);
    const row = await t.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('argon2');
  });

  it('applies a redelivered registration once', async () => {
    const again = recorded(registered, 'account-a1');
    await t.project([accountsProjector], [again]);
    expect(await listAccounts(t.db)).toHaveLength(1);
    expect((await findAccount(t.db, 'a1'))?.roles).toEqual(['admin']);
  });
});
