import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecord } from '@moncafe/domain/catalog/decider';
import type { CatalogInput, CatalogKind } from '@moncafe/domain/catalog/registry';
import type { DomainEvent } from '@moncafe/domain/ports';
import { recordedEvent } from '@moncafe/domain/testing/recorded-event';
import { accountsProjector } from '../accounts/projector';
import { checklistTasksProjector, checklistTicksProjector } from '../checklists/projector';
import { checklistOf } from '../checklists/queries';
import { purchasingProjector, supplierRevealsProjector } from '../purchasing/projector';
import { listSuppliers } from '../purchasing/queries';
import { projectors as registered } from '../read-models';
import { recruitTimesProjector, shiftsProjector } from '../shifts/projector';
import { recruitTimesOf, scheduledShifts, shiftHistoryOf, submissionsOf } from '../shifts/queries';
import { storeStaffProjector } from '../store-staff/projector';
import { listStoreStaff } from '../store-staff/queries';
import { openReadModelTestDb, type ReadModelTestDb } from './read-model-db';

const all = [
  accountsProjector,
  storeStaffProjector,
  shiftsProjector,
  recruitTimesProjector,
  checklistTasksProjector,
  checklistTicksProjector,
  purchasingProjector,
  supplierRevealsProjector,
];
let position = 0;
const on = (streamId: string, event: DomainEvent) => recordedEvent(event, { position: ++position, streamId });
const saved = <K extends CatalogKind>(kind: K, id: string, data: CatalogInput<K>) =>
  on(`catalog-${kind}~${id}`, { type: 'RecordSaved', data: { kind, id, data: parseRecord(kind, id, data) } });
const account = (accountId: string, name: string) =>
  on(`account-${accountId}`, {
    type: 'AccountRegistered',
    data: {
      accountId,
      name,
      email: `${accountId}@cafe.test`,
      passwordHash: null,
      roles: ['staff'],
      externalIdentity: null,
      registeredAt: '2026-07-01T00:00:00Z',
    },
  });

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await openReadModelTestDb();
  await t.project(all, [account('hana', '花子'), account('ken', '健'), account('owner', 'オーナー')]);
});
afterAll(() => t?.close());

it('every staff-area read model is registered', () => {
  for (const p of all) expect(registered).toContain(p);
});

describe('store staff', () => {
  it('lists a store’s people with names and wages in the admin’s order', async () => {
    await t.project(all, [
      saved('store-staff', '2:ken', { store_id: '2', account_id: 'ken', wage: 1200, display_order: 2 }),
      saved('store-staff', '2:hana', { store_id: '2', account_id: 'hana', wage: null, display_order: 1 }),
      saved('store-staff', '3:ken', { store_id: '3', account_id: 'ken', wage: 1000 }),
    ]);
    expect(await listStoreStaff(t.db, '2')).toEqual([
      { id: 'hana', name: '花子', wage: null },
      { id: 'ken', name: '健', wage: 1200 },
    ]);
  });
});

describe('shifts', () => {
  const stream = 'shifts-2~hana~2026-08';
  it('given wishes, an import and a correction (redelivered), then the schedule and one history row with names', async () => {
    const corrected = on(stream, {
      type: 'ShiftCorrected',
      data: {
        shiftId: '2~hana~2026-08-03',
        date: '2026-08-03',
        field: 'end_time',
        before: '15:00',
        after: '16:00',
        reason: '延長',
        correctedAt: '2026-08-03T06:00:00Z',
        by: 'ken',
      },
    });
    await t.project(all, [
      on(stream, {
        type: 'ShiftsSubmitted',
        data: { shifts: [{ date: '2026-08-03', start: '10:00', end: '15:00' }], submittedAt: '2026-07-20T00:00:00Z', by: 'hana' },
      }),
      on(stream, {
        type: 'ShiftsImported',
        data: { shifts: [{ shiftId: '2~hana~2026-08-03', date: '2026-08-03', start: '10:00', end: '15:00' }], importedAt: '2026-07-25T00:00:00Z', by: 'owner' },
      }),
      corrected,
      corrected,
      saved('recruit-times', '2', { store_id: '2', weekday_start: '09:00', interval_minutes: 15 }),
    ]);
    expect(await submissionsOf(t.db, '2', '2026-08')).toMatchObject([
      { user_id: 'hana', user_name: '花子', shift_date: '2026-08-03', start_time: '10:00', end_time: '15:00' },
    ]);
    expect(await scheduledShifts(t.db, '2', '2026-08')).toEqual([
      { id: '2~hana~2026-08-03', user_id: 'hana', user_name: '花子', shift_date: '2026-08-03', start_time: '10:00', end_time: '16:00', store_id: '2' },
    ]);
    expect(await scheduledShifts(t.db, '2', '2026-09')).toEqual([]);
    expect(await shiftHistoryOf(t.db, '2', '2026-08')).toMatchObject([
      {
        shift_date: '2026-08-03',
        user_name: '花子',
        shift_type: 'end_time',
        before_value: '15:00',
        after_value: '16:00',
        reason: '延長',
        changed_by_name: '健',
      },
    ]);
    expect(await recruitTimesOf(t.db, '2')).toMatchObject({ weekday_start: '09:00', weekday_end: '20:00', interval_minutes: 15, is_default: false });
    expect(await recruitTimesOf(t.db, '9')).toMatchObject({ interval_minutes: 30, is_default: true });
  });
});

