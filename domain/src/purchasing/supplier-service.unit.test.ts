import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { manualClock } from '../testing/manual-clock';
import { memoryEventStore } from '../testing/memory-event-store';
import { testIds } from '../testing/test-ids';
import { supplierService, type SecretBox } from './supplier-service';

/** Reversible but not the plain text, so a test sees what was stored. */
const box: SecretBox = {
  seal: (p) => `sealed:${[...p].reverse().join('')}`,
  open: (s) => [...s.slice(s.indexOf(':') + 1)].reverse().join(''),
  sealedWithNewest: (s) => s.startsWith('sealed:'),
};
const clock = manualClock(new Date('2026-07-20T03:00:00Z'));
/** hana works at store 2; ken at none. */
const storeStaff = { isStoreStaff: async (store: string, account: string) => store === '2' && account === 'hana' };

describe('suppliers', () => {
  it('stores the password sealed, keeps it when an edit leaves it out, and records every reveal with who and when', async () => {
    const eventStore = memoryEventStore(clock.now);
    const suppliers = supplierService({ eventStore, ids: testIds, clock, secrets: box, storeStaff });
    const data = { store_id: '2', supplier_name: '珈琲問屋', login_id: 'moncafe' };
    await suppliers.save({ id: 's1', data: { ...data, password: 'pass-123' } }, { correlationId: 'c', actor: 'owner' });
    await suppliers.save({ id: 's1', data: { ...data, supplier_name: '珈琲問屋 本店' } }, { correlationId: 'c', actor: 'owner' });
    const stored = JSON.stringify(await eventStore.readAll());
    expect(stored).not.toContain('pass-123');
    expect(stored).toContain('sealed:321-ssap');

    expect(await suppliers.revealPassword({ supplierId: 's1', asAdmin: false }, { correlationId: 'c', actor: 'hana' })).toMatchObject({ password: 'pass-123' });
    const reveals = (await eventStore.readAll()).filter((e) => e.type === 'SupplierPasswordRevealed');
    expect(reveals).toHaveLength(1);
    expect(reveals[0]!.data).toEqual({ supplierId: 's1', revealedAt: '2026-07-20T03:00:00.000Z', by: 'hana' });
    expect(reveals[0]!.metadata.storeId).toBe('2');

    await suppliers.save({ id: 's1', data: { ...data, password: null } }, { correlationId: 'c', actor: 'owner' });
    expect(await suppliers.revealPassword({ supplierId: 's1', asAdmin: false }, { correlationId: 'c', actor: 'hana' })).toMatchObject({ password: null });
    await expect(suppliers.revealPassword({ supplierId: 'nope', asAdmin: false }, { correlationId: 'c', actor: 'hana' })).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.code === 'supplier_not_found',
    );
  });

  it('reveals a password only to the store’s staff and to admins, recording nothing for anyone else (decision 162)', async () => {
    const eventStore = memoryEventStore(clock.now);
    const suppliers = supplierService({ eventStore, ids: testIds, clock, secrets: box, storeStaff });
    await suppliers.save(
      { id: 's1', data: { store_id: '2', supplier_name: '珈琲問屋', login_id: 'moncafe', password: 'pass-123' } },
      { correlationId: 'c', actor: 'owner' },
    );
    const before = (await eventStore.readAll()).length;
    await expect(suppliers.revealPassword({ supplierId: 's1', asAdmin: false }, { correlationId: 'c', actor: 'ken' })).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.code === 'not_store_staff',
    );
    expect(await eventStore.readAll()).toHaveLength(before);
    expect(await suppliers.revealPassword({ supplierId: 's1', asAdmin: true }, { correlationId: 'c', actor: 'owner' })).toMatchObject({ password: 'pass-123' });
  });

  it('re-seals with the newest key only the passwords sealed with an older one, keeping everything else of the supplier', async () => {
    const eventStore = memoryEventStore(clock.now);
    // Before the rotation the old key sealed as `old:`; the rotated box opens both and seals as `sealed:`.
    const oldBox: SecretBox = { ...box, seal: (p) => `old:${[...p].reverse().join('')}` };
    const before = supplierService({ eventStore, ids: testIds, clock, secrets: oldBox, storeStaff });
    const ctx = { correlationId: 'c', actor: 'owner' };
    await before.save({ id: 's1', data: { store_id: '2', supplier_name: '珈琲問屋', login_id: 'moncafe', password: 'pass-123' } }, ctx);
    await before.save({ id: 's2', data: { store_id: '2', supplier_name: '製菓材料', login_id: 'cafe2' } }, ctx);
    const after = supplierService({ eventStore, ids: testIds, clock, secrets: box, storeStaff });
    await after.save({ id: 's3', data: { store_id: '2', supplier_name: '牛乳店', login_id: 'milk', password: 'milk-pass' } }, ctx);
    const appended = (await eventStore.readAll()).length;

    expect(await after.resealPasswords(['s1', 's2', 's3', 'missing'], ctx)).toEqual({ resealed: ['s1'], current: 1 });
    const saved = (await eventStore.readAll()).slice(appended);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.data).toMatchObject({
      kind: 'supplier',
      id: 's1',
      data: { supplier_name: '珈琲問屋', login_id: 'moncafe', password_sealed: 'sealed:321-ssap' },
    });
    expect(await after.revealPassword({ supplierId: 's1', asAdmin: true }, ctx)).toMatchObject({ password: 'pass-123' });
    // A second run finds nothing left to do.
    expect(await after.resealPasswords(['s1', 's2', 's3'], ctx)).toEqual({ resealed: [], current: 2 });
  });
});
