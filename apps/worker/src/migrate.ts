import { runCommand } from './command';

/**
 * `npm run migrate` (built: `node apps/worker/build/migrate.js`): the database's migrations, once
 * per deploy (decision 555) — the image's and the chart's job, run before or beside the new
 * processes, which in production only check that the migrations are in. A copy of a database from
 * another cluster is refused first, unchanged (decision 553). Any number may run at once: the
 * migrator holds a lock.
 */
runCommand('moncafe-migrate', async ({ logger }) => void logger.info('migrations are in'), { migrate: true });
