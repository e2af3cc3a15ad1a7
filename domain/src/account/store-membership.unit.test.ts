import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { requireMonitorStore, requireStoreStaff, storesOpenTo } from './store-membership';

/** Store 2 names 佐藤 and 鈴木; store 3 names 佐藤 and a kitchen tablet; the hall tablet is on no list. */
const lists: Record<string, string[]> = { '2': ['sato', 'suzuki'], '3': ['sato', 'tablet-west'] };
const directory = {
  isStoreStaff: async (storeId: string, accountId: string) => (lists[storeId] ?? []).includes(accountId),
  storesOf: async (accountId: string) => Object.keys(lists).filter((s) => lists[s]!.includes(accountId)),
};
const refusedAt = async (run: Promise<void>) => {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof DomainError ? { code: error.code, storeId: error.details.storeId } : error;
};

describe('store membership', () => {
  it('lets staff act only at the stores whose staff list names them; admins everywhere', async () => {
    await expect(requireStoreStaff(directory, '2', { accountId: 'suzuki' })).resolves.toBeUndefined();
    expect(await refusedAt(requireStoreStaff(directory, '3', { accountId: 'suzuki' }))).toEqual({ code: 'not_store_staff', storeId: '3' });
    await expect(requireStoreStaff(directory, '3', { accountId: 'nobody', admin: true })).resolves.toBeUndefined();
  });

  it('shows staff their stores only, and a person on no list none', async () => {
    expect(await storesOpenTo(directory, { accountId: 'sato' }, 'staff')).toEqual(['2', '3']);
    expect(await storesOpenTo(directory, { accountId: 'suzuki' }, 'staff')).toEqual(['2']);
    expect(await storesOpenTo(directory, { accountId: 'hall-tablet' }, 'staff')).toEqual([]);
    expect(await storesOpenTo(directory, { accountId: 'suzuki', admin: true }, 'staff')).toBeNull();
  });

  it('limits a monitor account to the stores that list it, and leaves one no list names unlimited', async () => {
    expect(await storesOpenTo(directory, { accountId: 'tablet-west' }, 'monitor')).toEqual(['3']);
    expect(await storesOpenTo(directory, { accountId: 'hall-tablet' }, 'monitor')).toBeNull();
    await expect(requireMonitorStore(directory, '3', { accountId: 'tablet-west' })).resolves.toBeUndefined();
    expect(await refusedAt(requireMonitorStore(directory, '2', { accountId: 'tablet-west' }))).toEqual({ code: 'not_store_staff', storeId: '2' });
    await expect(requireMonitorStore(directory, '2', { accountId: 'hall-tablet' })).resolves.toBeUndefined();
    await expect(requireMonitorStore(directory, '2', { accountId: 'tablet-west', admin: true })).resolves.toBeUndefined();
  });
});