describe('checklists', () => {
  it('shows a day’s ticks with who and when; another day starts unticked and the earlier one keeps its ticks', async () => {
    await t.project(all, [
      saved('checklist-task', 'o2', { store_id: '2', list: 'opening', task_text: 'レジを開ける', display_order: 2 }),
      saved('checklist-task', 'o1', { store_id: '2', list: 'opening', task_text: '照明をつける', display_order: 1 }),
      saved('checklist-task', 'c1', { store_id: '2', list: 'closing', task_text: '火の元確認' }),
      on('checklist-2~opening~2026-08-03', { type: 'TaskCompleted', data: { taskId: 'o2', completedAt: '2026-08-03T00:10:00.000Z', by: 'hana' } }),
      on('checklist-2~opening~2026-08-03', { type: 'TaskCompleted', data: { taskId: 'o1', completedAt: '2026-08-03T00:11:00.000Z', by: 'hana' } }),
      on('checklist-2~opening~2026-08-03', { type: 'TaskReopened', data: { taskId: 'o1', reopenedAt: '2026-08-03T00:12:00.000Z', by: 'ken' } }),
    ]);
    expect(await checklistOf(t.db, { storeId: '2', list: 'opening', day: '2026-08-03' })).toEqual([
      { id: 'o1', task_id: 1, task_text: '照明をつける', display_order: 1, completed: false, changed_by: '健', changed_at: '2026-08-03T00:12:00.000Z' },
      { id: 'o2', task_id: 2, task_text: 'レジを開ける', display_order: 2, completed: true, changed_by: '花子', changed_at: '2026-08-03T00:10:00.000Z' },
    ]);
    expect((await checklistOf(t.db, { storeId: '2', list: 'opening', day: '2026-08-04' })).map((r) => r.completed)).toEqual([false, false]);
    expect(await checklistOf(t.db, { storeId: '2', list: 'closing', day: '2026-08-03' })).toMatchObject([
      { id: 'c1', task_id: 1, completed: false, changed_by: null },
    ]);
  });
});

describe('suppliers', () => {
  it('never answers the sealed password, and tells who revealed it last', async () => {
    await t.project(all, [
      saved('supplier', 's1', { store_id: '2', supplier_name: '珈琲問屋', login_id: 'moncafe', password_sealed: 'v1.sealed' }),
      on('purchasing-s1', { type: 'SupplierPasswordRevealed', data: { supplierId: 's1', revealedAt: '2026-08-01T00:00:00.000Z', by: 'hana' } }),
      on('purchasing-s1', { type: 'SupplierPasswordRevealed', data: { supplierId: 's1', revealedAt: '2026-08-02T00:00:00.000Z', by: 'ken' } }),
    ]);
    const [supplier] = await listSuppliers(t.db, '2');
    expect(supplier).toMatchObject({ id: 's1', has_password: true, reveal_count: 2, last_revealed_by: '健', last_revealed_at: '2026-08-02T00:00:00.000Z' });
    expect(JSON.stringify(supplier)).not.toContain('v1.sealed');
  });
});
