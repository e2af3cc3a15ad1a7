import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../testing/decider-specification';
import { checklistDayDecider } from './decider';
import { fromStreamName, toStreamName } from './events';

const spec = deciderSpecification(checklistDayDecider);
const at = '2026-08-03T00:30:00.000Z';
const completed = { type: 'TaskCompleted', data: { taskId: 't1', completedAt: at, by: 'u1' } } as const;

describe('a day of a checklist', () => {
  it('ticks a task with who and when, once', () => {
    spec.given([]).when({ type: 'CompleteTask', taskId: 't1', now: at, by: 'u1' }).then([completed]);
    spec.given([completed]).when({ type: 'CompleteTask', taskId: 't1', now: at, by: 'u2' }).thenNothingHappens();
  });
  it('unticks a ticked task only', () => {
    spec
      .given([completed])
      .when({ type: 'ReopenTask', taskId: 't1', now: at, by: 'u2' })
      .then([{ type: 'TaskReopened', data: { taskId: 't1', reopenedAt: at, by: 'u2' } }]);
    spec.given([]).when({ type: 'ReopenTask', taskId: 't1', now: at, by: 'u2' }).thenNothingHappens();
  });
  it('names one stream per store, list and business day', () => {
    const name = toStreamName({ storeId: '2', list: 'closing', day: '2026-08-03' });
    expect(name).toBe('checklist-2~closing~2026-08-03');
    expect(fromStreamName(name)).toEqual({ storeId: '2', list: 'closing', day: '2026-08-03' });
    expect(fromStreamName('checklist-2~lunch~2026-08-03')).toBeNull();
  });
});
