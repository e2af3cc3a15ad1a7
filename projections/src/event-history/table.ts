/**
 * The event log as the admin's history screen reads it (/admin/history): one row per event, with
 * the envelope's actor, correlation and stream category as indexed columns and the data with its
 * secrets removed, as JSON text (decisions 140, 143). Keyed by event id; paged by position.
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
    /** Kept as `json` text, not `jsonb` (nothing queries inside it; decision 143). */
    data: unknown;
    recorded_at: Date | string;
  };
}
