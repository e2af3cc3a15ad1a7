import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { DEMO_STORE_ID } from '@moncafe/demo/demo-data';
import { loadDemo, type DemoSystem } from '@moncafe/demo/load-demo';
import type { EventStore } from '@moncafe/domain/ports';
import { keepAdminCredentials, type AdminCredentials } from './auth/admin-credentials';
import { ensureFirstAdmin } from './auth/first-admin';
import type { Config } from './config';
import { seedMarker } from './seed-state';

/** What seeding made that the owner must be told: the generated admin credentials and where they are kept. */
export interface SeedResult {
  generatedAdmin: (AdminCredentials & { file: string }) | null;
}

/**
 * An empty system (no event at all), or one whose seeding was cut short, gets its first admin
 * and, when configured, the demo store. Both go through ordinary commands, so they are events like
 * everything else. The web server calls this once after wiring (apps/web/server.ts); it is not
 * part of the wiring, so a worker or a rebuild never seeds. Generated admin credentials go to a
 * file in DATA_DIR (0600) before the account exists; the server prints them last (decision 108).
 */
export async function seedEmptySystem(
  system: DemoSystem & {
    config: Pick<Config, 'adminEmail' | 'adminPassword' | 'demoData' | 'dataDir'> & Partial<Pick<Config, 'env'>>;
    eventStore: EventStore;
    logger: Logger;
    /** The demo's people by e-mail as the read models list them (a resumed staff demo finds whom it registered). */
    queries?: {
      accounts: { list(): Promise<{ accountId: string; email: string }[]> };
      shifts?: {
        scheduled(storeId: string, month: string): Promise<{ user_id: string; shift_date: string }[]>;
        history(storeId: string, month: string): Promise<unknown[]>;
      };
    };
    /** The system's database, for the marker that lets a seeding killed half-way complete on the next start. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db?: Kysely<any>;
  },
): Promise<SeedResult> {
  const marker = system.db ? seedMarker(system.db, system.clock) : null;
  const state = await marker?.read();
  if (state === 'complete') return { generatedAdmin: null };
  // Events and no seeding begun: a system from before the marker, or one given its data otherwise.
  if (state !== 'started' && (await system.eventStore.headPosition()) > 0) {
    await marker?.complete();
    return { generatedAdmin: null };
  }
  if (state === 'started') {
    system.logger.warn('seeding did not complete last time: completing it');
    // What the cut-short seeding wrote is read back from the read models: they catch up first.
    await (system.catchUp ?? system.waitForProjections)(await system.eventStore.headPosition());
  }
  await marker?.start();
  const { config, logger } = system;
  let generatedAdmin: SeedResult['generatedAdmin'] = null;
  await ensureFirstAdmin(system, { email: config.adminEmail, password: config.adminPassword }, async (credentials) => {
    generatedAdmin = { ...credentials, file: await keepAdminCredentials(config.dataDir, credentials, system.clock.now()) };
  });
  if (config.demoData) {
    const accounts = system.queries?.accounts;
    const shifts = system.queries?.shifts;
    // The demo cafe lives in its own package (demo/); a step that completed before a kill is not
    // run again (decision 262); today's bookings only outside tests.
    const created = await loadDemo(system, {
      schedule: config.env !== 'test',
      step: async (name, run) => {
        if (await marker?.stepDone(name)) return;
        await run();
        await marker?.completeStep(name);
      },
      ...(accounts ? { accountIdOf: async (email: string) => (await accounts.list()).find((a) => a.email === email)?.accountId ?? null } : {}),
      ...(shifts
        ? {
            scheduleOf: async (month: string) => ({
              shifts: (await shifts.scheduled(DEMO_STORE_ID, month)).map((s) => `${s.user_id} ${s.shift_date}`),
              corrected: (await shifts.history(DEMO_STORE_ID, month)).length > 0,
            }),
          }
        : {}),
    });
    logger.info({ records: created.created.length, position: created.position }, 'demo data loaded');
  }
  await marker?.complete();
  return { generatedAdmin };
}
