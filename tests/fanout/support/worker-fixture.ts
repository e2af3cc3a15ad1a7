import { startWorker, runUntilSignalled } from '../../../apps/worker/src/worker';
import { loadConfig } from '@moncafe/infra/config';
import { createLogger } from '@moncafe/infra/logger';
import { fanoutMigrations } from './database';
import { countingProjector, testProjector } from './test-read-model';

// The real worker (apps/worker) with the test read model instead of the product's, run as
// a child process so a test can kill it like an operator or a crash would. The projector's
// periodic store read is off: events must come through NATS, before and after it restarts.
const config = loadConfig();
const logger = createLogger({ level: config.logLevel, name: 'fanout-test-worker' });
await runUntilSignalled(
  logger,
  () => startWorker({ config, logger, projectors: [testProjector(), countingProjector()], migrations: fanoutMigrations, sweepEveryMs: 0 }),
  config.shutdownTimeoutMs,
  config.shutdownDrainMs,
);
