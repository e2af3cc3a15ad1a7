import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { manualClock } from '../testing/manual-clock';
import { memoryEventStore } from '../testing/memory-event-store';
import { testIds } from '../testing/test-ids';
import { fromStreamName } from './events';
import { DEFAULT_RECRUIT_TIMES } from './rules';
import { shiftService } from './shift-service';

// 2026-07-20 12:00 in Tokyo.
const clock = manualClock(new Date('2026-07-20T03:00:00Z'));

function system(staff: string[]) {
  const eventStore = memoryEventStore(clock.now);
  const submitters = async (storeId: string, month: string) => {
    const events = await eventStore.readAll();
    return [
      ...new Set(
        events.flatMap((e) => {
          const key = fromStreamName(e.streamId);
          return key && key.storeId === storeId && key.month === month && e.type === 'ShiftsSubmitted' ? [key.userId] : [];
        }),
      ),
    ];
  };
  const shifts = shiftService({
    eventStore,
    ids: testIds,
    clock,
    shiftDirectory: { submittersOf: submitters, recruitTimes: async () => DEFAULT_RECRUIT_TIMES },
    storeStaff: { isStoreStaff: async (_store, user) => staff.includes(user) },
  });
  return { eventStore, shifts };
}
const as = (actor: string) => ({ correlationId: 'c', actor });
const member = { admin: false };
const admin = { admin: true };

describe('the shift service', () => {
  it('takes wishes from the store staff only', async () => {
    const { shifts } = system(['hana']);
    await expect(
      shifts.submit({ storeId: '2', userId: 'ken', shifts: [{ date: '2026-08-03', start: '10:00', end: '15:00' }], submitter: member }, as('ken')),
    ).rejects.toSatisfy((e) => e instanceof DomainError && e.code === 'not_store_staff');
    const result = await shifts.submit(
      { storeId: '2', userId: 'hana', shifts: [{ date: '2026-08-03', start: '10:00', end: '15:00' }], submitter: admin },
      as('owner'),
    );
    expect(result.submitted).toBe(1);
  });

  it('takes a member’s wishes under their own name only; an admin may submit for anyone (decision 189)', async () => {
    const { shifts, eventStore } = system(['hana', 'ken']);
    await expect(
      shifts.submit({ storeId: '2', userId: 'hana', shifts: [{ date: '2026-08-03', start: '10:00', end: '15:00' }], submitter: member }, as('ken')),
    ).rejects.toSatisfy((e) => e instanceof DomainError && e.code === 'shift_not_yours');
    expect(await eventStore.readAll()).toEqual([]);
    await shifts.submit({ storeId: '2', userId: 'ken', shifts: [{ date: '2026-08-03', start: '10:00', end: '15:00' }], submitter: member }, as('ken'));
    await shifts.submit({ storeId: '2', userId: 'hana', shifts: [{ date: '2026-08-04', start: '10:00', end: '15:00' }], submitter: admin }, as('owner'));
    expect((await eventStore.readAll()).map((e) => e.streamId)).toEqual(['shifts-2~ken~2026-08', 'shifts-2~hana~2026-08']);
  });

  it('imports everyone who submitted for the month, each person in their own stream, and a repeat imports nothing', async () => {
    const { shifts, eventStore } = system(['hana', 'ken']);
    await shifts.submit({ storeId: '2', userId: 'hana', shifts: [{ date: '2026-08-03', start: '10:00', end: '15:00' }], submitter: member }, as('hana'));
    await shifts.submit(
      {
        storeId: '2',
        userId: 'ken',
        shifts: [
          { date: '2026-08-04', start: '12:00', end: '18:00' },
          { date: '2026-08-05', start: '12:00', end: '18:00' },
        ],
        submitter: member,
      },
      as('ken'),
    );
    expect(await shifts.importSubmissions({ storeId: '2', month: '2026-08', userIds: null, dates: null }, as('owner'))).toMatchObject({ imported: 3 });
    expect(await shifts.importSubmissions({ storeId: '2', month: '2026-08', userIds: null, dates: null }, as('owner'))).toMatchObject({ imported: 0 });
    const imports = (await eventStore.readAll()).filter((e) => e.type === 'ShiftsImported');
    expect(imports.map((e) => e.streamId).sort()).toEqual(['shifts-2~hana~2026-08', 'shifts-2~ken~2026-08']);
    expect(imports.every((e) => e.metadata.actor === 'owner' && e.metadata.storeId === '2')).toBe(true);
    await expect(shifts.importSubmissions({ storeId: '2', month: '2026-09', userIds: null, dates: null }, as('owner'))).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.code === 'shift_nothing_to_import',
    );
  });

  it('corrects a shift named by its id, recording who did it', async () => {
    const { shifts, eventStore } = system(['hana']);
    await shifts.add({ storeId: '2', userId: 'hana', date: '2026-07-25', start: '10:00', end: '15:00' }, as('owner'));
    const input = { storeId: '2', userId: 'hana', date: '2026-07-25', field: 'end_time' as const, before: '15:00', after: '16:00', reason: '延長' };
    await expect(shifts.correct({ ...input, shiftId: '2~ken~2026-07-25' }, as('hana'))).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.code === 'shift_not_found',
    );
    expect(await shifts.correct({ ...input, shiftId: '2~hana~2026-07-25' }, as('hana'))).toMatchObject({ changed: true });
    const [corrected] = (await eventStore.readAll()).filter((e) => e.type === 'ShiftCorrected');
    expect(corrected?.data).toMatchObject({ before: '15:00', after: '16:00', reason: '延長', by: 'hana' });
  });
});
