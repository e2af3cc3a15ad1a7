/**
 * The PostgreSQL event store (a server through `pg`, or embedded PGlite), one file per part in
 * `postgres/` as Emmett lays out its store: the schema (`migrations`, `tables`), one file per
 * operation (`append-to-stream` with its `append-statements`, `read-stream`, `read-all`,
 * `subscribe-to-all`), the LISTEN/NOTIFY pair (`listener`, `announcer`), the store that joins
 * them (`store`) and the restored-cluster check. This index is what the rest of the system imports.
 */
export { appendStatement } from './postgres/append-statements';
export { eventStoreMigrations } from './postgres/migrations';
export { heldBackStatement, readAllStatement } from './postgres/read-all';
export { restoredClusterProblem } from './postgres/restored-cluster';
export { restoreEvents } from './postgres/restore';
export { createPostgresEventStore, eventsTableOf, type PostgresEventStoreOptions } from './postgres/store';
export { EVENTS_CHANNEL, LISTENER_APPLICATION_NAME, POSITIONS_PER_TRANSACTION, type Statement } from './postgres/tables';
