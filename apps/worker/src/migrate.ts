import { runCommand } from './command';
import { answerHelp } from './usage';

/**
 * `npm run migrate` (built: `node apps/worker/build/migrate.js`): the database's migrations, once
 * per deploy (decision 555) — the image's and the chart's job, run before or beside the new
 * processes, which in production only check that the migrations are in. A copy of a database from
 * another cluster is refused first, unchanged (decision 553). Any number may run at once: the
 * migrator holds a lock.
 */
answerHelp([
  'usage: node apps/worker/build/migrate.js   (npm run migrate:prod)',
  'Runs the database migrations once per deploy (decision 555); the processes only check they ran.',
  'Reads DATABASE_URL (unset: the embedded database in DATA_DIR).',
]);

runCommand('moncafe-migrate', async ({ logger }) => void logger.info('migrations are in'), { migrate: true });
