import { loadConfig } from '@moncafe/infra/config';
import { createLogger } from '@moncafe/infra/logger';
import { personalDataDeclarations } from '@moncafe/infra/privacy/declarations';
import { sealPlaintextEvents } from '@moncafe/infra/privacy/seal-existing';
import { openSystemProcess } from '@moncafe/infra/system-process';
import { answerHelp } from './usage';

/**
 * `npm run privacy:seal-events` (decision 183): seals, in place, the personal fields of events
 * written before they were sealed. A start does this once by itself; this runs it again on demand
 * (it is idempotent). The projections need no rebuild: every reader sees the same plain values.
 */
answerHelp([
  'usage: node apps/worker/build/seal-events.js   (npm run privacy:seal-events:prod)',
  'Seals, in place, the personal fields of events written before they were sealed (decision 183). Idempotent.',
  'Reads DATABASE_URL, SECRETS_KEY.',
]);

async function main() {
  const config = loadConfig();
  if (config.eventStoreUrl) throw new Error('events kept in KurrentDB cannot be rewritten (decision 183)');
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, name: 'moncafe-privacy' });
  const system = await openSystemProcess(config, logger);
  try {
    const { sealed } = await sealPlaintextEvents({ db: system.database.db, sealer: system.sealer, declarations: personalDataDeclarations });
    logger.info({ events: sealed }, 'personal fields of older events sealed');
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
