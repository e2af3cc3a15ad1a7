import { ensureFirstAdmin } from './auth/first-admin';
import { loadDemoData } from './demo/demo-data';
import type { Runtime } from './runtime';

/**
 * An empty system (no event at all) gets its first admin and, when configured, the demo
 * store. Both go through ordinary commands, so they are events like everything else.
 */
export async function seedEmptySystem(runtime: Runtime): Promise<void> {
  if ((await runtime.eventStore.headPosition()) > 0) return;
  const { config, logger } = runtime;
  await ensureFirstAdmin(runtime, { email: config.adminEmail, password: config.adminPassword });
  if (config.demoData) {
    const context = { correlationId: runtime.ids.uuid(), actor: 'system', storeId: null };
    const created = await loadDemoData({ eventStore: runtime.eventStore, ids: runtime.ids, clock: runtime.clock }, context);
    logger.info({ records: created.created.length, position: created.position }, 'demo data loaded');
  }
}
