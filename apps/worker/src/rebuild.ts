import { rebuildInShadow } from '@moncafe/infra/projection-runner/shadow-rebuild';
import { rebuildTargetOf } from '@moncafe/infra/system-process';
import { projectors } from '@moncafe/projections/read-models';
import { runCommand } from './command';
import { answerHelp } from './usage';

/**
 * `npm run projections:rebuild`: replays all events from position 0 into copies of every read
 * model and swaps them in (decision 141). Safe beside a running worker on a PostgreSQL server: an
 * emptied table with a reset checkpoint was not (a live projector jumped the checkpoint past
 * events the replay had not reached); with the embedded database, stop the web process first.
 */
answerHelp([
  'usage: node --max-old-space-size=256 apps/worker/build/rebuild.js   (npm run projections:rebuild:prod)',
  'Rebuilds every read model from the event log beside the live ones, then swaps them in (decision 476).',
  'Reads DATABASE_URL, EVENTSTORE_URL.',
]);

runCommand('moncafe-rebuild', async ({ logger, system }) => {
  const result = await rebuildInShadow({ ...rebuildTargetOf(system), projectors, logger });
  logger.info({ ...result, readModels: projectors.map((p) => p.name) }, 'rebuild finished');
});
