/**
 * The event log as the admin's history screen reads it (/admin/history): one row per event, with
 * the envelope's actor, correlation and stream category as indexed columns; the data stays in the
 * event store (decisions 140, 144). Keyed and paged by position.
 */
export interface EventHistoryTables {
  event_history: {
    event_id: string;
    position: number | string; // bigint comes back from pg as a string
    stream_id: string;
    /** The stream name before its first `-` (`reservation`, `catalog`, `account` …). */
    category: string;
    revision: number;
    type: string;
    actor: string;
    correlation_id: string;
    causation_id: string | null;
    store_id: string | null;
    recorded_at: Date | string;
  };
}
