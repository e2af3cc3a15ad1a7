import { loadConfig } from '@moncafe/infra/config';
import { createLogger, startFailureLine } from '@moncafe/infra/logger';
import { startTracing } from '@moncafe/infra/tracing/tracing';
import { runUntilSignalled, startWorker } from './worker';

// `npm run worker`: the relay and every projector, configured from the environment.
try {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, name: 'moncafe-worker' });
  // Traces first (decision 646); nothing is loaded without a collector.
  const tracing = await startTracing(config, 'moncafe-worker');
  const start = async () => {
    const worker = await startWorker({ config, logger });
    return {
      async stop() {
        await worker.stop();
        await tracing?.shutdown();
      },
    };
  };
  await runUntilSignalled(logger, start, config.shutdownTimeoutMs, config.shutdownDrainMs);
} catch (error) {
  // loadConfig's ConfigError: one line naming the variable.
  console.error(startFailureLine(error instanceof Error ? error.message : String(error)));
  process.exit(2);
}
