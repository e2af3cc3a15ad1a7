import type { Logger } from 'pino';
import { loadDemo, type DemoSystem } from '@moncafe/demo/load-demo';
import type { EventStore } from '@moncafe/domain/ports';
import { keepAdminCredentials, type AdminCredentials } from './auth/admin-credentials';
import { ensureFirstAdmin } from './auth/first-admin';
import type { Config } from './config';

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
export async function seedEmptySystem(
  system: DemoSystem & {
    config: Pick<Config, 'adminEmail' | 'adminPassword' | 'demoData' | 'dataDir'> & Partial<Pick<Config, 'env'>>;
    eventStore: EventStore;
    logger: Logger;
  },
): Promise<SeedResult> {
  if ((await system.eventStore.headPosition()) > 0) return { generatedAdmin: null };
  const { config, logger } = system;
  let generatedAdmin: SeedResult['generatedAdmin'] = null;
  await ensureFirstAdmin(system, { email: config.adminEmail, password: config.adminPassword }, async (credentials) => {
    generatedAdmin = { ...credentials, file: await keepAdminCredentials(config.dataDir, credentials, system.clock.now()) };
  });
  if (config.demoData) {
    // The demo cafe lives in its own package (demo/); today's bookings only outside tests.
    const created = await loadDemo(system, { schedule: config.env !== 'test' });
    logger.info({ records: created.created.length, position: created.position }, 'demo data loaded');
  }
  return { generatedAdmin };
}
