import type { Logger } from 'pino';
import type { Application } from '@moncafe/domain/application';
import type { Clock, EventStore, IdGenerator } from '@moncafe/domain/ports';
import { keepAdminCredentials, type AdminCredentials } from './auth/admin-credentials';
import { ensureFirstAdmin } from './auth/first-admin';
import type { Config } from './config';
import { loadDemoData } from './demo/demo-data';
import { loadStaffAreaDemo, type StaffAreaServices } from './demo/staff-area';
import { loadTableOrderDemo } from './demo/table-order';
import { loadScheduleDemo } from './demo/schedule';

/** What seeding made that the owner must be told: the generated admin credentials and where they are kept. */
export interface SeedResult {
  generatedAdmin: (AdminCredentials & { file: string }) | null;
}

/**
 * An empty system (no event at all) gets its first admin and, when configured, the demo
 * store. Both go through ordinary commands, so they are events like everything else. The web
 * server calls this once after wiring (apps/web/server.ts); it is not part of the wiring, so a
 * worker or a rebuild never seeds. Generated admin credentials go to a file in DATA_DIR (0600)
 * before the account exists; the server prints them last (decision 108).
 */
export async function seedEmptySystem(system: {
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'demoData' | 'dataDir'> & Partial<Pick<Config, 'env'>>;
  services: Pick<Application, 'catalog' | 'stock' | 'seatCodes'> & StaffAreaServices & Partial<Pick<Application, 'reservationStaff'>>;
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
  /** The demo's stock names menu items the stock editor checks in the read models. */
  waitForProjections(position: number | null): Promise<void>;
  /** Waits however long the read models take (a worker that starts after this process): seeding uses it when given. */
  catchUp?(position: number | null): Promise<void>;
}): Promise<SeedResult> {
  if ((await system.eventStore.headPosition()) > 0) return { generatedAdmin: null };
  const { config, logger } = system;
  let generatedAdmin: SeedResult['generatedAdmin'] = null;
  await ensureFirstAdmin(system, { email: config.adminEmail, password: config.adminPassword }, async (credentials) => {
    generatedAdmin = { ...credentials, file: await keepAdminCredentials(config.dataDir, credentials, system.clock.now()) };
  });
  if (config.demoData) {
    const context = { correlationId: system.ids.uuid(), actor: 'system', storeId: null };
    // Each step reads what the last one wrote from the read models: it waits for them, however
    // long a worker takes to start (decision 195), never on past a timeout into a refusal.
    const waitForProjections = system.catchUp ?? system.waitForProjections;
    const created = await loadDemoData(system.services.catalog, system.clock, context);
    await loadStaffAreaDemo(system.services, { ...system, waitForProjections }, context);
    await waitForProjections(created.position);
    await loadTableOrderDemo(system.services, context).catch((err: unknown) => logger.warn({ err }, 'demo stock not loaded'));
    // Monitor reservation schedule (decision 110): today's bookings, outside tests.
    if (config.env !== 'test' && system.services.reservationStaff)
      await loadScheduleDemo({ reservationStaff: system.services.reservationStaff }, system, context);
    logger.info({ records: created.created.length, position: created.position }, 'demo data loaded');
  }
  return { generatedAdmin };
}
