import { loadConfig } from '@moncafe/infra/config';
import { createLogger } from '@moncafe/infra/logger';
import { rebuildInShadow } from '@moncafe/infra/projection-runner/shadow-rebuild';
import { openSystemProcess, rebuildTargetOf } from '@moncafe/infra/system-process';
import { projectors } from '@moncafe/projections/read-models';

/**
 * `npm run projections:rebuild`: replays all events from position 0 into copies of every read
 * model and swaps them in (decision 141). Safe beside a running worker on a PostgreSQL server: an
 * emptied table with a reset checkpoint was not (a live projector jumped the checkpoint past
 * events the replay had not reached); with the embedded database, stop the web process first.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, name: 'moncafe-rebuild' });
  const system = await openSystemProcess(config, logger);
  try {
    const result = await rebuildInShadow({ ...rebuildTargetOf(system), projectors, logger });
    logger.info({ ...result, readModels: projectors.map((p) => p.name) }, 'rebuild finished');
  } finally {
    await system.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
