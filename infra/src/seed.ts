import type { Logger } from 'pino';
import type { Application } from '@moncafe/domain/application';
import type { Clock, EventStore, IdGenerator } from '@moncafe/domain/ports';
import { ensureFirstAdmin } from './auth/first-admin';
import type { Config } from './config';
import { loadDemoData } from './demo/demo-data';
import { loadStaffAreaDemo, type StaffAreaServices } from './demo/staff-area';
import { loadTableOrderDemo } from './demo/table-order';

/**
 * An empty system (no event at all) gets its first admin and, when configured, the demo
 * store. Both go through ordinary commands, so they are events like everything else. The web
 * server calls this once after wiring (apps/web/server.ts); it is not part of the wiring, so a
 * worker or a rebuild never seeds.
 */
export async function seedEmptySystem(system: {
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'demoData'>;
  services: Pick<Application, 'catalog' | 'stock'> & StaffAreaServices;
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
  /** The demo's stock names menu items the stock editor checks in the read models. */
  waitForProjections(position: number | null): Promise<void>;
}): Promise<void> {
  if ((await system.eventStore.headPosition()) > 0) return;
  const { config, logger } = system;
  await ensureFirstAdmin(system, { email: config.adminEmail, password: config.adminPassword });
  if (config.demoData) {
    const context = { correlationId: system.ids.uuid(), actor: 'system', storeId: null };
    const created = await loadDemoData(system.services.catalog, system.clock, context);
    await loadStaffAreaDemo(system.services, system, context);
    await system.waitForProjections(created.position);
    await loadTableOrderDemo(system.services, context).catch((err: unknown) => logger.warn({ err }, 'demo stock not loaded'));
    logger.info({ records: created.created.length, position: created.position }, 'demo data loaded');
  }
}
