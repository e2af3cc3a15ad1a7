import { describe, expect, it } from 'vitest';
import { until } from '@moncafe/tests/support/until';
import { watchReadiness, type ProjectorLag } from './health';

/** A logger that keeps what it was told. */
function keptLog() {
  const lines: { level: string; msg: string; fields: object }[] = [];
  const at = (level: string) => (fields: object, msg: string) => void lines.push({ level, msg, fields });
  return { lines, logger: { warn: at('warn'), info: at('info') } };
}

const lagOf = (seconds: number): Map<string, ProjectorLag> => new Map([['reservations', { events: 12, seconds }]]);

describe('readiness kept in memory (decision 551)', () => {
  it('stays ready however far the read models lag, reports the lag, and logs its crossing once each way', async () => {
    let lag = lagOf(0);
    const { lines, logger } = keptLog();
    const watch = await watchReadiness({
      reachDatabase: async () => undefined,
      readLag: async () => lag,
      bus: null,
      migrated: () => true,
      maxLagSeconds: 30,
      logger,
      everyMs: 5,
    });
    try {
      expect(watch.current()).toEqual({
        ready: true,
        checks: { database: { ok: true }, bus: { ok: true }, migrations: { ok: true } },
        lag: { events: 12, seconds: 0 },
      });
      lag = lagOf(95.04);
      await until(() => watch.current().lag.seconds === 95, { what: 'the lag to be seen' });
      expect(watch.current().ready).toBe(true);
      await until(() => lines.length > 0);
      // Several looks later the line is still the one.
      const looks = lines.length;
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(lines).toHaveLength(looks);
      expect(lines).toEqual([{ level: 'warn', msg: 'read models behind the event store; still ready', fields: { lagSeconds: 95, lagEvents: 12 } }]);
      lag = lagOf(0);
      await until(() => lines.length === 2, { what: 'the catch-up line' });
      expect(lines[1]).toMatchObject({ level: 'info', msg: 'read models caught up' });
      expect(watch.lagByProjector().get('reservations')).toEqual({ events: 12, seconds: 0 });
    } finally {
      watch.stop();
    }
  });

  it('answers at once while a look hangs, and calls a database that refuses unreachable at once but a slow one only past its bound', async () => {
    let answer: 'ok' | 'refused' | 'hang' = 'ok';
    let looks = 0;
    // Whether the watch was already not ready when the look after the first refused one began.
    let refusedLooks = 0;
    let readyAfterOneRefusal: boolean | null = null;
    const watch = await watchReadiness({
      reachDatabase: () => {
        looks += 1;
        if (answer === 'refused') {
          refusedLooks += 1;
          if (refusedLooks === 2) readyAfterOneRefusal = watch.current().ready;
          return Promise.reject(new Error('connect ECONNREFUSED'));
        }
        if (answer === 'hang') return new Promise(() => undefined);
        return Promise.resolve();
      },
      readLag: async () => lagOf(0),
      bus: { connected: () => true },
      migrated: () => true,
      maxLagSeconds: 30,
      logger: keptLog().logger,
      everyMs: 5,
      timeoutMs: 20,
      downAfterMs: 400,
    });
    try {
      answer = 'hang';
      const hangingSince = performance.now();
      const seenAt = looks;
      await until(() => looks > seenAt + 1, { what: 'a hanging look to time out' });
      // Answered from memory, while the look waits (a plain value, not a promise on the hanging
      // look), and still ready within the bound.
      const now = watch.current();
      expect(now).not.toBeInstanceOf(Promise);
      if (performance.now() - hangingSince < 400) expect(now.checks.database).toEqual({ ok: true });
      await until(() => !watch.current().ready, { what: 'a database slow past its bound to count as unreachable' });
      expect(performance.now() - hangingSince).toBeGreaterThanOrEqual(400);
      expect(watch.current().checks.database).toEqual({ ok: false, detail: 'unreachable' });

      answer = 'ok';
      await until(() => watch.current().ready, { what: 'ready again' });
      answer = 'refused';
      // Counted at its first refused look, not after the slow bound's 400 ms: seen from inside the
      // next look, so a loaded machine cannot make it pass or fail.
      await until(() => refusedLooks >= 2, { what: 'a second look at a refusing database' });
      expect(readyAfterOneRefusal).toBe(false);
      expect(watch.current().ready).toBe(false);
    } finally {
      watch.stop();
    }
  });

  it('is not ready while a check of `more` fails or the bus is away', async () => {
    let loops = { ok: true } as { ok: boolean; detail?: string };
    let connected = true;
    const watch = await watchReadiness({
      reachDatabase: async () => undefined,
      readLag: async () => lagOf(0),
      bus: { connected: () => connected },
      migrated: () => true,
      maxLagSeconds: 30,
      logger: keptLog().logger,
      more: () => ({ loops }),
    });
    try {
      expect(watch.current().ready).toBe(true);
      loops = { ok: false, detail: 'notifications down 70 s' };
      expect(watch.current()).toMatchObject({ ready: false, checks: { loops } });
      loops = { ok: true };
      connected = false;
      expect(watch.current()).toMatchObject({ ready: false, checks: { bus: { ok: false, detail: 'disconnected' } } });
    } finally {
      watch.stop();
    }
  });
});
