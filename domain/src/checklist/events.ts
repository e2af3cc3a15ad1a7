import { z } from 'zod';
import { isoDateSchema } from '../calendar/date-schemas';
import { checklistNameSchema, type ChecklistName } from './kinds';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * A store's opening or closing checklist for one business day (Asia/Tokyo):
 * `checklist-{storeId}~{opening|closing}~{YYYY-MM-DD}`. A new day is a new stream, so it starts
 * unticked while earlier days keep their ticks (docs/decisions/082-checklists.md).
 */
export const CHECKLIST_CATEGORY = 'checklist';

export interface ChecklistDay {
  storeId: string;
  list: ChecklistName;
  /** The business day, YYYY-MM-DD in Tokyo. */
  day: string;
}

export function toStreamName(key: ChecklistDay): string {
  return streamName(CHECKLIST_CATEGORY, key.storeId, key.list, key.day);
}

export function fromStreamName(streamId: string): ChecklistDay | null {
  const parts = streamParts(CHECKLIST_CATEGORY, streamId, 3);
  // Every projector's `handles` asks this of every event: another category costs no failed parse.
  if (!parts) return null;
  const list = checklistNameSchema.safeParse(parts[1]);
  const day = isoDateSchema.safeParse(parts[2]);
  return list.success && day.success ? { storeId: parts[0]!, list: list.data, day: day.data } : null;
}

export const checklistEventSchemas = {
  TaskCompleted: z.object({ taskId: z.string(), completedAt: z.string(), by: z.string() }),
  TaskReopened: z.object({ taskId: z.string(), reopenedAt: z.string(), by: z.string() }),
};

export type ChecklistEvent = EventsOf<typeof checklistEventSchemas>;

export const parseChecklistEvent = eventParser(checklistEventSchemas);
