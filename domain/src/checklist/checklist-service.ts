import { tokyoDateOf } from '../calendar/dates';
import type { ChecklistName } from './kinds';
import { commandHandler, type CommandContext, type HandlerDeps } from '../command-handler';
import { requireStoreStaff, type StoreStaffDirectory } from '../account/store-membership';
import { DomainError } from '../decider';
import type { Clock } from '../ports';
import { checklistDayDecider } from './decider';
import { toStreamName } from './events';

/** What the checklist service asks of the read side: where a task belongs (catalog `checklist-task`). */
export interface ChecklistTasks {
  find(taskId: string): Promise<{ storeId: string; list: ChecklistName } | null>;
}

export type ChecklistErrorCode = 'task_not_found';

/** Ticks and unticks tasks of today's business day (the server's Tokyo date). */
export function checklistService(ports: HandlerDeps & { clock: Clock; checklistTasks: ChecklistTasks; storeStaff: StoreStaffDirectory }) {
  const { handle } = commandHandler(checklistDayDecider, ports);
  return {
    /** Throws `task_not_found` for a task of another list, or none; `not_store_staff` for someone not on the task's store's staff (an admin is). */
    async setDone(input: { list: ChecklistName; taskId: string; completed: boolean; asAdmin: boolean }, context: CommandContext) {
      const task = await ports.checklistTasks.find(input.taskId);
      if (!task || task.list !== input.list) throw new DomainError<ChecklistErrorCode>('task_not_found');
      await requireStoreStaff(ports.storeStaff, task.storeId, { accountId: context.actor, admin: input.asAdmin });
      const now = ports.clock.now();
      const day = tokyoDateOf(now);
      const command = { taskId: input.taskId, now: now.toISOString(), by: context.actor };
      const result = await handle(
        toStreamName({ storeId: task.storeId, list: task.list, day }),
        input.completed ? { type: 'CompleteTask', ...command } : { type: 'ReopenTask', ...command },
        { ...context, storeId: task.storeId },
      );
      return { day, changed: result.events.length > 0, position: result.position };
    },
  };
}
