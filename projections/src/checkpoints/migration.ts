import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const checkpointMigrations: ReadModelMigrations = {
  '2026-11-22T00-00-checkpoints': sqlMigration(
    sql`create table if not exists projection_checkpoints (
      name text primary key, position bigint default 0 not null
    )`,
  ),
};
