/**
 * The read-model schema as kysely sees it: one interface per read model folder, merged here.
 * Each folder owns its tables, migration, projector and queries.
 */
import type { AccountTables } from './accounts/table';
import type { CheckpointTables } from './checkpoints/table';

export type Database = CheckpointTables & AccountTables;
