import { loadConfig } from '@moncafe/infra/config';
import { createLogger, startFailureLine } from '@moncafe/infra/logger';
import { runUntilSignalled, startWorker } from './worker';

// `npm run worker`: the relay and every projector, configured from the environment.
try {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, name: 'moncafe-worker' });
  await runUntilSignalled(logger, () => startWorker({ config, logger }), config.shutdownTimeoutMs, config.shutdownDrainMs);
} catch (error) {
  // loadConfig's ConfigError: one line naming the variable.
  console.error(startFailureLine(error instanceof Error ? error.message : String(error)));
  process.exit(2);
}
