import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { loadConfig } from '@moncafe/infra/config';
import { createDatabaseAdmin, DatabaseAdminError, linesOf } from '@moncafe/infra/database-admin/database-admin';
import { createLogger } from '@moncafe/infra/logger';
import { openSystemProcess, rebuildTargetOf } from '@moncafe/infra/system-process';
import { projectors } from '@moncafe/projections/read-models';
import { answerHelp } from './usage';

/**
 * `npm run events:export -- FILE` and `npm run events:import -- FILE` (decision 142): the event log
 * as NDJSON, through the same service as /admin/database. Import only into an empty store — a new
 * data folder or database, before the first `npm start` (which would create the first admin).
 * With the embedded database, stop the web process first.
 */
answerHelp([
  'usage: node apps/worker/build/events-file.js export|import FILE   (npm run events:export:prod -- FILE)',
  'Writes the event log to FILE as NDJSON, or imports one into an empty store and rebuilds the read models (decision 142).',
  'Reads DATABASE_URL, EVENTSTORE_URL.',
]);

async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'export' && command !== 'import') || !file) throw new Error('usage: events-file.ts export|import FILE');
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, name: 'moncafe-events' });
  const system = await openSystemProcess(config, logger);
  try {
    const admin = createDatabaseAdmin({ ...rebuildTargetOf(system), projectors, logger });
    if (command === 'export') {
      const out = createWriteStream(file);
      let count = 0;
      for await (const line of admin.exportLines('events:export')) {
        count++;
        if (!out.write(line)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'finish');
      logger.info({ events: count, file }, 'event log exported');
    } else {
      const { imported } = await admin.importLines(linesOf(createReadStream(file)));
      logger.info({ events: imported, file }, 'event log imported and read models rebuilt');
    }
  } finally {
    await system.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof DatabaseAdminError ? `refused: ${error.message}` : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
