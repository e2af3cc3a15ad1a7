import type { Application } from '@moncafe/domain/application';
import type { Clock, IdGenerator, Logger } from '@moncafe/domain/ports';
import { loadDemoData, type DemoDataResult } from './demo-data';
import { loadScheduleDemo } from './schedule';
import { loadAttendanceDemo, type AttendanceDemoServices } from './attendance';
import { demoStaffOf, loadStaffAreaDemo, type StaffAreaServices } from './staff-area';
import { loadTableOrderDemo } from './table-order';

/** What loading the demo cafe needs of a wired system: its services, and a wait for its read models. */
export interface DemoSystem {
  services: Pick<Application, 'catalog' | 'stock' | 'seatCodes'> & StaffAreaServices & AttendanceDemoServices & Partial<Pick<Application, 'reservationStaff'>>;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
  /** The demo's stock names menu items the stock editor checks in the read models. */
  waitForProjections(position: number | null): Promise<void>;
  /** Waits however long the read models take (a worker that starts after this process): used when given. */
  catchUp?(position: number | null): Promise<void>;
}

/**
 * The demo cafe (DEMO_DATA=1), loaded into an empty system through ordinary commands, so it is
 * events like everything else: the catalog, the staff area, the table ordering and, when
 * `schedule` is set (outside tests), today's bookings on the reservation monitor. infra's
 * `seedEmptySystem` calls it after the first admin.
 */
export async function loadDemo(
  system: DemoSystem,
  options: {
    schedule: boolean;
    /** Runs a named step unless an earlier, cut-short seeding completed it (infra's seed marker, decision 262). */
    step?: (name: string, run: () => Promise<unknown>) => Promise<void>;
    /** A person the staff demo registered before a cut-short seeding, found by e-mail in the read models. */
    accountIdOf?: (email: string) => Promise<string | null>;
    /** The month's shifts the staff demo added before a cut-short seeding, and whether it corrected one. */
    scheduleOf?: (month: string) => Promise<{ shifts: string[]; corrected: boolean }>;
  },
): Promise<DemoDataResult> {
  const context = { correlationId: system.ids.uuid(), actor: 'system', storeId: null };
  const step = options.step ?? (async (_name: string, run: () => Promise<unknown>) => void (await run()));
  // Each step reads what the last one wrote from the read models: it waits for them, however
  // long a worker takes to start (decision 195), never on past a timeout into a refusal.
  const waitForProjections = system.catchUp ?? system.waitForProjections;
  // Catalog saves change nothing when repeated: this step always runs, and gives the position to wait for.
  const created = await loadDemoData(system.services.catalog, system.clock, context);
  const { accountIdOf, scheduleOf } = options;
  const loaded: { staff: { accountId: string; storeIds: string[] }[] | null } = { staff: null };
  await step('staff-area', async () => {
    ({ staff: loaded.staff } = await loadStaffAreaDemo(
      system.services,
      { ...system, waitForProjections, ...(accountIdOf ? { accountIdOf } : {}), ...(scheduleOf ? { scheduleOf } : {}) },
      context,
    ));
  });
  // The staff's past days on the time clock (decision 611); after a resume, the staff found by e-mail.
  const clockedStaff = loaded.staff ?? (accountIdOf ? await demoStaffOf(accountIdOf) : []);
  await step('attendance', () => loadAttendanceDemo(system.services, { clock: system.clock, staff: clockedStaff }, context));
  await waitForProjections(created.position);
  await step('table-order', () => loadTableOrderDemo(system.services, context).catch((err: unknown) => system.logger.warn({ err }, 'demo stock not loaded')));
  // Monitor reservation schedule (decision 110): today's bookings, outside tests.
  const reservationStaff = system.services.reservationStaff;
  if (options.schedule && reservationStaff) await step('schedule', () => loadScheduleDemo({ reservationStaff }, system, context));
  return created;
}
