import type { Application } from '@moncafe/domain/application';
import type { Clock, IdGenerator, Logger } from '@moncafe/domain/ports';
import { loadDemoData, type DemoDataResult } from './demo-data';
import { loadScheduleDemo } from './schedule';
import { loadStaffAreaDemo, type StaffAreaServices } from './staff-area';
import { loadTableOrderDemo } from './table-order';

/** What loading the demo cafe needs of a wired system: its services, and a wait for its read models. */
export interface DemoSystem {
  services: Pick<Application, 'catalog' | 'stock' | 'seatCodes'> & StaffAreaServices & Partial<Pick<Application, 'reservationStaff'>>;
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
export async function loadDemo(system: DemoSystem, options: { schedule: boolean }): Promise<DemoDataResult> {
  const context = { correlationId: system.ids.uuid(), actor: 'system', storeId: null };
  // Each step reads what the last one wrote from the read models: it waits for them, however
  // long a worker takes to start (issue 28 finding 7), never on past a timeout into a refusal.
  const waitForProjections = system.catchUp ?? system.waitForProjections;
  const created = await loadDemoData(system.services.catalog, system.clock, context);
  await loadStaffAreaDemo(system.services, { ...system, waitForProjections }, context);
  await waitForProjections(created.position);
  await loadTableOrderDemo(system.services, context).catch((err: unknown) => system.logger.warn({ err }, 'demo stock not loaded'));
  // Monitor reservation schedule (issue 12, part sched): today's bookings, outside tests.
  if (options.schedule && system.services.reservationStaff) await loadScheduleDemo({ reservationStaff: system.services.reservationStaff }, system, context);
  return created;
}
