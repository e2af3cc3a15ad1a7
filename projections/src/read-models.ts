import { accountMigrations } from './accounts/migration';
import { accountsProjector } from './accounts/projector';
import { checkpointMigrations } from './checkpoints/migration';
import type { Projector, ReadModelMigrations } from './projector';

/**
 * Every read model of the product: its migrations and, unless it is bookkeeping, its projector.
 * The worker runs these projectors; `projections:rebuild` empties their tables and replays.
 * Add a read model here when you add its folder.
 */
export interface ReadModel {
  migrations: ReadModelMigrations;
  projector?: Projector;
}

export const readModels: ReadModel[] = [
  { migrations: checkpointMigrations },
  { migrations: accountMigrations, projector: accountsProjector },
];

export const readModelMigrations: ReadModelMigrations = Object.assign({}, ...readModels.map((m) => m.migrations));

export const projectors: Projector[] = readModels.flatMap((m) => (m.projector ? [m.projector] : []));
