/** One row per projector: the global position of the last event it applied. */
export interface CheckpointTables {
  projection_checkpoints: {
    name: string;
    position: string | number; // bigint comes back from pg as a string
  };
}
