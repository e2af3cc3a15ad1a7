import { assertNever, type Decider } from '../decider';
import { parseChecklistEvent, type ChecklistEvent } from './events';

/** Which tasks of one day's list are done. */
export interface ChecklistDayState {
  done: ReadonlySet<string>;
}

export type ChecklistCommand =
  { type: 'CompleteTask'; taskId: string; now: string; by: string } | { type: 'ReopenTask'; taskId: string; now: string; by: string };

/** A tick per click: ticking a ticked task (two tablets at once) records nothing, nor does unticking an unticked one. */
function decide(command: ChecklistCommand, state: ChecklistDayState): ChecklistEvent[] {
  switch (command.type) {
    case 'CompleteTask':
      return state.done.has(command.taskId) ? [] : [{ type: 'TaskCompleted', data: { taskId: command.taskId, completedAt: command.now, by: command.by } }];
    case 'ReopenTask':
      return state.done.has(command.taskId) ? [{ type: 'TaskReopened', data: { taskId: command.taskId, reopenedAt: command.now, by: command.by } }] : [];
    default:
      return assertNever(command);
  }
}

function evolve(state: ChecklistDayState, event: ChecklistEvent): ChecklistDayState {
  const done = new Set(state.done);
  switch (event.type) {
    case 'TaskCompleted':
      done.add(event.data.taskId);
      return { done };
    case 'TaskReopened':
      done.delete(event.data.taskId);
      return { done };
    default:
      return assertNever(event);
  }
}

export const checklistDayDecider: Decider<ChecklistDayState, ChecklistCommand, ChecklistEvent> = {
  initialState: () => ({ done: new Set() }),
  evolve,
  decide,
  parseEvent: parseChecklistEvent,
};
