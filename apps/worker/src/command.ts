import { loadConfig, type Config } from '@moncafe/infra/config';
import { createLogger, startFailureLine } from '@moncafe/infra/logger';
import { openSystemProcess, type SystemProcess } from '@moncafe/infra/system-process';

/**
 * A one-off command (`npm run projections:rebuild`, `admin:reset-password`, `secrets:reseal`):
 * configuration from the environment, the system opened (database migrated, event store), `work`
 * run, the system closed, and the process ended — exit 0, or 1 with one line (the error's message,
 * or what `describe` makes of it; a start-up error already names its variable).
 */
export function runCommand(
  name: string,
  work: (deps: { config: Config; logger: ReturnType<typeof createLogger>; system: SystemProcess }) => Promise<void>,
  options: {
    level?: 'warn';
    describe?: (error: unknown) => string | null;
    /** Migrate whatever MIGRATE_ON_START says (`npm run migrate`, decision 555). */
    migrate?: boolean;
  } = {},
): void {
  const run = async () => {
    const loaded = loadConfig();
    const config = options.migrate ? { ...loaded, migrateOnStart: true } : loaded;
    const logger = createLogger({ level: options.level ?? config.logLevel, format: config.logFormat, name });
    const system = await openSystemProcess(config, logger);
    try {
      await work({ config, logger, system });
    } finally {
      await system.close();
    }
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(startFailureLine(options.describe?.(error) ?? (error instanceof Error ? error.message : String(error))));
      process.exit(1);
    },
  );
}
