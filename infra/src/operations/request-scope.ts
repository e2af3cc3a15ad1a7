import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work is done for, carried through its awaits (AsyncLocalStorage), so
 * every log line written while serving it carries its id without each caller passing it
 * (decision 177): the logger's mixin reads it.
 */
const scope = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `work` (and everything it awaits or schedules) as part of request `reqId`. */
export function inRequest<T>(reqId: string, work: () => T): T {
  return scope.run({ reqId }, work);
}

/** `{ reqId }` inside a request, `{}` outside: pino's `mixin`. */
export function requestIdMixin(): { reqId?: string } {
  const current = scope.getStore();
  return current ? { reqId: current.reqId } : {};
}
